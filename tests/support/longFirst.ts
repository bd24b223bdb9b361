/**
 * The order vitest starts test files in: the files known to take longest first, then vitest's own
 * order. On a fresh clone (CI) vitest has no timings yet and starts the largest files first, so the
 * short files that sweep layouts or play hundreds of games started last, and each unit stage ended
 * on one of them with its other workers idle (stop 53, fresh-clone run: the web stage's two layout
 * sweeps, 42 and 31 s, finished last in a 54 s stage; the server's 30 s Durak seats file 45th of 63).
 * Started first, they run beside the short ones instead. A file missing here only starts later.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, as measured in a fresh-clone run (seconds, that run): the order is what counts. */
export const LONG_FILES = [
  'apps/web/test/blazeLayoutUpright.test.ts', // 42
  'apps/web/test/blazeLayout.test.ts', // 31
  'apps/server/test/switchGame.test.ts', // 30
  'apps/server/test/store.test.ts', // 30
  'apps/server/test/durakSeats.test.ts', // 30
  'apps/server/test/recordFailure.test.ts', // 24
  'apps/server/test/heldTables.test.ts', // 23
  'apps/web/test/practiceStrength.test.ts', // 17
  'packages/durak/test/strong.test.ts', // 17
  'apps/server/test/concurrency.test.ts', // 15
  'apps/server/test/recordOnce.test.ts', // 14
  'packages/rules/test/game.property.test.ts', // 13
  'apps/server/test/edge.test.ts', // 13
  'apps/server/test/startGiveUp.test.ts', // 13
  'apps/server/test/reconnect.test.ts', // 12
  'apps/server/test/durakTable.test.ts', // 11
  'apps/server/test/latejoin.test.ts', // 11
  'packages/durak/test/conformance.test.ts', // 10
  'packages/rules/test/fuzz.test.ts', // 10
  'packages/bla5t/test/conformance-advanced.test.ts', // 9
  'packages/bla5t/test/properties.test.ts', // 8
  'packages/bots/test/strong-decisions.test.ts', // 7
  'packages/bots/test/mover.test.ts', // 7
  'packages/bots/test/legality.test.ts', // 6
  'packages/rules/test/fastpath.property.test.ts', // 6
];

/** A file's place in LONG_FILES, or after them all. */
function rank(spec: TestSpecification): number {
  const id = spec.moduleId.replaceAll('\\', '/');
  const i = LONG_FILES.findIndex((f) => id.endsWith(`/${f}`));
  return i === -1 ? LONG_FILES.length : i;
}

export class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const theirs = await super.sort(files);
    const at = new Map(theirs.map((f, k) => [f, k]));
    return [...theirs].sort((a, b) => rank(a) - rank(b) || (at.get(a) ?? 0) - (at.get(b) ?? 0));
  }
}
