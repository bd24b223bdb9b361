/**
 * /r/<table>-<n>: a finished game replayed in the page with the rules package, drawn by the same
 * table view as a live game. Forward, back, jump to a round or a challenge, play at a speed, and the
 * public view or every hand open (after the end nothing is secret).
 */
import './replay.css';
import { parseGameRecord } from '@blaze/protocol';
import type { CardId } from '@blaze/rules';
import {
  DEFAULT_GAME,
  type GameClient,
  type GameRecord,
  type Mark,
  type Openness,
  ownReplay,
  type ReplayStepView,
} from '../../games/registry.js';
import { h } from '../dom.js';
import { onLangChange, t } from '../i18n/index.js';
import { rt } from '../i18n/replay.js';
import type { ClientTable } from '../store/snapshot.js';
import { topBar } from '../topbar.js';
import { ReplaySource } from './source.js';

const SPEEDS = [0.5, 1, 2, 4] as const;
/** Milliseconds per step at speed 1. */
const BASE_MS = 900;

export interface ReplayDebug {
  readonly step: number;
  readonly total: number;
  readonly openness: Openness;
  readonly playing: boolean;
}

declare global {
  interface Window {
    __blazeReplay?: ReplayDebug;
  }
}

/** `game`: the client of the record's game (from games/registry.ts), which rebuilds and words its steps. */
export function replayPage(root: HTMLElement, gameId: string, game: GameClient): () => void {
  let disposed = false;
  let inner: (() => void) | null = null;
  const message = h('p', { class: 'replay-message', testid: 'replay-message' }, rt('replay.loading'));
  root.replaceChildren(h('div', { class: 'home' }, topBar({}), message));

  void (async () => {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}`).catch(() => null);
    if (disposed) return;
    if (!res?.ok) {
      message.replaceChildren(rt('replay.missing'), ' ', h('a', { href: '/', 'data-link': '' }, t('join.home')));
      return;
    }
    const json: unknown = await res.json().catch(() => null);
    if (disposed) return;
    // A game with its own table page replays there (Battle of Durak); Blaze's records (no `rules`, or
    // 'blaze') are drawn here.
    const rules = (json as { rules?: unknown } | null)?.rules;
    if (typeof rules === 'string' && rules !== DEFAULT_GAME) {
      const open = await ownReplay(rules);
      if (disposed) return;
      if (!open) {
        message.textContent = rt('replay.broken', { reason: rules });
        return;
      }
      const close = await open(root, json);
      if (disposed) close();
      else inner = close;
      return;
    }
    // Parsed, not trusted: a record that is not one says so instead of breaking the page.
    const parsed = parseGameRecord(json);
    if (!parsed.ok) {
      message.textContent = rt('replay.broken', { reason: parsed.message });
      return;
    }
    const record = parsed.record;
    const built = game.replay.buildSteps(record);
    if (disposed) return;
    if (!built.ok) {
      message.textContent = rt('replay.broken', { reason: built.reason });
      return;
    }
    const { tablePage } = await import('../tablePage.js');
    if (disposed) return;
    const source = new ReplaySource();
    const closeTable = tablePage(root, `replay-${gameId}`, game, source);
    const closeViewer = viewer(root, record, built.steps, built.marks, source, game);
    inner = () => {
      closeViewer();
      closeTable();
    };
  })();

  return () => {
    disposed = true;
    inner?.();
  };
}

function viewer(
  root: HTMLElement,
  record: GameRecord,
  steps: ReplayStepView[],
  marks: Mark[],
  source: ReplaySource,
  game: GameClient,
): () => void {
  const last = steps.length - 1;
  let at = 0;
  let openness: Openness = 'public';
  let speed = 1;
  let timer: ReturnType<typeof setInterval> | undefined;

  const btn = (testid: string, onclick: () => void) => h('button', { testid, onclick });
  const first = btn('replay-first', () => go(0));
  const back = btn('replay-back', () => go(at - 1));
  const forward = btn('replay-forward', () => go(at + 1));
  const end = btn('replay-last', () => go(last));
  const playBtn = btn('replay-play', () => (timer ? stop() : play()));
  const stepLabel = h('span', { class: 'replay-step', testid: 'replay-step', role: 'status' });
  const speedSel = h('select', { testid: 'replay-speed' });
  speedSel.addEventListener('change', () => {
    speed = Number(speedSel.value) || 1;
    if (timer) play();
  });
  const jumpSel = h('select', { testid: 'replay-jump' });
  jumpSel.addEventListener('change', () => {
    const step = Number(jumpSel.value);
    if (Number.isInteger(step) && step >= 0) go(step);
  });
  const viewSel = h('select', { testid: 'replay-view' });
  viewSel.addEventListener('change', () => {
    openness = viewSel.value === 'open' ? 'open' : 'public';
    show();
  });
  const link = `${location.origin}/r/${encodeURIComponent(record.id)}`;
  const shareNote = h('span', { testid: 'replay-share-note' });
  const share = btn('replay-share', () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => {
        shareNote.textContent = rt('replay.copied');
      })
      .catch(() => {});
  });
  const shareLink = h('a', { href: link, testid: 'replay-link', 'data-link': '' }, link);
  const speedLabel = h('span');
  const jumpLabel = h('span');
  const viewLabel = h('span');
  const title = h('h2', { class: 'replay-title', testid: 'replay-title' });
  const bar = h(
    'div',
    { class: 'replay-bar', testid: 'replay-bar' },
    first,
    back,
    stepLabel,
    forward,
    end,
    playBtn,
    h('label', {}, speedLabel, speedSel),
    h('label', {}, jumpLabel, jumpSel),
    h('label', {}, viewLabel, viewSel),
    share,
    shareNote,
    shareLink,
  );
  const hands = h('dl', { class: 'replay-hands', testid: 'replay-hands' });
  const holder = h('div', { class: 'replay aside' }, title, bar, hands);
  const table = root.querySelector('.play');
  table?.append(holder);
  // On a phone held sideways the controls take a column beside the table instead of rows under it (style.css).
  table?.classList.add('with-aside');

  function label(): void {
    title.textContent = rt('replay.title', { game: record.game, table: record.table });
    first.textContent = `|◀ ${rt('replay.first')}`;
    back.textContent = `◀ ${rt('replay.back')}`;
    forward.textContent = `${rt('replay.forward')} ▶`;
    end.textContent = `${rt('replay.last')} ▶|`;
    playBtn.textContent = timer ? `❚❚ ${rt('replay.pause')}` : `▶ ${rt('replay.play')}`;
    speedLabel.textContent = rt('replay.speed');
    speedSel.replaceChildren(...SPEEDS.map((s) => h('option', { value: String(s), selected: s === speed }, `${s}×`)));
    jumpLabel.textContent = rt('replay.jump');
    jumpSel.replaceChildren(
      h('option', { value: '-1' }, '…'),
      ...marks.map((m) =>
        h(
          'option',
          { value: String(m.step) },
          m.kind === 'round'
            ? rt('replay.round', { round: m.round })
            : rt('replay.challenge', { round: m.round, n: m.n }),
        ),
      ),
    );
    viewLabel.textContent = rt('replay.view');
    viewSel.replaceChildren(
      h('option', { value: 'public', selected: openness === 'public' }, rt('replay.public')),
      h('option', { value: 'open', selected: openness === 'open' }, rt('replay.open')),
    );
    share.textContent = rt('replay.share');
    show();
  }

  function go(step: number): void {
    at = Math.max(0, Math.min(last, step));
    if (at === last) stop();
    show();
  }

  function play(): void {
    clearInterval(timer);
    if (at === last) at = 0;
    timer = setInterval(() => go(at + 1), BASE_MS / speed);
    label();
  }

  function stop(): void {
    if (!timer) return;
    clearInterval(timer);
    timer = undefined;
    playBtn.textContent = `▶ ${rt('replay.play')}`;
  }

  function show(): void {
    const step = steps[at] as ReplayStepView;
    stepLabel.textContent = rt('replay.step', { n: at, total: last });
    first.disabled = back.disabled = at === 0;
    forward.disabled = end.disabled = at === last;
    holder.dataset.step = String(at);
    // Jump-to names the round and challenge shown now, not the last one jumped to (it went stale).
    jumpSel.value = String(markAt(marks, at));
    holder.dataset.openness = openness;
    const table = game.replay.shown(step, openness);
    source.show(table, { banner: bannerWords(game, table, at, last, steps[at - 1]), badge: rt('replay.badge') });
    hands.hidden = openness !== 'open';
    hands.replaceChildren(
      ...(openness === 'open'
        ? step.state.hands.flatMap((cards, seat) => [
            h('dt', {}, record.names[seat] ?? `#${seat + 1}`),
            h(
              'dd',
              { testid: `replay-hand-${seat}`, 'data-cards': cards.join(' ') },
              ...cards.flatMap((c, k) => [k > 0 ? ', ' : '', cardChip(c, game)]),
            ),
          ])
        : []),
    );
  }

  window.__blazeReplay = {
    get step() {
      return at;
    },
    get total() {
      return last;
    },
    get openness() {
      return openness;
    },
    get playing() {
      return timer !== undefined;
    },
  };

  label();
  const offLang = onLangChange(label);
  return () => {
    stop();
    offLang();
    delete window.__blazeReplay;
    holder.remove();
  };
}

/**
 * The banner of a replay step: the move that led to it, in the log's own words (its first line: the
 * action itself, before what followed from it), and the step number; the deal at step 0.
 */
function bannerWords(
  game: GameClient,
  table: ClientTable,
  at: number,
  last: number,
  before: ReplayStepView | undefined,
): string {
  if (at === 0 || !before) return rt('replay.bannerDeal');
  const seen = before.table.log.reduce((m, l) => Math.max(m, l.seq), 0);
  const line = table.log.find((l) => l.seq > seen);
  const move = line ? game.logWords(line, table) : '';
  return at === last ? rt('replay.bannerEnd', { move }) : rt('replay.bannerMove', { n: at, total: last, move });
}

/** The step of the last mark at or before `at` (-1, the "…" option, before the first). */
export function markAt(marks: readonly { step: number }[], at: number): number {
  let found = -1;
  for (const m of marks) if (m.step <= at) found = Math.max(found, m.step);
  return found;
}

function cardChip(c: CardId, game: GameClient): HTMLElement {
  return h('span', { class: `suit-${c[0]}` }, game.cardWords(c));
}
