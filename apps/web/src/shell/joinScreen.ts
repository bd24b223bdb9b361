/**
 * The join screen over the table page: the table's card (who hosts, who sits), a name, and "Join
 * table" or "Watch". It is shown whenever the page holds no open connection, and says why (connecting,
 * the table is gone, the join failed). A table that does not exist gets only that, and a way home.
 */
import type { TableCard } from '@blaze/protocol';
import { h } from './dom.js';
import { t } from './i18n/index.js';
import { fetchTableCard, type NoTable, renderTableCard, sitOffered } from './joinCard.js';
import { type ConnState, RESTARTING, TABLE_GONE } from './net/connection.js';
import { isTableId } from './net/endpoint.js';
import type { JoinFailure } from './net/joinError.js';
import { keys, load, save } from './net/storage.js';

export interface JoinScreenOptions {
  tableId: string;
  /** The table's card is asked of the server; a table fed by the page itself has none. */
  fetchCard: boolean;
  /** A name was given and a button pressed: sit (false) or watch (true). */
  go: (name: string, watch: boolean) => void;
}

/** Why the connection last ended or failed: a join's failure, or the server restarting. */
export type JoinReason = JoinFailure | typeof RESTARTING;

export class JoinScreen {
  readonly el = h('section', { testid: 'join', class: 'overlay join' });
  private readonly cardEl = h('div', { class: 'join-card', testid: 'join-card', hidden: true });
  private card: TableCard | null = null;
  private cardAsked = 0;
  private buttons: { sit: HTMLElement; watch: HTMLElement } | null = null;
  private why: JoinReason | undefined;
  /** Why there is no table, once known: the words differ (a mistyped link never had one). */
  private noTable: NoTable | null = null;
  private state: ConnState = 'idle';
  /** While the screen shows, its card is asked for again: a friend reading it sees the game start. */
  private poll: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly opts: JoinScreenOptions) {
    // An id the server could never have made (/t/hello) names no table: no need to ask.
    if (opts.fetchCard && !isTableId(opts.tableId)) {
      this.why = TABLE_GONE;
      this.noTable = 'unknown';
    }
  }

  get reason(): JoinReason | undefined {
    return this.why;
  }

  /** Draws the screen for this connection state; `reason` replaces the last one when given. */
  show(state: ConnState, reason?: JoinReason): void {
    this.state = state;
    if (reason !== undefined) this.why = reason;
    this.el.hidden = state === 'open' || state === 'reconnecting';
    if (this.el.hidden) {
      this.stop();
      return;
    }
    if (this.gone()) {
      this.showGone();
      return;
    }
    this.refreshCard();
    if (this.opts.fetchCard) this.poll ??= setInterval(() => this.refreshCard(), 3_000);
    renderTableCard(this.cardEl, this.card, this.returning());
    const name = h('input', {
      testid: 'name-input',
      maxLength: 24,
      value: load(keys.name) ?? '',
      placeholder: t('home.namePlaceholder'),
    });
    const msg = h('p', { class: 'msg', testid: 'join-message' }, this.message());
    const go = (watch: boolean) => {
      const n = name.value.replace(/\s+/g, ' ').trim();
      if (!n) {
        msg.textContent = t('home.needName');
        return;
      }
      save(keys.name, n);
      this.opts.go(n, watch);
    };
    const sit = h('button', { testid: 'join-sit', class: 'primary', onclick: () => go(false) }, t('join.sit'));
    const watch = h('button', { testid: 'watch', onclick: () => go(true) }, t('join.watch'));
    this.buttons = { sit, watch };
    this.offerSeat();
    name.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') go(!sitOffered(this.card, this.returning()));
    });
    this.el.replaceChildren(
      h('h2', {}, t('join.title', { id: this.opts.tableId })),
      this.cardEl,
      h('label', {}, t('home.name'), name),
      h('div', { class: 'row' }, sit, watch),
      msg,
      h('a', { href: '/', 'data-link': '', testid: 'join-home' }, t('join.home')),
    );
  }

  /** This browser held a seat here (its token, and it was not watching): joining gives it back. */
  private returning(): boolean {
    return load(keys.seat(this.opts.tableId)) !== null && load(keys.watching(this.opts.tableId)) === null;
  }

  /** No more asking (the screen hid, or the page is left). */
  stop(): void {
    clearInterval(this.poll);
    this.poll = undefined;
  }

  /** The table is gone (or never was) and nobody is joining it: nothing to join, watch or ask again. */
  private gone(): boolean {
    return this.why === TABLE_GONE && this.state !== 'connecting';
  }

  private showGone(): void {
    this.stop();
    this.buttons = null;
    // A join refused for no such room, before any card said so: a table whose card was shown, or
    // that this browser sat at, closed; otherwise the look-up tells (asked once, then the words change).
    if (this.noTable === null && (this.card !== null || this.returning())) this.noTable = 'closed';
    if (this.noTable === null && this.opts.fetchCard && this.cardAsked === 0) this.refreshCard();
    this.el.replaceChildren(
      h('h2', {}, t('join.title', { id: this.opts.tableId })),
      h('p', { class: 'msg', testid: 'join-message', role: 'status' }, t(goneKey(this.noTable))),
      h('a', { href: '/', 'data-link': '', testid: 'join-home' }, t('join.home')),
    );
  }

  private message(): string {
    if (this.state === 'connecting') return t('join.connecting');
    if (this.state !== 'closed' || !this.why || this.why === RESTARTING) return '';
    return t(`join.${this.why}`);
  }

  /** Who hosts and who sits, asked for whenever the screen shows (at most every 2 s). */
  private refreshCard(): void {
    if (!this.opts.fetchCard || Date.now() - this.cardAsked < 2_000) return;
    this.cardAsked = Date.now();
    void fetchTableCard(this.opts.tableId).then((c) => {
      if (c === 'closed' || c === 'unknown') {
        this.noTable = c;
        // While a join is on its way, its own answer says whether the table is there.
        if (this.state === 'connecting' || this.el.hidden) return;
        this.why = TABLE_GONE;
        this.showGone();
        return;
      }
      this.card = c;
      renderTableCard(this.cardEl, c, this.returning());
      this.offerSeat();
    });
  }

  /** Every seat taken, or a start under way: "Join table" would only watch, so watching is offered. */
  private offerSeat(): void {
    if (!this.buttons) return;
    const sit = sitOffered(this.card, this.returning());
    this.buttons.sit.hidden = !sit;
    this.buttons.watch.classList.toggle('primary', !sit);
  }
}

/** The words for no table: it closed (also when not known: the words it always had), or never was. */
export function goneKey(why: NoTable | null): 'join.gone' | 'join.unknown' {
  return why === 'unknown' ? 'join.unknown' : 'join.gone';
}
