/**
 * A generic table's clocks as clients see them (issue 37 item 3): every seat the game waits for, with
 * the deadline a person's clock in that role has, in Blaze's deadline text (state.deadlines,
 * protocol/wire.ts, kind `turn`). A bot or an automatic step (DT3: a forced retreat or end after a
 * short random delay) shows exactly the clock a person in that seat would have, planned when theirs
 * would be; it then acts before it, as a quick person may. So the wire never tells "could not" from
 * "chose not" (nor shows the step's delay), and an untimed table shows no deadline for anyone.
 */

import type { WireDeadline } from '@blaze/protocol';

export interface LoopDeadline {
  seat: number | null;
  at: number;
  from: number;
  role: string;
  kind: 'clock' | 'bot' | 'auto';
}

/** The deadlines shown for the loop's timers, soonest first. */
export function shownDeadlines(
  planned: readonly LoopDeadline[],
  clockMs: (role: string) => number | null,
  /** The game's role for a person awaited now (the registry's publicRole: Durak's); without it, the due role. */
  publicRole?: () => string,
): WireDeadline[] {
  const out: WireDeadline[] = [];
  for (const p of planned) {
    if (p.seat === null) continue;
    if (p.kind === 'clock') {
      out.push({ kind: 'turn', seat: p.seat, at: p.at });
      continue;
    }
    const ms = clockMs(p.kind === 'auto' && publicRole ? publicRole() : p.role);
    if (ms === null) continue;
    out.push({ kind: 'turn', seat: p.seat, at: Math.ceil((p.from + ms) / 100) * 100 });
  }
  return out.sort((a, b) => a.at - b.at || a.seat - b.seat);
}
