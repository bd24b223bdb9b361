/**
 * Which kind of change a new snapshot is, for the pacer (store/pacer.ts): this person's own move or a
 * state that asks them to act (shown at once), someone else's move (held for the minimum time), or
 * nothing that moved.
 */

import type { ClientTable, PaceKind } from '../../../shell/host.js';
import { newLines } from '../render/motion.js';
import { banner } from './banner.js';

export function paceKind(prev: ClientTable | null, next: ClientTable): PaceKind {
  // The first snapshot, another game, the lobby: nothing to follow, show it.
  if (!prev || prev.gameNumber !== next.gameNumber || next.status === 'lobby') return 'mine';
  if (banner(next).yourMove) return 'mine';
  const lines = newLines(prev.log, next.log);
  if (next.mySeat >= 0 && lines.some((l) => l.seat === next.mySeat)) return 'mine';
  return lines.length > 0 ? 'other' : 'quiet';
}
