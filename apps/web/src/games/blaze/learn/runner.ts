/**
 * The guided game as a table source: it replays the script's other seats, stops at each moment, and
 * takes from the learner only the move the step asks for. A wrong move is explained: by the rule it
 * breaks, or by what this step is about. The step survives a reload.
 */
import { type Action, applyAction, type GameEvent, type GameState } from '@blaze/rules';
import { paced } from '../../../kit/testPace.js';
import type { ConnectionEvents, Send, Store, TableSource } from '../../../shell/host.js';
import { load, remove, save } from '../../../shell/host.js';
import { sortHand } from '../logic/cards.js';
import { actionOf, type Intent, LocalTable } from '../practice/localTable.js';
import { untrueClaims } from './claims.js';
import { buildScript, LEARN_DECK, LEARN_NAMES, LEARN_SEED, LEARNER, type Moment, sameAction } from './script.js';

export const STEP_KEY = 'blaze.learn.step';
const INTENTS = new Set(['play', 'reject', 'pass', 'stand', 'bet']);

export type CoachState =
  | {
      kind: 'moment';
      index: number;
      total: number;
      moment: Moment;
      busy: boolean;
      /** The claims of the step's words its table does not bear out (claims.ts): none, or a bug. */
      untrue: string[];
    }
  | { kind: 'done'; total: number };

export type Objection = { kind: 'rule'; message: string } | { kind: 'notNow'; moment: Moment };

export interface CoachEvents {
  show(s: CoachState): void;
  objected(o: Objection): void;
}

export class TutorialSource implements TableSource {
  readonly script = buildScript();
  private table: LocalTable;
  private first: GameState;
  /** What the move just before the current step did. */
  private events: GameEvent[] = [];
  private applied = 0;
  private index: number;
  private store: Store | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private unsubscribe: (() => void) | null = null;
  private pointed = '';

  constructor(
    private name: string,
    private readonly coach: CoachEvents,
    /** Pause between the other seats' moves, so the learner sees them happen. */
    private readonly pauseMs = paced(450),
  ) {
    this.table = this.fresh(name);
    this.first = this.table.game;
    const saved = Number(load(STEP_KEY));
    this.index = Number.isInteger(saved) && saved > 0 && saved <= this.script.moments.length ? saved : 0;
  }

  private fresh(name: string): LocalTable {
    return new LocalTable({
      players: 3,
      seed: LEARN_SEED,
      deck: LEARN_DECK,
      startSeat: LEARNER,
      names: LEARN_NAMES.map((n, k) => (k === LEARNER ? name : n)),
      human: LEARNER,
      settings: {
        firstPlayer: LEARNER,
        windowMs: 3000,
        clock: 'relaxed',
        botDelayMs: this.pauseMs,
        reconnectSeconds: 60,
        private: true,
      },
    });
  }

  start(store: Store, events: ConnectionEvents): void {
    this.store = store;
    this.unsubscribe = store.subscribe(() => this.point());
    events.onConnState('open');
    // Back at the saved step: everything before it is replayed at once.
    const m = this.script.moments[this.index];
    this.catchUp(m ? m.at : this.script.actions.length);
    this.publish();
    this.run();
  }

  get step(): number {
    return this.index;
  }

  /** Start over from the first step. */
  restart(): void {
    clearTimeout(this.timer);
    remove(STEP_KEY);
    this.table = this.fresh(this.name);
    this.first = this.table.game;
    this.events = [];
    this.applied = 0;
    this.index = 0;
    this.publish();
    this.run();
  }

  /** The learner's new name (the default one follows the page's language), shown at once. */
  rename(name: string): void {
    this.name = name;
    this.table.rename(LEARNER, name);
    this.publish();
  }

  /** "Continue" on a moment that only explains. */
  next(): void {
    const m = this.script.moments[this.index];
    if (m?.kind !== 'watch' || this.applied < m.at) return;
    this.advance();
  }

