/** The table's chat: a ring of the last lines in the synced state, numbered so restore keeps order. */
import { type BlazeState, ChatLine } from '@blaze/protocol/schema';
import type { TableEntry } from '../store/types.js';
import { ringPut } from './sync.js';

const CHAT_KEEP = 50;

export class Chat {
  /** The last line's number: the next one said gets seq + 1. */
  private seq = 0;

  constructor(private readonly state: BlazeState) {}

  /** A line into its slot (said now, or restored from the record with its own seq and time). */
  put(seq: number, at: number, name: string, seat: number, text: string): void {
    this.seq = Math.max(this.seq, seq);
    ringPut(
      this.state.chat,
      CHAT_KEEP,
      seq,
      () => new ChatLine(),
      (line) => {
        line.at = at;
        line.name = name;
        line.seat = seat;
        line.text = text;
      },
    );
  }

  /**
   * Someone says a line now: answers the entry that records it, numbered, but not yet in the state.
   * The table shows it (`put`) once the record is written, as it does with game actions, so a crash
   * never shows a line that is then lost.
   */
  say(name: string, seat: number, text: string): Extract<TableEntry, { t: 'chat' }> {
    this.seq += 1;
    return { t: 'chat', seq: this.seq, at: Date.now(), name, seat, text };
  }
}
