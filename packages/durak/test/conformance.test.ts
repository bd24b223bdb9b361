/** Battle of Durak passes the game-module conformance suite (DC; issue 37 part 3). */
import { registerConformance } from '@blaze/game/conformance';
import { describe, it } from 'vitest';
import { durakModule } from '../src/module.js';
import { durakPrivacy } from '../src/privacy.js';

// A few random games per seat count keep the run quick; CONFORMANCE_RUNS=50 plays more.
const runs = Number(process.env.CONFORMANCE_RUNS) || 3;

registerConformance(durakModule, { privacy: durakPrivacy, runs }, { describe, it });
