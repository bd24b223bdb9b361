/** Bots only ever send actions the engine accepts, games finish, and everything is a function of the seed. */
import {
  type Action,
  applyAction,
  type GameState,
  hasLegalAction,
  legalActions,
  type PlayerCount,
  randomStream,
  viewFor,
} from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import {
  chooseAction,
  chooseFallback,
  heuristicBot,
  randomBot,
  type Strategy,
  seededStream,
  simulateGame,
} from '../src/index.js';

const COUNTS: PlayerCount[] = [3, 4, 5];

/** Seats that could be scheduled now. */
function acting(s: GameState): number[] {
  if (s.betting) return [...Array(s.players).keys()];
  return [...new Set([s.active, s.target, ...(s.supporter === null ? [] : [s.supporter])])];
}

/**
 * Every seat's answer (easy, heuristic, random, fallback) on the current view must be accepted, and a
 * seat answers only when it has a legal action: the server decides a bot's move only for such seats.
 */
function checkEverySeat(s: GameState, rnd: () => number): number {
  let checked = 0;
  for (let seat = 0; seat < s.players; seat++) {
    const view = viewFor(s, seat);
    for (const a of [
      chooseAction('easy', view, rnd),
      chooseAction('heuristic', view, rnd),
      chooseAction('random', view, rnd),
      chooseFallback(view, rnd),
    ]) {
      if (a === null) continue;
      if (!hasLegalAction(s, seat)) throw new Error(`seat ${seat} answered with no legal action: ${JSON.stringify(a)}`);
      if (!acting(s).includes(seat)) throw new Error(`seat ${seat} acted out of role: ${JSON.stringify(a)}`);
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
      if (a.type === 'bet') expect(a.on).not.toBe(seat);
      checked++;
    }
  }
  return checked;
}

describe('bots only produce accepted actions', () => {
  for (const players of COUNTS) {
    it(`mixed heuristic/random tables, ${players} players, every seat asked at every step`, () => {
      const rnd = randomStream(`check-${players}`);
      let checked = 0;
      let games = 0;
      for (let g = 0; g < 12; g++) {
        const strategies = Array.from({ length: players }, (_, i) => ((i + g) % 2 === 0 ? heuristicBot : randomBot));
        const r = simulateGame({
          players,
          seed: `mixed-${players}-${g}`,
          strategies,
          onStep: (s) => {
            checked += checkEverySeat(s, rnd);
          },
        });
        expect(r.stalled).toBe(false);
        expect(r.state.winner).not.toBeNull();
        games++;
      }
      expect(games).toBe(12);
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it('a target owing an answer, an active player facing an empty table and a seat still to bet always get one', () => {
    for (const players of COUNTS) {
      simulateGame({
        players,
        seed: `owe-${players}`,
        strategies: new Array(players).fill(randomBot),
        onStep: (s) => {
          const rnd = randomStream('x');
          if (s.betting) {
            for (let seat = 0; seat < players; seat++) {
              const mine = s.bets.some((b) => b.round === s.round && b.by === seat);
              expect(heuristicBot.decide(viewFor(s, seat), rnd) === null).toBe(mine);
            }
            return;
          }
          if (s.table.length === 0) expect(heuristicBot.decide(viewFor(s, s.active), rnd)).not.toBeNull();
          else if (!s.targetPassed && s.table.some((e) => e.rejection === null)) {
            expect(heuristicBot.decide(viewFor(s, s.target), rnd)).not.toBeNull();
            expect(chooseFallback(viewFor(s, s.target), rnd)).toEqual({ type: 'pass', seat: s.target });
          }
        },
      });
    }
  });

  it('seats with no role and spectators do nothing', () => {
    const r = simulateGame({ players: 5, seed: 'idle', strategies: new Array(5).fill(randomBot), maxActions: 40 });
    const s = r.state;
    const rnd = randomStream('idle');
    expect(chooseAction('heuristic', viewFor(s, null), rnd)).toBeNull();
    expect(chooseAction('random', viewFor(s, null), rnd)).toBeNull();
    if (!s.betting) {
      for (let seat = 0; seat < 5; seat++) {
        if (acting(s).includes(seat)) continue;
        expect(chooseAction('heuristic', viewFor(s, seat), rnd)).toBeNull();
        expect(chooseAction('random', viewFor(s, seat), rnd)).toBeNull();
        expect(chooseFallback(viewFor(s, seat), rnd)).toBeNull();
      }
    }
  });
});

describe('whole games', () => {
  for (const players of COUNTS) {
    it(`all-heuristic tables of ${players} finish`, () => {
      for (let g = 0; g < 40; g++) {
        const r = simulateGame({
          players,
          seed: `hh-${players}-${g}`,
          strategies: new Array(players).fill(heuristicBot),
        });
        expect(r.stalled, `seed hh-${players}-${g}`).toBe(false);
        expect(r.state.over).toBe(true);
        expect(r.state.roundLosers).toHaveLength(2);
      }
    });
  }

  it('is deterministic per seed, and the seed matters', () => {
    const strategies: Strategy[] = [heuristicBot, randomBot, heuristicBot, randomBot];
    const a = simulateGame({ players: 4, seed: 'det', strategies, record: true });
    const b = simulateGame({ players: 4, seed: 'det', strategies, record: true });
    const c = simulateGame({ players: 4, seed: 'det2', strategies, record: true });
    expect(b.actions).toEqual(a.actions);
    expect(b.state).toEqual(a.state);
    expect(c.actions).not.toEqual(a.actions);
    const view = viewFor(a.state, 0);
    expect(heuristicBot.decide(view, randomStream('r'))).toEqual(heuristicBot.decide(view, randomStream('r')));
  });
});

describe('randomBot', () => {
  const key = (a: Action) => JSON.stringify(a.type === 'play' ? { ...a, cards: a.cards.slice().sort() } : a);

  it('picks only legal actions, and each of them about equally often', () => {
    // Find states with a handful of options (some plays, rejects, pass/stand) and sample them.
    let sampled = 0;
    simulateGame({
      players: 4,
      seed: 'uniform',
      strategies: new Array(4).fill(randomBot),
      onStep: (s) => {
        if (sampled >= 6) return;
        for (const seat of acting(s)) {
          const legal = legalActions(s, seat).map(key);
          if (legal.length < 3 || legal.length > 12) continue;
          const counts = new Map(legal.map((k) => [k, 0]));
          const rnd = randomStream(`u${sampled}`);
          const n = 400 * legal.length;
          for (let i = 0; i < n; i++) {
            const a = randomBot.decide(viewFor(s, seat), rnd);
            expect(a).not.toBeNull();
            const k = key(a as Action);
            expect(counts.has(k), k).toBe(true);
            counts.set(k, (counts.get(k) as number) + 1);
          }
          for (const c of counts.values()) {
            expect(c).toBeGreaterThan(400 * 0.75);
            expect(c).toBeLessThan(400 * 1.25);
          }
          sampled++;
        }
      },
    });
    expect(sampled).toBe(6);
  });
});

describe('seededStream', () => {
  it('draws exactly the numbers of the rules randomStream', () => {
    for (const seed of ['a', 'seat/3', '']) {
      const a = randomStream(seed);
      const b = seededStream(seed);
      for (let i = 0; i < 1000; i++) expect(b()).toBe(a());
    }
  });
});
