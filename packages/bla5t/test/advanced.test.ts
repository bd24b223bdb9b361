/** Advanced rules (X12): Hyperion, the extension heroes, carry-over, the extension bosses. */
import { describe, expect, it } from 'vitest';
import { type Card, createGame, type Options, redactEvent, type State, viewFor } from '../src/index.js';
import { blastRound, cardAt, lookAll, passTurn, play, refused, scoredOf, stack, topCard } from './helpers.js';

const ADV_HEROES = ['h:daisy', 'h:carol', 'h:jimbo', 'h:enzo'];
const H: string[][] = [
  ['m1a', 'm1b', 'm2a', 'm2b'],
  ['m10a', 'm3b', 'm4a', 'm4b'],
  ['m9a', 'm9b', 'm11b', 'm5a'],
  ['m12a', 'm12b', 'm3c', 'm3d'],
];

function adv(hands: string[][], discard: string, draw: string[], extra: Partial<Options> = {}, later: Card[][] = []): State {
  const o: Options = { players: 4, seed: 'adv', dealer: 3, advanced: true, heroes: ADV_HEROES, ...extra };
  const cards = createGame(o).cards;
  return lookAll(createGame({ ...o, decks: [stack(hands, discard, draw, { cards }), ...later] })).state;
}

const surgery = (s: State, f: (t: State) => void): State => {
  const t = structuredClone(s) as State;
  f(t);
  return t;
};

describe('X12 advanced', () => {
  it('XX20 X12.4 XN20 Hyperion combo: 0 points; next round each Draw shows two, the other discarded first', () => {
    const s = adv([['b:hyperion', 'm7a', 'm7b', 'm7c'], H[1] as string[], H[2] as string[], H[3] as string[]], 'm6sa', []);
    const r = blastRound(s, 0);
    const sc = scoredOf(r.events);
    expect(sc.scores[0]).toBe(0);
    expect(sc.combo).toBe(0);
    let t = lookAll(r.state).state;
    expect(viewFor(t, 1).hyperion).toBe(0);
    for (let i = 0; i < 4 && t.active !== 0; i++) t = passTurn(t).state;
    expect(t.active).toBe(0);
    const two = play(t, { type: 'draw', seat: 0 });
    const pair = two.state.pair;
    expect(pair).toHaveLength(2);
    expect(viewFor(two.state, 0).pair).toEqual(pair);
    expect(viewFor(two.state, 1).pair).toBeNull();
    const drewTwo = two.events.find((e) => e.type === 'drewTwo');
    expect(redactEvent(drewTwo!, 1)).toMatchObject({ cards: null });
    expect(refused(two.state, { type: 'discardDrawn', seat: 0 })).toBe('NOT_YOUR_TURN');
    const kept = play(two.state, { type: 'keep', seat: 0, card: pair[1] as Card });
    expect(kept.events).toContainEqual({ type: 'discarded', seat: 0, card: pair[0] });
    expect(kept.state.drawn).toBe(pair[1]);
    expect(kept.state.step.kind).toBe('drawn');
    // Other players still draw one.
    const next = passTurn(play(kept.state, { type: 'discardDrawn', seat: 0 }).state).state;
    expect(next.pair).toEqual([]);
  });

  it('X12.5 XN19 Daisy discards a face-up card (not the caller\'s), which is then protected (X6.1)', () => {
    let s = adv(H, 'm5d', ['h:daisy']);
    s = surgery(s, (t) => {
      t.layouts[2]![1] = { card: 'm9b', up: true };
    });
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }).state;
    expect(refused(s, { type: 'power', seat: 0, targets: [{ seat: 2, slot: 0 }] })).toBe('NO_TARGET');
    // XT3: no Helmut in the public set, so no window.
    s = play(s, { type: 'power', seat: 0, targets: [{ seat: 2, slot: 1 }] }).state;
    expect(s.layouts[2]?.[1]).toBeNull();
    expect(topCard(s)).toBe('m9b');
    expect(refused(s, { type: 'take', seat: 1, slot: 0 })).toBe('PROTECTED');
  });

  it('X12.5 Carol flips every card in every layout but the caller\'s', () => {
    let s = adv(H, 'm5d', ['h:carol']);
    s = surgery(s, (t) => {
      t.layouts[2]![1] = { card: 'm9b', up: true };
      t.caller = 3;
      t.finalLeft = [0, 1, 2];
    });
    s = play(s, { type: 'draw', seat: 0 }, { type: 'discardDrawn', seat: 0 }, { type: 'power', seat: 0, targets: [] }).state;
    expect(s.layouts[2]?.[1]).toEqual({ card: 'm9b', up: false });
    expect(s.layouts[2]?.[0]).toEqual({ card: 'm9a', up: true });
    expect(s.layouts[0]?.every((x) => x?.up)).toBe(true);
    expect(s.layouts[3]?.every((x) => !x?.up)).toBe(true);
    expect(cardAt(s, 1, 0)).toBe('m10a');
  });
});
