/**
 * A Bla5t record replayed step by step (XC through the game module, as the server applied it): every
 * state from the deal to the end, equal to the rules package's own replay of the same moves; each
 * round's end shown as a frame with every card up and its scores (X1.8, X9.3) and the verdict at
 * the end (X10.1); a record that is not one, or a move the rules refuse, answers an error with a
 * code and the move's number.
 */
import { type Action, type Options, replay, type State } from '@blaze/bla5t';
import { bla5tModule } from '@blaze/bla5t/module';
import { randomStream } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { framesOf } from './frames.js';
import { frameWords } from './said.js';
import { buildSteps, readRecord } from './steps.js';

/**
 * A whole game as the server's table loop plays it: whoever is due moves (a bot of the table's
 * strength, else the step's timeout), actions naming players as the table records them. Also the
 * same moves naming engine seats, for the rules package's replay.
 */
function played(o: Options): { actions: Action[]; engine: Action[]; end: State } {
  const { seed, ...opts } = o;
  let s = bla5tModule.setup(opts, seed);
  const rnd = randomStream(`replay-${seed}`);
  const actions: Action[] = [];
  const engine: Action[] = [];
  for (let n = 0; n < 20_000 && !s.over; n++) {
    const d = bla5tModule.due(s)[0];
    if (!d) throw new Error('nobody due');
    const player = d.seat as number;
    const a =
      stephania(s, player) ??
      bla5tModule.bots.decide('easy', bla5tModule.view(s, player), rnd) ??
      (bla5tModule.onTimeout(s, d, rnd) as Action);
    const r = bla5tModule.apply(s, a);
    if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(a)}`);
    actions.push(a);
    engine.push('seat' in a && a.seat !== undefined ? ({ ...a, seat: s.seatOf[a.seat] } as Action) : a);
    s = r.state;
  }
  return { actions, engine, end: s };
}

/**
 * The bots never play Stephania (X12.5); this player does when it draws her, and changes seats with
 * the next seat's player (not the caller's): afterwards the record's player numbers and the engine's
 * seats differ, which the replay must follow.
 */
function stephania(s: State, player: number): Action | null {
  const seat = s.seatOf[player] as number;
  if (s.step.kind === 'drawn' && s.drawn === 'h:stephania') return { type: 'discardDrawn', seat: player };
  if (s.step.kind !== 'power' || s.step.card !== 'h:stephania') return null;
  const other = (seat + 1) % s.n;
  if (other === s.caller) return null;
  const seating = Array.from({ length: s.n }, (_, k) => s.seatOf.indexOf(k));
  seating[seat] = s.seatOf.indexOf(other);
  seating[other] = player;
  return { type: 'power', seat: player, targets: [], seating };
}

const recordOf = (o: Options, actions: Action[]) => {
  const { seed, players, ...rest } = o;
  return {
    id: 't-1',
    table: 't',
    game: 1,
    rules: 'bla5t',
    rulesVersion: 1,
    names: Array.from({ length: players }, (_, i) => `P${i}`),
    options: { players, ...rest, seed },
    actions,
  };
};

describe('Bla5t replay steps', () => {
  for (const o of [
    { players: 2, seed: 'b2', maxScore: 50 },
    { players: 3, seed: 'b3', maxScore: 50 },
    { players: 3, seed: 'b3a', maxScore: 50, advanced: true, eleration: true },
    {
      players: 5,
      seed: 'b5a',
      maxScore: 50,
      advanced: true,
      heroes: ['h:stephania', 'h:jayce', 'h:apo', 'h:helmut'],
    },
    { players: 5, seed: 'b5', maxScore: 50, bosses: false },
  ] as Options[]) {
    const label = `${o.players} players, ${o.advanced ? 'advanced' : 'basic'}${o.players === 2 ? ' (heads-up)' : ''}`;
    it(`rebuilds every state of a game of ${label}, as the rules' own replay does`, () => {
      const { actions, engine, end } = played(o);
      const r = readRecord(JSON.parse(JSON.stringify(recordOf(o, actions))));
      if (!r.ok) throw new Error(r.error.message);
      const built = buildSteps(r.record);
      if (!built.ok) throw new Error(built.error.message);
      expect(built.steps).toHaveLength(actions.length + 1);
      expect(built.steps.at(-1)?.state).toEqual(end);
      expect(built.steps.at(-1)?.state).toEqual(replay(o, engine));
      expect(end.over).toBe(true);
      if (o.heroes?.includes('h:stephania'))
        expect(built.steps.some((st) => st.events.some((e) => e.type === 'seated'))).toBe(true);

      const frames = framesOf(built.steps);
      const rounds = end.round;
      const ends = frames.filter((f) => f.end !== null);
      expect(ends).toHaveLength(rounds);
      // A round scored and the next dealt in one step is two frames (its end, then the deal); with a
      // carry-over choice pending (X11.7) the deal waits for that choice's step.
      expect(frames.length).toBeGreaterThanOrEqual(actions.length + 1);
      expect(frames.length).toBeLessThanOrEqual(actions.length + rounds);
      if (!o.advanced) expect(frames).toHaveLength(actions.length + rounds);
      for (const f of ends) {
        // X1.8: every layout face up at a round's end, its scores shown.
        expect(f.view.layouts.every((l) => l.every((x) => x === null || 'up' in x))).toBe(true);
        expect(f.view.roundScores).toHaveLength(o.players);
        expect(f.lines.some((l) => l.kind === 'scored')).toBe(true);
      }
      expect(frames.at(-1)?.end).toBe('game');
      expect(frames.at(-1)?.view.totals).toEqual(end.totals);
      // Every face-down card of every frame is shown (the game is over: nothing is secret).
      for (const f of frames) {
        const down = f.view.layouts.flatMap((l, seat) =>
          l.flatMap((x, slot) => (x && 'down' in x ? [`${seat}.${slot}`] : [])),
        );
        expect([...f.open.keys()].sort()).toEqual(down.sort());
      }
      const names = r.record.names;
      expect(frameWords(frames[0] as (typeof frames)[0], names)).toBe('The cards are dealt.');
      const winners = end.winners.map((p) => `P${p}`).join(', ');
      expect(frameWords(frames.at(-1) as (typeof frames)[0], names)).toContain(`Lowest total wins: ${winners}.`);
      for (const f of frames) expect(frameWords(f, names)).not.toBe('');
    });
  }

  it('refuses what is not a Bla5t record, an unfinished game, and names a move the rules refuse', () => {
    const code = (x: unknown) => {
      const r = readRecord(x);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(null)).toBe('NOT_A_RECORD');
    expect(code({ rules: 'durak' })).toBe('NOT_BLA5T');
    expect(code({ rules: 'bla5t', options: { players: 3 }, actions: [], names: [] })).toBe('BAD_OPTIONS');
    expect(code({ rules: 'bla5t', options: { players: 7, seed: 'x' }, actions: [], names: [] })).toBe('BAD_OPTIONS');
    // Decks are a test's stacked order, never a table's option (module.ts): not taken from a record.
    expect(code({ rules: 'bla5t', options: { players: 3, seed: 'x', decks: [[]] }, actions: [], names: [] })).toBe(
      'BAD_OPTIONS',
    );
    const o: Options = { players: 3, seed: 'tamper', maxScore: 50 };
    const { actions } = played(o);
    const read = (acts: Action[]) => {
      const r = readRecord(JSON.parse(JSON.stringify(recordOf(o, acts))));
      if (!r.ok) throw new Error(r.error.message);
      return buildSteps(r.record);
    };
    const unfinished = read(actions.slice(0, 10));
    expect(unfinished.ok ? 'ok' : unfinished.error.code).toBe('UNFINISHED');
    // Move 7 played by someone not due.
    const tampered = [...actions];
    const a = actions[6] as Action & { seat: number };
    tampered[6] = { ...a, seat: (a.seat + 1) % 3 } as Action;
    const built = read(tampered);
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.error.code).toBe('REFUSED');
      expect(built.error.move).toBe(7);
      expect(built.error.refusal).toBe('NOT_YOUR_TURN');
      expect(built.error.message).toMatch(/^move 7 refused: /);
    }
    // Not an action at all.
    const junk = read([...actions.slice(0, 3), { type: 'fly' } as unknown as Action, ...actions.slice(4)]);
    expect(junk.ok ? 0 : junk.error.move).toBe(4);
  });
});
