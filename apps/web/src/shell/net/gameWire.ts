/**
 * What every game with its own page reads alike off the generic table's wire (server: table/wire.ts,
 * table/clocksWire.ts): the public view's key texts with this seat's private part, the lobby's
 * options as JSON, and the clocks (deadlines of kind `turn`). Each game decodes the view's texts
 * with its rules package's own reader (@blaze/durak/wire, @blaze/bla5t/wire).
 */
import { readDeadlines } from '@blaze/protocol/wire';

export interface GameWireLike {
  view?: { size: number; forEach(f: (text: string, key: string) => void): void };
  seats?: ArrayLike<{ view?: string }>;
  options?: string;
}

/** The public keys' texts and this seat's part ('' for a spectator); null before the first game. */
export function viewTexts(
  wire: GameWireLike | undefined,
  seat: number,
): { pub: [string, string][]; mine: string; viewer: number | null } | null {
  if (!wire?.view || wire.view.size === 0) return null;
  const pub: [string, string][] = [];
  wire.view.forEach((text, key) => {
    pub.push([key, text]);
  });
  const mine = seat >= 0 ? (wire.seats?.[seat]?.view ?? '') : '';
  return { pub, mine, viewer: seat >= 0 ? seat : null };
}

/** A JSON text, or null for none or one that does not read (a newer server's). */
export function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The seats the game waits for and when their clocks run out (epoch ms), soonest first. */
export function turnClocks(state: unknown): { seat: number; at: number }[] {
  const s = state as { deadlines?: unknown; clockBase?: unknown };
  if (typeof s.deadlines !== 'string' || typeof s.clockBase !== 'number') return [];
  return readDeadlines({ deadlines: s.deadlines, clockBase: s.clockBase })
    .filter((d) => d.kind === 'turn')
    .map((d) => ({ seat: d.seat, at: d.at }));
}
