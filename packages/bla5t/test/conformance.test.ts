/** Bla5t passes the game-module conformance suite (issue 36) (XC XT1 XT4 XT6). */
import { registerConformance } from '@blaze/game/conformance';
import { describe, it } from 'vitest';
import { bla5tModule } from '../src/module.js';
import { bla5tPrivacy } from '../src/privacy.js';

const runs = Number(process.env.CONFORMANCE_RUNS) || 2;

/** The strong bot searches at every decision of its whole games: on a busy shared machine that takes minutes. */
const slowIt = (name: string, fn: () => void, timeout?: number) => it(name, fn, Math.max(timeout ?? 0, 300_000));

registerConformance(bla5tModule, { privacy: bla5tPrivacy, runs }, { describe, it: slowIt });