  send: Send = (type, payload) => {
    if (type === 'rematch') return this.restart();
    if (!INTENTS.has(type)) return;
    const action = actionOf({ type, payload } as Intent, LEARNER);
    const m = this.script.moments[this.index];
    const expected = m?.kind === 'do' && this.applied === m.at ? m.action : null;
    if (expected && sameAction(action, expected)) {
      // The script's own move, not the learner's: the same cards chosen in another order (a card
      // clicked again after a click that did not take) lie in that order on the table, and the
      // script's later moves, made for its order, were refused (seen as a stall at step 30).
      this.apply(expected);
      this.advance();
      return;
    }
    const r = applyAction(this.table.game, action);
    const objection: Objection = !r.ok
      ? { kind: 'rule', message: r.error.message }
      : { kind: 'notNow', moment: m ?? (this.script.moments[0] as Moment) };
    this.coach.objected(objection);
    // The table page holds the cards as pending until the state answers: give them back.
    const store = this.store;
    if (store)
      store.refused(
        objection.kind === 'rule' ? objection.message : '',
        Date.now(),
        objection.kind === 'rule' ? 3500 : 0,
      );
  };

  close(): void {
    this.unsubscribe?.();
    this.closed = true;
    clearTimeout(this.timer);
  }

  private advance(): void {
    this.index++;
    save(STEP_KEY, String(this.index));
    this.run();
  }

  private apply(a: Action): void {
    this.act(a);
    this.publish();
  }

  private act(a: Action): void {
    const r = applyAction(this.table.game, a);
    const e = this.table.act(a);
    if (e || !r.ok) throw new Error(`the guided game went off its script: ${e?.message ?? ''}`);
    this.events = r.events;
    this.applied++;
  }

  private catchUp(to: number): void {
    while (this.applied < to) this.act(this.script.actions[this.applied] as Action);
  }

  /** Plays the other seats up to the current moment, one move per pause, then shows it. */
  private run(): void {
    clearTimeout(this.timer);
    if (this.closed) return;
    const m = this.script.moments[this.index];
    const total = this.script.moments.length;
    const target = m ? m.at : this.script.actions.length;
    if (this.applied < target) {
      if (m) this.coach.show({ kind: 'moment', index: this.index, total, moment: m, busy: true, untrue: [] });
      this.timer = setTimeout(() => {
        this.apply(this.script.actions[this.applied] as Action);
        this.run();
      }, this.pauseMs);
      return;
    }
    if (!m) {
      remove(STEP_KEY);
      this.coach.show({ kind: 'done', total });
      return;
    }
    const untrue = untrueClaims(m, {
      game: this.table.game,
      first: this.first,
      events: this.events,
      table: this.table.snapshot(),
    });
    this.coach.show({ kind: 'moment', index: this.index, total, moment: m, busy: false, untrue });
    this.point();
  }

  /**
   * Puts the hand's focus mark on the next card the step asks for: once per step and selection,
   * so arrow keys still move it freely.
   */
  private point(): void {
    const store = this.store;
    const m = this.script.moments[this.index];
    if (!store || m?.kind !== 'do' || this.applied !== m.at) return;
    const a = m.action;
    const want = a.type === 'play' ? a.cards : a.type === 'reject' ? a.pairs.map((p) => p.card) : [];
    const s = store.get();
    const v = s.table?.view;
    const key = `${this.index}:${s.ui.selected.join()}`;
    if (!v || key === this.pointed) return;
    this.pointed = key;
    const next = want.find((c) => !s.ui.selected.includes(c));
    if (!next) return;
    const pending = s.ui.pending?.cards ?? [];
    const hand = sortHand(
      v.hand.filter((c) => !pending.includes(c)),
      s.ui.sort,
      v.trump,
    );
    const k = hand.indexOf(next);
    if (k >= 0 && k !== s.ui.focus) store.updateUi({ focus: k });
  }

  private publish(): void {
    this.store?.setTable(this.table.snapshot());
  }
}
