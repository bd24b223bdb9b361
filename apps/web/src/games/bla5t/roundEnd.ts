/**
 * What a round's end looked like (X1.8: every layout face up, then scored). The engine deals the
 * next round in the same step when nobody has a carry-over choice to make (X11.7), so the view
 * rarely shows the revealed layouts; the public log's `revealed` line does, as the cards of every
 * layout in seat and slot order with the empty slots left out. They are laid back onto the last
 * view of the round, its shape corrected by the round's final moves that opened or filled a slot.
 */
import type { LayoutView, View } from '@blaze/bla5t';
import type { LogLine } from '../../shell/host.js';

const last = (xs: readonly LogLine[], f: (l: LogLine) => boolean): LogLine | undefined => [...xs].reverse().find(f);

/**
 * The ended round as a view with every card face up and the new scores, or null when `fresh` (the
 * log lines new since `before`) holds no scoring. When the revealed cards do not fit the shape, the
 * layouts stay as `before` had them (never a card shown in a slot it was not in).
 */
export function roundEndView(before: View, after: View, fresh: readonly LogLine[]): View | null {
  const scored = last(fresh, (l) => l.kind === 'scored');
  if (!scored) return null;
  const shown = last(fresh, (l) => l.kind === 'revealed' && l.seq < scored.seq);
  const scores = after.roundScores ?? scored.text.split(' ').map(Number);
  const base = { ...before, roundScores: scores, totals: after.totals, awaiting: { kind: 'scored', seats: [] } };
  // Still the ended round (a carry-over choice is pending, or the game is over): the view shows it.
  if (after.round === before.round && after.layouts.every((l) => l.every((x) => x === null || 'up' in x)))
    return { ...base, layouts: after.layouts };
  const shape: (boolean | undefined)[][] = before.layouts.map((l) => l.map((x) => x !== null));
  for (const l of fresh) {
    if (l.seq > scored.seq) break;
    const row = shape[l.seat];
    if (!row || l.value < 0) continue;
    if (l.kind === 'matched' && l.text === 'ok') row[l.value] = false;
    else if (l.kind === 'penalty') row[l.value] = true;
  }
  const cards = shown?.cards ?? [];
  const filled = shape.reduce((n, row) => n + row.filter(Boolean).length, 0);
  if (!shown || filled !== cards.length) return { ...base, layouts: before.layouts };
  let i = 0;
  const layouts: LayoutView[] = shape.map((row) => {
    const out: LayoutView = [];
    for (let s = 0; s < row.length; s++) out.push(row[s] ? { up: cards[i++] as string } : null);
    while (out.length > 4 && out[out.length - 1] === null) out.pop();
    return out;
  });
  return { ...base, layouts };
}
