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
  /**
   * Lines numbered before they are on record (prepare, lineFor), and the lines added after them, in
   * number order. Lines are shown strictly in that order: someone leaving while a start waits for its
   * record was shown before "The game starts" it followed, and clients read new lines by number (the
   * live region, the pacer), so the start line, arriving with a lower number, was never read as new.
   */
  private readonly queue: { line: StoredLog; ready: boolean }[] = [];

  constructor(
    private readonly state: BlazeState,
    /** Each line as it is added, for the table's record. */
    private readonly onLine: (line: StoredLog) => void = () => {},
  ) {}

  /** Recorded now (after whatever is being written); shown now, or after the lines numbered before it. */
  add(kind: string, f: LogFields = {}): void {
    const line = this.line(kind, f);
    if (this.queue.length === 0) this.put(line);
    else this.queue.push({ line, ready: true });
    this.onLine(line);
  }

  /**
   * add()'s line, numbered but neither shown nor recorded: the caller writes it, then shows it
   * (show()), or, if the write was refused, discards it (discard()).
   */
  prepare(kind: string, f: LogFields = {}): StoredLog {
    const line = this.line(kind, f);
    this.queue.push({ line, ready: false });
    return line;
  }

  /**
   * A game event's line, numbered but neither shown nor recorded: the caller writes it to the record
   * together with the action that caused it, then shows it (show()) or discards it (discard()).
   */
  lineFor(event: GameEvent): StoredLog {
    const e = redactEvent(event, null);
    return this.prepare(e.type, logFieldsOf(e));
  }

  /** A line from lineFor() or prepare(), once it is on record: shown with any lines waiting behind it. */
  show(line: StoredLog): void {
    // Loops, not find(): this runs for every line of every action at every table.
    const q = this.queue;
    let i = 0;
    while (i < q.length && (q[i] as { line: StoredLog }).line !== line) i++;
    if (i < q.length) (q[i] as { ready: boolean }).ready = true;
    else this.put(line);
    this.flush();
  }

  /** Lines from lineFor() or prepare() whose write was refused: never shown, and nothing waits for them. */
  discard(lines: readonly StoredLog[]): void {
    const q = this.queue;
    for (const line of lines) {
      let i = 0;
      while (i < q.length && (q[i] as { line: StoredLog }).line !== line) i++;
      if (i < q.length) q.splice(i, 1);
    }
    this.flush();
  }

  private flush(): void {
    while (this.queue[0]?.ready) this.put((this.queue.shift() as { line: StoredLog }).line);
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
