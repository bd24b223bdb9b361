/**
 * The table's clock speeds (R5.5): how long an idle attacker, target or bettor has at each setting.
 * The clocks themselves run on the table's loop (blazeLoop.ts).
 */
import type { ClockSpeed } from '@blaze/protocol';
import { CLOCKS } from '@blaze/protocol';

export type ClockTable = Record<ClockSpeed, { attackerMs: number; targetMs: number; betMs: number }>;

/** The idle times of a table's clock setting; null when it is off (nobody is timed). */
export function speedOf(
  table: ClockTable,
  clock: string,
): { attackerMs: number; targetMs: number; betMs: number } | null {
  if (clock === 'off') return null;
  return table[clock as ClockSpeed] ?? CLOCKS.normal;
}
