/** The quota of open tables per address (tableHoldings.ts), apart from a server. */
import { expect, it } from 'vitest';
import { TableHoldings } from '../src/tableHoldings.js';

it('counts tables being made, frees a place when one closes or its making fails', async () => {
  const open = new Set<string>();
  const book = new TableHoldings(2, async (id) => open.has(id));
  // Two at once, before either table exists: both take a place, a third is refused.
  const [a, b] = await Promise.all([book.take('1.1.1.1'), book.take('1.1.1.1')]);
  const c = await book.take('1.1.1.1');
  expect(a?.ok && b?.ok).toBe(true);
  expect(c.ok ? null : c.code).toBe('TOO_MANY_TABLES');
  if (!a?.ok || !b?.ok) return;
  a.ticket.bind('t1');
  open.add('t1');
  b.ticket.cancel();
  expect((await book.take('1.1.1.1')).ok).toBe(true);
  // Another address is not counted with it.
  expect((await book.take('2.2.2.2')).ok).toBe(true);
});

it('an address at its quota has its tables looked up: those closed on another process are let go', async () => {
  const open = new Set(['t1', 't2']);
  const book = new TableHoldings(2, async (id) => open.has(id));
  for (const id of ['t1', 't2']) {
    const v = await book.take('1.1.1.1');
    if (v.ok) v.ticket.bind(id);
  }
  expect((await book.take('1.1.1.1')).ok).toBe(false);
  // t2 closed elsewhere (no dispose here): found gone at the next try.
  open.delete('t2');
  expect((await book.take('1.1.1.1')).ok).toBe(true);
  expect(book.held('1.1.1.1')).toBe(1);
  // A lookup that fails keeps the table counted (a stalled listing frees nothing by accident).
  const failing = new TableHoldings(1, async () => {
    throw new Error('listing unavailable');
  });
  const v = await failing.take('3.3.3.3');
  if (v.ok) v.ticket.bind('x');
  expect((await failing.take('3.3.3.3')).ok).toBe(false);
  // Released on this process' dispose.
  failing.release('x');
  expect((await failing.take('3.3.3.3')).ok).toBe(true);
});
