/**
 * Playouts apply their actions with applyBuiltAction, which skips reading the input as untrusted. For
 * any well-formed action it must judge exactly as applyAction does: same next state, same events, same
 * refusal.
 */
import { type Action, applyAction, applyBuiltAction, createGame, type PlayerCount } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { randomLegalAction, simulateGame } from '../src/index.js';

describe('applyBuiltAction', () => {
  for (const players of [3, 4, 5] as PlayerCount[]) {
    it(`judges every action of random games like applyAction (${players} players)`, () => {
      let accepted = 0;
      let refused = 0;
      for (let g = 0; g < 4; g++) {
        const seed = `built-${players}-${g}`;
        const game = simulateGame({ players, seed, mover: randomLegalAction, record: true });
        let s = createGame({ players, seed });
        for (const a of game.actions) {
          // Actions the state may refuse: the wrong seat standing or passing, a card the seat lacks.
          const odd: Action[] = [
            { type: 'stand', seat: s.target },
            { type: 'pass', seat: s.active },
            { type: 'play', seat: s.target, cards: (s.hands[s.active] ?? []).slice(0, 1) },
            { type: 'closeWindow' },
          ];
          for (const x of odd) {
            const built = applyBuiltAction(s, x);
            expect(built).toEqual(applyAction(s, x));
            if (!built.ok) refused++;
          }
          const r = applyBuiltAction(s, a);
          expect(r).toEqual(applyAction(s, a));
          if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}`);
          accepted++;
          s = r.state;
        }
        expect(s).toEqual(game.state);
      }
      expect(accepted).toBeGreaterThan(100);
      expect(refused).toBeGreaterThan(100);
    });
  }
});
