/** Blaze passes the game-module conformance suite (issue 36, must-show 1). */
import { registerConformance } from '@blaze/game/conformance';
import { describe, it } from 'vitest';
import { blazeModule } from '../src/index.js';
import { blazePrivacy } from '../src/privacy.js';

// A couple of random games per seat count and check keeps `pnpm test` quick; CONFORMANCE_RUNS=50
// plays more (the failure message names the seed to replay).
const runs = Number(process.env.CONFORMANCE_RUNS) || 2;

registerConformance(
  blazeModule,
  {
    privacy: blazePrivacy,
    runs,
    // The strong bot searches (hundreds of ms a move); it decides through the same rules as these.
    botStrengths: ['easy', 'normal'],
  },
  { describe, it },
);
