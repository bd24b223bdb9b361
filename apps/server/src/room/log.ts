/**
 * The public game log. Every game event passes redactEvent(e, null) first (R11.2: drawn and dealt
 * cards and hidden bet values never reach it), then becomes one line: in full (with its time) in
 * the table's record, and as wire.ts's compact text in one slot of the state's log ring.
 * Field use: seat = who acted; other = a second seat (target, bet on, next active); value = a number
 * (count drawn, feather, round, bet value); cards = public cards (for `rejected`: challenge, card,
 * challenge, card, ...); text = anything else (scores as "3,1,0").
 */
import { encodeLogLine, type LogFields, logFieldsOf } from '@blaze/protocol';
import type { BlazeState } from '@blaze/protocol/schema';
import { type GameEvent, redactEvent } from '@blaze/rules';
import type { StoredLog } from '../store/types.js';

export const LOG_MAX = 200;

export class GameLog {
  private seq = 0;
  /** Lines put so far: the next one goes to slot written % LOG_MAX, the oldest once the ring is full. */
  private written = 0;

  constructor(
    private readonly state: BlazeState,
    /** Each line as it is added, for the table's record. */
    private readonly onLine: (line: StoredLog) => void = () => {},
  ) {}

  add(kind: string, f: LogFields = {}): void {
    const line = this.line(kind, f);
    this.put(line);
    this.onLine(line);
  }

  /** add()'s line, numbered but neither shown nor recorded: the caller writes it, then shows it (show()). */
  prepare(kind: string, f: LogFields = {}): StoredLog {
    return this.line(kind, f);
  }

  /**
   * A game event's line, numbered but neither shown nor recorded: the caller writes it to the record
   * together with the action that caused it, then shows it (show()).
   */
  lineFor(event: GameEvent): StoredLog {
    const e = redactEvent(event, null);
    return this.line(e.type, logFieldsOf(e));
  }

  /** A line from lineFor() or prepare(), once it is on record. */
  show(line: StoredLog): void {
    this.put(line);
  }

  private line(kind: string, f: LogFields): StoredLog {
    return {
      seq: ++this.seq,
      at: Date.now(),
      kind,
      seat: f.seat ?? -1,
      other: f.other ?? -1,
      cards: [...(f.cards ?? [])],
      value: f.value ?? -1,
      text: f.text ?? '',
    };
  }

  /** Lines from the table's record, after a restart (not recorded again). */
  restore(lines: readonly StoredLog[]): void {
    for (const l of lines) {
      this.put(l);
      this.seq = Math.max(this.seq, l.seq);
    }
  }

  /**
   * Slots are filled in order and then overwritten oldest first, in place: the front of a synced
   * array is never shifted or spliced, because @colyseus/schema 3 then encodes a broken full state
   * for clients that join later (upstream colyseus/schema#231).
   */
  private put(l: StoredLog): void {
    const text = encodeLogLine(l);
    const log = this.state.log;
    if (log.length < LOG_MAX) log.push(text);
    else log[this.written % LOG_MAX] = text;
    this.written++;
  }
}
