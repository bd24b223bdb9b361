/** Who is ready for the next game (issue #40: a rematch is a ready check), as the results list them. */
import type { ClientTable } from '../store/snapshot.js';

/** The seated people and whether each is ready for the next game (bots are, and not listed). */
export function readyList(tb: Pick<ClientTable, 'seats'>): { name: string; ready: boolean }[] {
  return tb.seats
    .filter((s) => s.occupied && !s.bot)
    .map((s) => ({ name: s.name, ready: s.ready === true || s.standIn }));
}
