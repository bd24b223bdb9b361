/** The replay viewer's steps: the rules' replay of a record, its jump marks and its two views. */

import { readFileSync } from 'node:fs';
import { parseGameRecord } from '@blaze/protocol';
import { type Action, applyAction, createGame, legalActions, type Seat, viewFor } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { buildSteps, type GameRecord, shown } from '../src/games/blaze/replay/record.js';

/** A whole game in which every seat takes its first legal action (deterministic). */
function record(): GameRecord {
  const options = { players: 4 as const, seed: 'replay-unit' };
  let s = createGame(options);
  const actions: Action[] = [];
  for (let k = 0; k < 5_000 && !s.over; k++) {
    const a = ([0, 1, 2, 3] as Seat[]).flatMap((seat) => legalActions(s, seat))[0];
    if (!a) throw new Error('stuck');
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    actions.push(a);
  }
  expect(s.over).toBe(true);
  return {
    id: 't-1',
    table: 't',
    game: 1,
    rules: 'blaze',
    rulesVersion: 1,
    names: ['A', 'B', 'C', 'D'],
    options,
    actions,
    scores: s.scores,
    winner: s.winner ?? -1,
    finishedAt: 0,
  };
}

describe('replay steps', () => {
  const rec = record();
  const built = buildSteps(rec);
  if (!built.ok) throw new Error(built.reason);
  const { steps, marks } = built;

  it('has one step per action plus the deal, the public view of each state, and ends finished', () => {
    expect(steps).toHaveLength(rec.actions.length + 1);
    for (const st of steps) {
      expect(st.table.mySeat).toBe(-1);
      expect(st.table.view).toEqual(viewFor(st.state, null));
    }
    expect(steps.at(-1)?.table.status).toBe('finished');
    expect(steps.at(-1)?.state.scores).toEqual(rec.scores);
  });

  it('marks both rounds and every challenge opening', () => {
    expect(marks.filter((m) => m.kind === 'round').map((m) => m.round)).toEqual([1, 2]);
    for (const m of marks.filter((x) => x.kind === 'challenge')) {
      expect(steps[m.step - 1]?.state.table).toHaveLength(0);
      expect(steps[m.step]?.state.table.length).toBeGreaterThan(0);
    }
    expect(marks.some((m) => m.kind === 'challenge' && m.round === 2)).toBe(true);
  });

  it('hides bet values in the public view and shows them all with hands open', () => {
    const betting = steps.find((st) => st.state.bets.some((b) => b.round === st.state.round && st.state.betting));
    expect(betting).toBeDefined();
    if (!betting) return;
    expect(shown(betting, 'public').view?.bets.some((b) => b.value === null)).toBe(true);
    expect(shown(betting, 'open').view?.bets).toEqual(betting.state.bets);
  });

  it('refuses a record that does not replay', () => {
    const bad = { ...rec, actions: [rec.actions[1] as Action, ...rec.actions] };
    expect(buildSteps(bad).ok).toBe(false);
  });
});

describe('records of other builds', () => {
  it("eb3899c's game record (it names no game) parses as Blaze version 1 and replays to its scores", () => {
    // As the old build served it (GET /api/games/<table>-1), from the server's record fixture.
    const fixture = new URL('../../server/test/fixtures/eb3899c.sqlite.json', import.meta.url);
    const old = (JSON.parse(readFileSync(fixture, 'utf8')) as { game1: Record<string, unknown> }).game1;
    expect(old.rules).toBeUndefined();
    const parsed = parseGameRecord(old);
    if (!parsed.ok) throw new Error(parsed.message);
    expect([parsed.record.rules, parsed.record.rulesVersion]).toEqual(['blaze', 1]);
    const built = buildSteps(parsed.record);
    if (!built.ok) throw new Error(built.reason);
    expect(built.steps.at(-1)?.table.status).toBe('finished');
    expect(built.steps.at(-1)?.state.scores).toEqual(parsed.record.scores);
  });

  it('a record of a game or rules version this page does not know is refused, not replayed wrongly', () => {
    const rec = record();
    for (const other of [{ rules: 'chess' }, { rulesVersion: 99 }]) {
      const built = buildSteps({ ...rec, ...other });
      expect(built.ok).toBe(false);
      if (!built.ok) expect(built.reason).toMatch(/^UNKNOWN_GAME/);
    }
  });
});
