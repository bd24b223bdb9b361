/**
 * How long a Durak table stays in sight before the next (the shell's pacer, as Blaze's table page):
 * someone else's card or retreat is held a moment, so a bot's attack and defence are seen one after
 * the other rather than snapped; this seat's own move, a state that asks it to act, and the start or
 * end of a game are shown at once.
 */
import type { PaceKind } from '../../shell/host.js';
import type { DurakTable } from './wire.js';

/** Log kinds a person sees happen on the table (a card, a retreat, an end, a pass). */
const MOVES = new Set(['attacked', 'defended', 'retreated', 'ended', 'passed']);

export function paceKind(prev: DurakTable | null, next: DurakTable): PaceKind {
  const v = next.view;
  if (!prev || prev.table.status !== next.table.status || !v || !prev.view) return 'mine';
  if (v.over || (v.viewer !== null && v.awaited === v.viewer)) return 'mine';
  const lastSeq = prev.table.log.at(-1)?.seq ?? -1;
  const fresh = next.table.log.filter((l) => l.seq > lastSeq && MOVES.has(l.kind));
  if (fresh.length === 0) return 'quiet';
  return fresh.some((l) => l.seat === next.table.mySeat) ? 'mine' : 'other';
}
