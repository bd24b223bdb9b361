/**
 * The durable record of a table: an append-only list of entries per table, written before the
 * change they describe reaches any client. Seats are kept by token hash (never the token).
 */
import type { BotStrength, GameRecord, TableSettings } from '@blaze/protocol';
import type { Action, CreateOptions } from '@blaze/rules';
import type { Appended } from './recordIndex.js';

export type StoredOccupant =
  | { kind: 'person'; tokenHash: string; name: string }
  | { kind: 'bot'; name: string; strength?: BotStrength }
  | null;

export interface StoredLog {
  seq: number;
  at: number;
  kind: string;
  seat: number;
  other: number;
  cards: string[];
  value: number;
  text: string;
}

export type TableEntry =
  /**
   * The table's game and its rules version, from here on (a table's first entry since games were
   * named); a record without one holds Blaze version 1 (store/gameKinds.ts).
   */
  | { t: 'game'; game: string; rulesVersion: number }
  | { t: 'settings'; settings: TableSettings }
  | {
      t: 'seats';
      slots: StoredOccupant[];
      host: string | null;
      /** Everyone known by token hash, seated or watching. */
      people: { tokenHash: string; name: string; seat: number | null }[];
    }
  | { t: 'start'; gameNumber: number; options: CreateOptions }
  /**
   * A start given up while the store was away (its write landed only afterwards): the table stayed
   * where it was, so the record goes back to before that start (its game and its line `line`); the
   * seats as they were follow in their own entry.
   */
  | { t: 'withdrawn'; gameNumber: number; line: number }
  | { t: 'action'; action: Action }
  | { t: 'chat'; seq: number; at: number; name: string; seat: number; text: string }
  | { t: 'log'; line: StoredLog }
  | { t: 'result'; game: number; names: string[]; keys: string[]; scores: number[]; winner: number }
  /**
   * A table made by moving another (its host switched games): the evening's scoreboard as that table
   * handed it on (rows by game and seat identity: token hashes, never tokens), `from` its id.
   */
  | {
      t: 'carried';
      from: string;
      rows: { game: string; key: string; name: string; games: number; wins: number; points: number }[];
    }
  /** The table moved to table `to` (its last entry): its link leads there. */
  | { t: 'moved'; to: string };

/** A finished game's public record: one wire type, shared with the replay page (@blaze/protocol). */
export type { GameRecord };

/** What one retention pass removed. */
export interface Pruned {
  tables: number;
  games: number;
}

export interface TableStore {
  /** sqlite writes on the event loop; sqlite-thread on a thread of its own (same file format). */
  readonly kind: 'sqlite' | 'sqlite-thread' | 'redis';
  /**
   * Appends in order; resolved once durable. Entries of one call are written together, as entries
   * `at`.. of the table's record (`at`: its length the caller expects). The same batch again at the
   * same index answers 'already' (a retry of a write that landed); one that does not fit there fails
   * with a RecordConflict (recordIndex.ts) and writes nothing.
   */
  append(table: string, entries: readonly TableEntry[], at: number): Promise<Appended>;
  /**
   * The same, durable when it returns (it throws if it cannot write): only a store that writes on
   * the event loop has it, and the recorder then needs no promise per action.
   */
  appendNow?(table: string, entries: readonly TableEntry[], at: number): Appended;
  /** Every entry of a table, in order. */
  load(table: string): Promise<TableEntry[]>;
  /** Tables that are open (not closed): the ones to restore on start. */
  openTables(): Promise<string[]>;
  /** The table is gone for good (its last person left): not restored again. */
  closeTable(table: string): Promise<void>;
  /** Saving a game again replaces it with the same record: harmless. */
  saveGame(record: GameRecord): Promise<void>;
  getGame(id: string): Promise<GameRecord | null>;
  /** Which of these finished games have their public record saved (one look-up per table restored). */
  savedGames(ids: readonly string[]): Promise<string[]>;
  /**
   * Retention: removes up to `limit` closed tables (their entries and their finished games' records)
   * closed before `before` (epoch ms). Open tables, which a restart restores, are never touched.
   */
  prune(before: number, limit: number): Promise<Pruned>;
  /**
   * Closed tables a store's earlier version never listed as closed (so prune never finds them) are
   * listed, up to `limit` looked at per call, closed at the time of their last game or entry; open
   * tables are never touched. `done` once every table was looked at (later calls do nothing).
   * Absent: the store never had such tables.
   */
  adoptUnlisted?(limit: number): Promise<{ adopted: number; done: boolean }>;
  close(): Promise<void>;
  /** Why the store can no longer write (its writer thread died), or null; absent: always healthy. */
  failure?(): string | null;
  /**
   * A tiny write that succeeds only if the store can write now (store/health.ts tries it while the
   * disk is full, so the store is found writable again without waiting for a table to write).
   */
  probe?(): Promise<void>;
  /**
   * False while the store's last write failed for its medium (the disk full or failing): new tables
   * are refused then. Only a store watched by store/health.ts has it (openStore's always is).
   */
  writable?(): boolean;
}
