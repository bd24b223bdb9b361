/** Battle of Durak passes the game-module conformance suite (DC; issue 37 part 3). */
import type { AnyGameModule } from '@blaze/game';
import { conformanceChecks, registerConformance } from '@blaze/game/conformance';
import { describe, expect, it } from 'vitest';
import { type State, viewFor } from '../src/index.js';
import { durakModule } from '../src/module.js';
import { durakPrivacy } from '../src/privacy.js';

// A few random games per seat count keep the run quick; CONFORMANCE_RUNS=50 plays more.
const runs = Number(process.env.CONFORMANCE_RUNS) || 3;

registerConformance(durakModule, { privacy: durakPrivacy, runs }, { describe, it });

// The suite plays default options only; the same module with ambush on (and team battle at 4)
// as the defaults plays the variants through every check too.
const variants: AnyGameModule = {
  ...durakModule,
  id: 'durak-ambush-team',
  options: {
    ...durakModule.options,
    defaults: (players: number) => ({ players, ambush: true, team: players === 4 }),
  },
};
registerConformance(variants, { privacy: durakPrivacy, runs }, { describe, it });

describe('the privacy probe bites', () => {
  it('D1.7 a view that shows every hand fails the conformance view check', () => {
    const leaky: AnyGameModule = {
      ...durakModule,
      view: (s: State, v: number | null) => ({ ...viewFor(s, v), hands: s.hands }),
    };
    const check = conformanceChecks(leaky, { privacy: durakPrivacy, runs: 1, seed: 37 }).find((c) =>
      c.name.startsWith('views'),
    );
    expect(() => check?.run()).toThrow(/holds a secret|changes with what it may not know/);
  });

  it('D1.7 a view that shows the deck order fails it too', () => {
    const leaky: AnyGameModule = {
      ...durakModule,
      view: (s: State, v: number | null) => ({ ...viewFor(s, v), deckCount: s.deck.join(',') }),
    };
    const check = conformanceChecks(leaky, { privacy: durakPrivacy, runs: 1, seed: 37 }).find((c) =>
      c.name.startsWith('views'),
    );
    expect(() => check?.run()).toThrow(/holds a secret|changes with what it may not know/);
  });
});
