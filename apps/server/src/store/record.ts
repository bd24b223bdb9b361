/**
 * A table's record: what is written (in order, before the change is patched) and how a table is
 * rebuilt from it. The room calls this as it calls the rules; no Colyseus here.
 */
import { createHash } from 'node:crypto';
import { replayGame } from '@blaze/game';
import type { TableSettings } from '@blaze/protocol';
import { type Action, type CreateOptions, type GameState, replay } from '@blaze/rules';
import { genericModule, isBlaze, tableGame } from '../games.js';
import { storeWriteSeconds } from '../metrics.js';
import { isStorageFault, storeFaults } from './faults.js';
import { type GameKind, knowsKind, LEGACY_KIND } from './gameKinds.js';
import { isRecordConflict } from './recordIndex.js';
import { doubling, retry } from './retry.js';
import type { StoredLog, StoredOccupant, TableEntry, TableStore } from './types.js';

/** Restored people carry this placeholder token until they come back with the real one. */
export const HASHED = 'h:';

export function tokenHash(token: string): string {
  if (token.startsWith(HASHED)) return token.slice(HASHED.length);
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/**
 * A write that may be given up (a game's start): after `ms` without the store taking it, `gaveUp`
 * runs instead of `then`, and it is not tried again. Should the attempt already under way land after
 * all, `undo` is written right behind it (before anything queued later), so the record goes back to
 * what was shown.
 */
export interface GiveUp {
  ms: number;
  gaveUp: () => void;
  undo: () => TableEntry[];
}

/**
 * Saving is delayed: told `true` once a write has waited `noticeMs` since it was asked for, `false`
 * once none still waiting has waited that long (the last one held is written).
 */
export interface DelayNotice {
  noticeMs: number;
  delayed: (on: boolean) => void;
}

/** Writes a table's entries in order; `then` runs once its entries are durable, in order too. */
export class Recorder {
  private pending: TableEntry[] = [];
  private tail: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private stopped = false;
  private delayedShown = false;
  /** When each write not yet written was asked for (performance.now()), oldest first. */
  private waitingSince: number[] = [];
  /** Entries on record: where the next batch goes (recordIndex.ts), so a retried one is never written twice. */
  private length = 0;
  /**
   * A given-up batch whose last try failed: it may have landed all the same (its answer lost). The
   * next batch then finds the record longer than expected; this one found there, the undo follows.
   */
  private maybeLanded: { at: number; batch: readonly TableEntry[]; undo: () => TableEntry[] } | null = null;

  constructor(
    private readonly store: TableStore | null,
    readonly table: string,
    private readonly notice: DelayNotice | null = null,
  ) {}

  /** The table was restored from a record `length` entries long: its next batch goes after them. */
  resume(length: number): void {
    this.length = length;
  }

  /** Queued for the next write. */
  push(entry: TableEntry): void {
    if (this.store) this.pending.push(entry);
  }

  /**
   * Writes everything queued plus `entries`, then runs `then`. Inline SQLite writes synchronously
   * inside append(), so `then` runs at once, or, if the write failed, `unrecorded` does instead (and
   * the queued entries stay queued); an asynchronous store (SQLite on its writer thread, Redis) runs
   * `then` after the write, in order, trying a failed write again until it is written, or, with
   * `giveUp`, until its time is up.
   */
  write(entries: readonly TableEntry[], then: () => void, unrecorded?: () => void, giveUp?: GiveUp): void {
    if (!this.store) {
      then();
      return;
    }
    const owed = this.pending;
    if (giveUp && owed.length > 0 && !(this.store.appendNow && this.inFlight === 0)) {
      // What was queued before (chat, lines, seats) is no part of what may be given up: it goes first,
      // on its own, and is written whatever becomes of this write.
      this.write([], () => {});
      this.write(entries, then, unrecorded, giveUp);
      return;
    }
    const batch = owed.length === 0 ? entries : [...owed, ...entries];
    if (owed.length > 0) this.pending = [];
    if (batch.length === 0) {
      // Nothing to write (the room flushes after every change): `then` waits only for the writes
      // before it. An asynchronous store had a promise chain and a retry per flush, each action.
      if (this.inFlight === 0) then();
      else this.tail = this.tail.then(then);
      return;
    }
    if (this.store.appendNow && this.inFlight === 0) {
      // Written on the event loop (inline SQLite): committed when appendNow returns.
      const started = performance.now();
      try {
        this.store.appendNow(this.table, batch, this.length);
        this.length += batch.length;
      } catch (e) {
        storeWriteSeconds.observe((performance.now() - started) / 1e3);
        if (isStorageFault(e)) {
          // The disk is full or failing: that lasts, so the write is held and tried again (below)
          // rather than refused, as the asynchronous stores do: the table waits, saying saving is
          // delayed, and goes on by itself once there is room. Queued entries are no part of what a
          // start may give up: they go first, on their own.
          storeFaults.failed(this.table, 'record', e, 'record write failed; held and tried again');
          if (giveUp && owed.length > 0) {
            this.hold(owed);
            this.hold(entries, then, giveUp);
          } else this.hold(batch, then, giveUp);
          return;
        }
        // The file is locked by another process, or failing. What is not on record must not be shown
        // (after a crash the table comes back from the record, and a gap in it does not replay):
        // the queued entries wait for the next write, and the caller undoes its own change.
        storeFaults.failed(this.table, 'record', e, 'record write failed; refused');
        this.pending = owed.length === 0 ? this.pending : [...owed, ...this.pending];
        unrecorded?.();
        return;
      }
      storeWriteSeconds.observe((performance.now() - started) / 1e3);
      then();
      return;
    }
    this.hold(batch, then, giveUp);
  }

  /**
   * One batch at a time, each tried until it is written: a batch that failed while the next one was
   * written would leave a gap, and a record with a gap does not replay (the table would be given up
   * at the next start). Meanwhile nothing after it is shown; the table waits for its store.
   */
  private hold(batch: readonly TableEntry[], then: () => void = () => {}, giveUp?: GiveUp): void {
    this.inFlight++;
    const since = performance.now();
    this.waitingSince.push(since);
    let fate: 'waiting' | 'shown' | 'givenUp' = 'waiting';
    const timer = giveUp
      ? setTimeout(() => {
          if (fate !== 'waiting') return;
          fate = 'givenUp';
          giveUp.gaveUp();
        }, giveUp.ms)
      : undefined;
    const givenUp = () => fate === 'givenUp';
    this.tail = this.tail
      .then(async () => {
        // Given up before its turn came: never written at all.
        if (givenUp()) return;
        await this.appendUntilWritten(batch, since, givenUp);
        clearTimeout(timer);
        if (givenUp() && giveUp) {
          // It landed after all, after the table went back: undone on record, before anything later.
          await this.appendUntilWritten(giveUp.undo(), since);
          this.written(since);
          return;
        }
        this.written(since);
        fate = 'shown';
        then();
      })
      .catch((e) => {
        clearTimeout(timer);
        if (givenUp()) {
          // Its last try failed (nothing after it is written meanwhile): the record is as long as before it.
          if (giveUp && !isRecordConflict(e)) this.maybeLanded = { at: this.length, batch, undo: giveUp.undo };
          return;
        }
        storeFaults.failed(this.table, 'record', e, 'record write given up');
      })
      .finally(() => {
        this.inFlight--;
        this.forget(since);
        // Nothing of this table waits any more (a start given up was the last): nothing is delayed.
        if (this.inFlight === 0) this.showDelay(false);
      });
  }

  /**
   * Retries from 100 ms, doubling to 5 s; a shutdown still ends within its own bound (main.ts).
   * `since`: when the write was asked for (it may have waited its turn behind others).
   */
  private async appendUntilWritten(batch: readonly TableEntry[], since: number, givenUp = () => false): Promise<void> {
    const store = this.store as TableStore;
    const notice = this.notice;
    // A store that neither answers nor fails (Redis paused) is noticed as surely as one that fails.
    const slow = notice
      ? setTimeout(() => this.showDelay(true), Math.max(0, notice.noticeMs - (performance.now() - since)))
      : undefined;
    try {
      await retry(
        async () => {
          const timer = storeWriteSeconds.startTimer();
          // Batches go one at a time: the record is this long when this one's turn comes.
          const at = this.length;
          try {
            await store.append(this.table, batch, at);
          } catch (e) {
            if (!isRecordConflict(e) || !(await this.undoLanded())) throw e;
            await store.append(this.table, batch, this.length);
          }
          this.length += batch.length;
          this.maybeLanded = null;
          timer();
          storeFaults.succeeded(this.table, 'record', 'record written again');
        },
        doubling(100, 5_000),
        (e, pause) =>
          storeFaults.failed(this.table, 'record', e, 'record write failed; trying again', { retryMs: pause }),
        // A batch that does not fit the record will not fit it later either.
        (e) => this.stopped || givenUp() || isRecordConflict(e),
      );
    } finally {
      clearTimeout(slow);
    }
  }

  /**
   * The record is longer than this table knows: if by a given-up batch that landed after all, the
   * record takes its undo now (true). Asking for that batch again at its index cannot land it late:
   * the record is already longer than that index, so it answers 'already' or a conflict.
   */
  private async undoLanded(): Promise<boolean> {
    const m = this.maybeLanded;
    if (!m) return false;
    const store = this.store as TableStore;
    if ((await store.append(this.table, m.batch, m.at)) !== 'already') return false;
    this.maybeLanded = null;
    this.length = m.at + m.batch.length;
    const undo = m.undo();
    await store.append(this.table, undo, this.length);
    this.length += undo.length;
    return true;
  }

  /**
   * A write asked for at `since` is written: the notice goes unless one still waiting was asked for
   * half of `noticeMs` ago or longer. Asked for together with the one that set it off, it would go
   * on again in a moment, and asked a few ms later it would be just short of the full wait: a blink.
   */
  private written(since: number): void {
    this.forget(since);
    const oldest = this.waitingSince[0];
    if (oldest === undefined || !this.notice || performance.now() - oldest < this.notice.noticeMs / 2)
      this.showDelay(false);
  }

  private forget(since: number): void {
    const i = this.waitingSince.indexOf(since);
    if (i >= 0) this.waitingSince.splice(i, 1);
  }

  private showDelay(on: boolean): void {
    if (on === this.delayedShown || this.stopped) return;
    this.delayedShown = on;
    this.notice?.delayed(on);
  }

  /** The table is gone: a write still failing is not tried again (its table is closed for good). */
  stop(): void {
    this.stopped = true;
  }

  flush(): Promise<void> {
    this.write([], () => {});
    return this.tail;
  }
}

/** One game as the record holds it: its deal and every action accepted, in order. */
export interface RecordedGame {
  gameNumber: number;
  /** The game and rules version the table played when it started. */
  kind: GameKind;
  options: CreateOptions;
  actions: Action[];
  /** When its last log line before its result was written (its end, once it is over), or 0. */
  lastAt: number;
}

export interface RestoredTable {
  /** The table's game and rules version (Blaze version 1 for a record that names none). */
  kind: GameKind;
  settings: TableSettings | null;
  seats: Extract<TableEntry, { t: 'seats' }> | null;
  gameNumber: number;
  options: CreateOptions | null;
  /** The current (last) game's actions. */
  actions: Action[];
  game: GameState | null;
  /** A generic game's (not Blaze's) current state, replayed by its module from `options` (its seed in them). */
  generic: { state: unknown } | null;
  /** Every game the table started, in order, the current one last (finished games' records come from these). */
  games: RecordedGame[];
  chat: Extract<TableEntry, { t: 'chat' }>[];
  log: StoredLog[];
  results: Extract<TableEntry, { t: 'result' }>[];
  /** The scoreboard an earlier table of the evening handed on (tableMove.ts). */
  carried: Extract<TableEntry, { t: 'carried' }>['rows'];
}

/**
 * The error code of a table whose record does not replay (rebuild's error): trying again will not
 * help, unlike a read that failed.
 */
export const UNREPLAYABLE = 4_422;

/**
 * The error code of a table whose record is of a game or rules version this build does not know (or
 * holds entries of a kind it does not know: a newer build's). Not given up: the record stays as it is,
 * listed open, for a build that knows it (store/open.ts).
 */
export const UNKNOWN_RECORD = 4_424;

/** Its log line (with the table, the game and rules version named, and the unknown entry's kind if that was it). */
export const UNKNOWN_RESTORE =
  'table not restored: its record holds a game, rules version or entry this build does not know; kept on record';

/** What rebuild found this build cannot read: the game and version named, or an entry it does not know. */
export interface UnknownRecord {
  game: unknown;
  rulesVersion: unknown;
  /** The kind (`t`) of an entry this build does not know, when that is what stopped it. */
  entry?: unknown;
}

export type Rebuilt = RestoredTable | { error: string; unknown?: UnknownRecord };

/** The table after its last recorded entry: the current game replayed from its seed and actions. */
export function rebuild(entries: readonly TableEntry[]): Rebuilt {
  const r: RestoredTable = {
    kind: LEGACY_KIND,
    settings: null,
    seats: null,
    gameNumber: 0,
    options: null,
    actions: [],
    game: null,
    generic: null,
    games: [],
    chat: [],
    log: [],
    results: [],
    carried: [],
  };
  /** The game whose result is not on record yet: its log lines tell when it ended. */
  let open: RecordedGame | null = null;
  /** The table as it was before the last start, should that start be withdrawn. */
  let beforeStart: Pick<RestoredTable, 'gameNumber' | 'options' | 'actions'> & { open: RecordedGame | null } = {
    gameNumber: 0,
    options: null,
    actions: [],
    open: null,
  };
  for (const e of entries) {
    switch (e.t) {
      case 'game': {
        // Read as written, not as typed: a newer build's record may name anything.
        const kind: UnknownRecord = { game: e.game, rulesVersion: e.rulesVersion };
        if (!knowsKind(kind)) {
          return { error: `game ${String(kind.game)} version ${String(kind.rulesVersion)} is unknown`, unknown: kind };
        }
        r.kind = { game: e.game, rulesVersion: e.rulesVersion };
        break;
      }
      case 'settings':
        r.settings = e.settings;
        break;
      case 'seats':
        r.seats = e;
        break;
      case 'withdrawn':
        if (r.gameNumber !== e.gameNumber || r.games.at(-1)?.gameNumber !== e.gameNumber) break;
        // The seats as the table went back to come in their own entry right after this one.
        r.games.pop();
        r.gameNumber = beforeStart.gameNumber;
        r.options = beforeStart.options;
        r.actions = beforeStart.actions;
        open = beforeStart.open;
        r.log = r.log.filter((l) => l.seq !== e.line);
        break;
      case 'start':
        beforeStart = { gameNumber: r.gameNumber, options: r.options, actions: r.actions, open };
        r.gameNumber = e.gameNumber;
        r.options = e.options;
        r.actions = [];
        open = { gameNumber: e.gameNumber, kind: r.kind, options: e.options, actions: r.actions, lastAt: 0 };
        r.games.push(open);
        break;
      case 'action':
        r.actions.push(e.action);
        break;
      case 'chat':
        r.chat.push(e);
        break;
      case 'log':
        r.log.push(e.line);
        if (open) open.lastAt = e.line.at;
        break;
      case 'result':
        r.results.push(e);
        if (open?.gameNumber === e.game) open = null;
        break;
      case 'carried':
        r.carried.push(...e.rows);
        break;
      case 'moved':
        // Where its link leads (store/movedTo.ts); the table itself closed with it.
        break;
      default: {
        // Written by a newer build (this one never writes it): not this build's to replay or give up.
        const t: unknown = (e as { t?: unknown }).t;
        return {
          error: `entry ${String(t)} is unknown`,
          unknown: { game: r.kind.game, rulesVersion: r.kind.rulesVersion, entry: t },
        };
      }
    }
  }
  const entry = tableGame(r.kind.game);
  if (r.options && entry && !isBlaze(entry.module)) {
    // A generic game's start holds its module's options with the seed among them (table/generic.ts).
    const { seed, ...options } = r.options as unknown as Record<string, unknown>;
    const g = replayGame(genericModule(entry), options, String(seed), r.actions as never[]);
    if (!g.ok) return { error: `action ${g.index} does not replay: ${g.error.code}` };
    r.generic = { state: g.state };
  } else if (r.options) {
    const g = replay(r.options, r.actions);
    if (!g.ok) return { error: `action ${g.index} does not replay: ${g.error.code}` };
    r.game = g.state;
  }
  return r;
}

export type { StoredOccupant };
