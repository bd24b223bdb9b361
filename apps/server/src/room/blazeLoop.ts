/**
 * Blaze's game at the server's table on the shared headless loop (@blaze/game/loop), the one practice
 * runs in the browser and the other games run here: who is due, their clocks (R5.4, R5.5), the bots
 * and the timeout moves are the loop's. What stays the table's is said through its hooks: each action
 * is written with its log lines in one write and shown once on record (gameFlow.ts), a clock that ran
 * out says so first (R5.5), a strong bot searches in the process's worker pool, Blaze's pace as
 * practice keeps it too (@blaze/blaze-game's table.ts: a move's least time on screen
 * before a bot answers, people's clocks held over a round's summary, the window timed at untimed
 * tables), and no timer while a move waits for its record.
 */
import { blazeLoopConfig, blazeModule, clockMsOf, clockPause, timeoutMove } from '@blaze/blaze-game';
import type { Due } from '@blaze/game';
import { type LoopHooks, type LoopTimers, type SeatPlayer, type Source, TableLoop } from '@blaze/game/loop';
import type { WireDeadline } from '@blaze/protocol';
import type { Action, CreateOptions, GameEvent, GameState } from '@blaze/rules';
import { createGame, type PlayerView } from '@blaze/rules';
import { sharedBotPool } from '../botPool/pool.js';
import { type BotKind, chooseAction, search } from '../bots.js';
import * as metrics from '../metrics.js';
import type { StoredLog, TableEntry } from '../store/types.js';
import { type ClockTable, speedOf } from './clocks.js';
import type { Attempt } from './config.js';
import type { TableHost } from './host.js';
import { mirrorGame } from './mirror.js';
import { timers } from './timers.js';

export type BlazeLoop = TableLoop<GameState, Action, GameEvent>;

/** What Blaze's loop needs of its table. */
export type BlazeLoopHost = Pick<
  TableHost,
  | 'afterChange'
  | 'attempts'
  | 'config'
  | 'disposed'
  | 'log'
  | 'onUncaughtException'
  | 'recorder'
  | 'seating'
  | 'settings'
  | 'state'
>;

/** What a move answered inside the loop's act leaves for its `changed` hook. */
interface Pending {
  what: 'table' | 'move' | null;
  over: boolean;
}

/** A role's clock at the table's settings (Blaze's clockMsOf at the setting's speed). */
export function tableClockMs(
  clocks: ClockTable,
  settings: { windowMs: number; clock: string },
): (role: string) => number | null {
  return clockMsOf(settings.windowMs, speedOf(clocks, settings.clock));
}

/**
 * A game on the loop: `game` as startGame dealt it (a fixed deck or start seat passes through), or a
 * restored one (`game` replayed) with its journal. Not planned yet: the table's afterChange plans it.
 */
export function blazeLoop(
  room: BlazeLoopHost,
  game: GameState,
  options: CreateOptions,
  /** The game's end, once on record: its result, the seats of those who left. */
  over: (game: GameState) => void,
  journal: readonly Action[] = [],
  /** The table's timers (a test's fake clock). */
  clock: LoopTimers = timers(room),
  rnd: () => number = Math.random,
): BlazeLoop {
  const first = journal.length === 0 ? game : null;
  const module = {
    ...blazeModule,
    // A reverted move (the record refused it later) replays from the first state.
    setup: () => first ?? createGame(options),
    onTimeout: timeoutMove,
  };
  // Read when the game starts: a table's settings change only between games.
  const config = blazeLoopConfig({
    windowMs: room.settings.windowMs,
    speed: speedOf(room.config.clocks, room.settings.clock),
    botDelayMs: room.settings.botDelayMs,
  });
  const pending: Pending = { what: null, over: false };
  const loop: BlazeLoop = new TableLoop(
    module,
    options,
    options.seed ?? '',
    hooksOf(room, () => loop, pending, over),
    config,
    clock,
    rnd,
    journal.length === 0 ? undefined : { state: game, journal },
  );
  return loop;
}

function hooksOf(
  room: BlazeLoopHost,
  loopOf: () => BlazeLoop,
  pending: Pending,
  over: (game: GameState) => void,
): LoopHooks<GameState, Action, GameEvent> {
  /** Writes under way that the loop waits for (their moves judged, not yet shown). */
  const writes = { pending: 0 };
  return {
    player: (seat): SeatPlayer => {
      if (!room.seating.botPlays(seat)) return { kind: 'person' };
      // A person away is played by the table's stand-in (config.botKind), a bot seat by its strength.
      const strength = room.seating.slots[seat]?.kind === 'bot' ? room.seating.strengthAt(seat) : room.config.botKind;
      return { kind: 'bot', strength };
    },
    // Any of the bots' kinds (the stand-in's heuristic too), not only the strengths a host picks.
    bot: (_seat, strength) => ({
      observe: () => {},
      decide: (view) => chooseAction(strength as BotKind, view as PlayerView, Math.random),
    }),
    accept: (action, next, events, source, due) =>
      record(room, loopOf, pending, writes, over, action, next, events, source, due),
    changed: (state) => {
      const what = pending.what;
      const ended = pending.over;
      pending.what = null;
      pending.over = false;
      if (ended) over(state);
      if (what) room.afterChange(what);
    },
    fault: (e) => room.onUncaughtException(e instanceof Error ? e : new Error(String(e)), 'tableLoop'),
    think: (seat, strength, view) => {
      if (strength !== 'strong') return null;
      const v = view as PlayerView;
      // A seat with at most one sensible move needs no search.
      const quick = search(v, Math.random, { iterations: 0 });
      if (quick.candidates <= 1) return Promise.resolve(quick.action);
      const loop = loopOf();
      const moves = loop.journal.length;
      return sharedBotPool()
        .decide(v, `${seat}:${Math.floor(Math.random() * 2 ** 32)}`, () => loop.journal.length !== moves)
        .then((d) => (d.source === 'stale' ? null : d.action));
    },
    clockPause,
  };
}

