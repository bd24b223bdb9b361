/**
 * What moved between two snapshots, read from the log lines that arrived with the newer one. The
 * scene's card sprites already glide by id from one snapshot's place to the next; this finds the moves
 * a sprite diff cannot see: cards that arrived and left within one patch (the last rejection of a
 * round, which the round change sweeps away at once), bets placed (face down, so no card id), and
 * a new round or game (where nothing of the old table may linger over the new hand).
 */
import type { CardId, Seat } from '@blaze/rules';
import { paced } from '../../../kit/testPace.js';
import type { LogLine } from '../../../shell/host.js';

/** The shortest time a move stays in sight, even when the next patch already took it away. */
export const MIN_SHOW_MS = paced(700);
/** More new lines than this at once is a catch-up (a reconnect, a lagging tab), not moves to replay. */
export const MAX_REPLAY_LINES = 12;
/** How long a card or token takes to fly from where it came to where it goes. */
export const FLIGHT_MS = paced(380);
/** A replayed move is in place and read by then (the round summary waits for it). */
export const REPLAY_MS = FLIGHT_MS + MIN_SHOW_MS;

export type Motion =
  /** Cards that were played and left again in the same patch: show them, hold, then send them off. */
  | { kind: 'flash'; seat: Seat; cards: CardId[] }
  /** A face-down bet from the bettor to the player bet on. */
  | { kind: 'bet'; by: Seat; on: Seat };

/** Log lines newer than every line of `prev` (log slots are reused, so compare by seq). */
export function newLines(prev: readonly LogLine[], next: readonly LogLine[]): LogLine[] {
  let top = -1;
  for (const l of prev) top = Math.max(top, l.seq);
  return next.filter((l) => l.seq > top).sort((a, b) => a.seq - b.seq);
}

/**
 * The motions for the lines that arrived. `visible`: card ids the sprite diff animates (shown before
 * or after: table, own hand, discard top, trump); any other played card came and went unseen.
 */
export function motionsFor(lines: readonly LogLine[], visible: ReadonlySet<CardId>): Motion[] {
  const out: Motion[] = [];
  if (lines.length > MAX_REPLAY_LINES) return out;
  for (const l of lines) {
    switch (l.kind) {
      case 'opened':
      case 'extended':
      case 'rejected': {
        const gone = l.cards.filter((c) => !visible.has(c));
        if (gone.length > 0) out.push({ kind: 'flash', seat: l.seat, cards: gone });
        break;
      }
      case 'betPlaced':
        out.push({ kind: 'bet', by: l.seat, on: l.other });
        break;
      default:
        break;
    }
  }
  return out;
}
