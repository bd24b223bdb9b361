/**
 * The guided game's runner (learn/runner.ts) walked to its end as a learner clicks it: each step's
 * move sent as the table page sends it, a play's cards in the order they were clicked.
 */
import type { Action } from '@blaze/rules';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type CoachState, type Objection, TutorialSource } from '../src/games/blaze/learn/runner.js';
import { Store } from '../src/shell/host.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The wire intent for an action, as the table page sends it (the seat is the page's own). */
function intentOf(a: Action): [string, unknown] {
  switch (a.type) {
    case 'play':
      return ['play', { cards: a.cards }];
    case 'reject':
      return ['reject', { pairs: a.pairs }];
    case 'pass':
    case 'stand':
      return [a.type, {}];
    case 'bet':
      return ['bet', { on: a.on, value: a.value }];
    default:
      throw new Error(`no intent for ${a.type}`);
  }
}

function walk(order: (cards: string[]) => string[]): { shown: CoachState[]; objections: Objection[] } {
  const shown: CoachState[] = [];
  const objections: Objection[] = [];
  const source = new TutorialSource('Me', { show: (s) => shown.push(s), objected: (o) => objections.push(o) }, 0);
  source.restart();
  source.start(new Store(), { onConnState() {}, onError() {} });
  for (let guard = 0; guard < 500; guard++) {
    vi.runOnlyPendingTimers();
    const last = shown.at(-1);
    if (!last || last.kind === 'done') break;
    if (last.busy) continue;
    const m = last.moment;
    if (m.kind === 'watch') source.next();
    else {
      const [type, payload] = intentOf(m.action);
      const p = m.action.type === 'play' ? { cards: order([...m.action.cards]) } : payload;
      source.send(type as never, p as never);
    }
  }
  source.close();
  return { shown, objections };
}

it('reaches the end when the learner clicks the cards of a play in the script order', () => {
  const { shown, objections } = walk((c) => c);
  expect(objections).toEqual([]);
  expect(shown.at(-1)?.kind).toBe('done');
});

it('stays on its script when a play has the same cards clicked in another order', () => {
  // Was: the learner's order was applied, and the script's later moves were refused at action 66
  // ("Only the active player and the supporter may extend"): the coach stalled for good.
  const { shown, objections } = walk((c) => c.reverse());
  expect(objections).toEqual([]);
  expect(shown.at(-1)?.kind).toBe('done');
});
