/**
 * The public game log. Every game event passes redactEvent(e, null) first (R11.2: drawn and dealt
 * cards and hidden bet values never reach it), then becomes one LogEntry.
 * Field use: seat = who acted; other = a second seat (target, bet on, next active); value = a number
 * (count drawn, feather, round, bet value); cards = public cards (for `rejected`: challenge, card,
 * challenge, card, ...); text = anything else (scores as "3,1,0").
 */
import { type LogFields, logFieldsOf } from '@blaze/protocol';
import { type BlazeState, LogEntry } from '@blaze/protocol/schema';
import { type GameEvent, redactEvent } from '@blaze/rules';
import type { StoredLog } from '../store/types.js';
import { ringPut, syncList } from './sync.js';

export const LOG_MAX = 200;

export class GameLog {
  private seq = 0;

  constructor(
    private readonly state: BlazeState,
    /** Each line as it is added, for the table's record. */
    private readonly onLine: (line: StoredLog) => void = () => {},
  ) {}

  add(kind: string, f: LogFields = {}): void {
    const line: StoredLog = {
      seq: ++this.seq,
      at: Date.now(),
      kind,
      seat: f.seat ?? -1,
      other: f.other ?? -1,
      cards: [...(f.cards ?? [])],
      value: f.value ?? -1,
      text: f.text ?? '',
    };
    this.put(line);
    this.onLine(line);
  }

  /** Lines from the table's record, after a restart (not recorded again). */
  restore(lines: readonly StoredLog[]): void {
    for (const l of lines) {
      this.put(l);
      this.seq = Math.max(this.seq, l.seq);
    }
  }

  private put(l: StoredLog): void {
    ringPut(
      this.state.log,
      LOG_MAX,
      l.seq,
      () => new LogEntry(),
      (e) => {
        e.at = l.at;
        e.kind = l.kind;
        e.seat = l.seat;
        e.other = l.other;
        syncList(e.cards, l.cards);
        e.value = l.value;
        e.text = l.text;
      },
    );
  }

  addEvent(event: GameEvent): void {
    const e = redactEvent(event, null);
    this.add(e.type, logFieldsOf(e));
  }
}
