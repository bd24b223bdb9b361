/** What the server (never a client) sets for its tables, and the shapes the room's modules share. */
import { CLOCKS } from '@blaze/protocol';
import type { Action } from '@blaze/rules';
import type { BotKind } from '../bots.js';
import { Edge } from '../edge.js';
import { type BucketOptions, DEFAULT_BUCKET } from '../rateLimit.js';
import type { ClockTable } from './clocks.js';

/** Server-side configuration, passed as the room handler's options (clients cannot set it). */
export interface RoomConfig {
  clocks: ClockTable;
  bucket: BucketOptions;
  botKind: BotKind;
  /** Largest message (as JSON) a handler accepts; bigger ones get TOO_LARGE. */
  maxMessageChars: number;
  /** Tests only: lets the creator fix the card order and start seat (R2.2). Never on in main.ts. */
  allowFixedDeck: boolean;
  /** Caps, rate limits, refusals and logs at the edge (edge.ts). */
  edge: Edge;
  /**
   * A table nobody has joined closes after this long; before its first game, nobody's reconnection
   * grace is longer (unclaimed.ts).
   */
  unclaimedMs: number;
  /**
   * A start the store has not taken after this long is given up (the host told NOT_RECORDED), so a
   * store that stays away does not hold the lobby at "starting" (START_SAVE_WAIT_SECONDS).
   */
  startWaitMs: number;
  /** A write waiting this long shows everyone that saving is delayed (moves wait, none is lost). */
  saveNoticeMs: number;
  /** A generic game's automatic steps (DT3) wait this long, at random in the range (default 0.5-1.5 s). */
  autoDelayMs?: readonly [number, number];
}

export const DEFAULT_ROOM_CONFIG: RoomConfig = {
  clocks: CLOCKS,
  bucket: DEFAULT_BUCKET,
  botKind: 'heuristic',
  maxMessageChars: 2_000,
  allowFixedDeck: false,
  edge: new Edge(),
  unclaimedMs: 60_000,
  startWaitMs: 10_000,
  saveNoticeMs: 2_000,
};

/** Why a request was not done: sent to its sender only, as an ErrorMessage. */
export interface Refusal {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

/** One judged attempt, kept privately for audits and tests (order of arrival, R5.1). */
export interface Attempt {
  action: Action;
  source: 'person' | 'bot' | 'clock';
  code: string | null;
}
