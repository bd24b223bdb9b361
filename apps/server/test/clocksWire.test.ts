/**
 * A generic table's clocks as clients see them (table/clocksWire.ts): an automatic step (DT3) and a
 * bot show exactly the deadline a person's clock in that seat would have, so the wire never tells
 * a forced step (or its random delay) from a person thinking.
 */

import { durakPublicRole } from '@blaze/durak/wire';
import { expect, it } from 'vitest';
import { type LoopDeadline, shownDeadlines } from '../src/table/clocksWire.js';

const CLOCK: Record<string, number> = { open: 30_000, defend: 30_000, continue: 20_000, ambush: 15_000 };
const clockMs = (role: string) => CLOCK[role] ?? null;

it('a forced step shows the clock a person defending would have, not its own short delay', () => {
  const from = 1_000_050;
  // A person defending: their clock, planned at `from`, ends on the next tenth.
  const person: LoopDeadline = { seat: 1, at: 1_030_100, from, role: 'defend', kind: 'clock' };
  // The same seat with no card that beats: a forced retreat after 0.7 s.
  const forced: LoopDeadline = { seat: 1, at: from + 700, from, role: 'auto', kind: 'auto' };
  const role = () => durakPublicRole({ table: [{ attack: '14S', by: 0, defence: null }], ambusher: null });
  expect(shownDeadlines([forced], clockMs, role)).toEqual(shownDeadlines([person], clockMs, role));
  expect(shownDeadlines([forced], clockMs, role)).toEqual([{ kind: 'turn', seat: 1, at: 1_030_100 }]);
  // A bot due to continue shows a person's continue clock.
  const bot: LoopDeadline = { seat: 0, at: from + 10, from, role: 'continue', kind: 'bot' };
  expect(shownDeadlines([bot], clockMs)).toEqual([{ kind: 'turn', seat: 0, at: 1_020_100 }]);
});

it('the role shown follows only what everyone sees (DT4), and an untimed table shows nobody a deadline', () => {
  expect(durakPublicRole({ table: [], ambusher: null })).toBe('open');
  expect(durakPublicRole({ table: [{ attack: '8C', by: 0, defence: '10C' }], ambusher: null })).toBe('continue');
  expect(durakPublicRole({ table: [{ attack: '8C', by: 0, defence: '10C' }], ambusher: 2 })).toBe('ambush');
  expect(durakPublicRole({ table: [{ attack: '8C', by: 2, defence: null }], ambusher: 2 })).toBe('defend');
  const untimed = () => null;
  const all: LoopDeadline[] = [
    { seat: 1, at: 5_000, from: 4_000, role: 'auto', kind: 'auto' },
    { seat: 2, at: 4_010, from: 4_000, role: 'open', kind: 'bot' },
  ];
  expect(shownDeadlines(all, untimed, () => 'defend')).toEqual([]);
});
