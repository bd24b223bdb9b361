/**
 * The module with the advanced rules and every extension power in the set (Stephania moving players,
 * Daisy, Carol, Jimbo, Maga, Fawkes, Hyperion, the midpoint change) through the conformance suite
 * (X12.5 X12.6 X12.7 XC).
 */
import { registerConformance } from '@blaze/game/conformance';
import { describe, it } from 'vitest';
import { type Bla5tOptions, bla5tModule } from '../src/module.js';
import { bla5tPrivacy } from '../src/privacy.js';

const runs = Number(process.env.CONFORMANCE_RUNS) || 2;

const advanced: typeof bla5tModule = {
  ...bla5tModule,
  id: 'bla5t-advanced',
  options: {
    ...bla5tModule.options,
    defaults: (players): Bla5tOptions => ({
      players: players as 2 | 3 | 4 | 5,
      advanced: true,
      heroes: ['h:stephania', 'h:daisy', 'h:carol', 'h:jimbo'],
      bossSet: ['b:maga', 'b:fawkes'],
    }),
  },
};

registerConformance(advanced, { privacy: bla5tPrivacy, runs }, { describe, it });