/**
 * An action the rules accepted, before it counts: written with its log lines (and, when a clock ran
 * out, its own line first: R5.5) in one write, shown once on record. Judged now (R5.1: the next
 * action meets this state); a write refused later takes the game back to before it.
 */
function record(
  room: BlazeLoopHost,
  loopOf: () => BlazeLoop,
  pending: Pending,
  writes: { pending: number },
  over: (game: GameState) => void,
  action: Action,
  next: GameState,
  events: readonly GameEvent[],
  source: Source,
  due: Due | undefined,
): boolean {
  const started = performance.now();
  const by: Attempt['source'] = source === 'auto' ? 'clock' : source;
  const lines: StoredLog[] = [];
  if (source === 'clock' && due && due.seat !== null) {
    lines.push(
      room.log.prepare('timedOut', { seat: due.seat, text: due.role, value: action.type === 'play' ? 1 : -1 }),
    );
  }
  for (const e of events) lines.push(room.log.lineFor(e));
  const entries: TableEntry[] = [{ t: 'action', action }];
  for (const line of lines) entries.push({ t: 'log', line });
  const attempt: Attempt = { action, source: by, code: null };
  room.attempts.push(attempt);
  let unrecorded = false;
  let answered = false;
  let inside = true;
  room.recorder.write(
    entries,
    () => {
      answered = true;
      if (!inside) settled(loopOf(), writes);
      // Counted once on record: a move refused as NOT_RECORDED was not applied.
      metrics.actionsApplied.inc({ source: by });
      if (room.disposed) return;
      mirrorGame(room.state, next);
      for (const line of lines) room.log.show(line);
      // A move changes neither seats nor settings nor the join card; the game's end may (status).
      const what = next.over ? 'table' : 'move';
      // Answered inside the loop's act: the loop counts the move (its journal, which the game's
      // record saves) and plans the next timers first, then `changed` ends the game and shows the
      // move with those timers, in one patch.
      if (inside) {
        pending.what = what;
        pending.over = next.over;
      } else {
        if (next.over) over(next);
        room.afterChange(what);
      }
      metrics.actionToPatch.observe((performance.now() - started) / 1000);
    },
    () => {
      unrecorded = true;
      attempt.code = 'NOT_RECORDED';
      room.log.discard(lines);
      // Refused later (the writer thread, Redis): the game goes back to before it.
      if (answered) return;
      answered = true;
      if (inside) return;
      loopOf().revert(action);
      settled(loopOf(), writes);
    },
  );
  inside = false;
  if (!answered) {
    // Judged but not shown until the store answers (the writer thread, Redis): nobody's timer runs
    // meanwhile, so no bot answers a move nobody has seen; people may still act.
    writes.pending++;
    if (writes.pending === 1) loopOf().hold(true);
  }
  return !unrecorded;
}

/** A write the loop waited for was answered: once none is left, the timers run again from now. */
function settled(loop: BlazeLoop, writes: { pending: number }): void {
  writes.pending--;
  if (writes.pending > 0) return;
  loop.shown();
  loop.hold(false);
}

/** The clocks Blaze's wire shows for the loop's timers: a bot's seat shows the clock a person would have. */
export function blazeDeadlines(
  loop: BlazeLoop,
  clockMs: (role: string) => number | null,
  window: GameState['window'],
): WireDeadline[] {
  const out: WireDeadline[] = [];
  for (const p of loop.deadlines()) {
    const kind = p.role as WireDeadline['kind'];
    if (p.seat === null) {
      if (window !== null && p.kind === 'clock') out.push({ kind: 'window', seat: window.seat, at: p.at });
      continue;
    }
    if (p.kind === 'clock') {
      out.push({ kind, seat: p.seat, at: p.at });
      continue;
    }
    const ms = clockMs(p.role);
    if (ms !== null) out.push({ kind, seat: p.seat, at: Math.ceil((p.from + ms) / 100) * 100 });
  }
  return out.sort((a, b) => a.at - b.at || a.seat - b.seat);
}
