/// <reference lib="webworker" />
/** The practice table's worker: rules and bots off the page's thread. */
import '../../../noEval.js';
import { CLOCKS } from '@blaze/protocol';
import { randomStream, viewFor } from '@blaze/rules';
import { PracticeDriver } from './driver.js';
import { hintFor } from './hint.js';
import type { FromWorker, PracticeSetup, ToWorker } from './messages.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: FromWorker) => scope.postMessage(m);

let driver: PracticeDriver | null = null;
let setup: PracticeSetup | null = null;
let games = 0;
let rnd: () => number = Math.random;

function begin(s: PracticeSetup): void {
  driver?.stop();
  setup = s;
  rnd = randomStream(`${s.seed}:bots`);
  const names = [s.name];
  for (let k = 1; k < s.players; k++) names.push(`Bot ${k}`);
  driver = new PracticeDriver(
    {
      players: s.players,
      seed: s.seed,
      names,
      human: 0,
      settings: {
        firstPlayer: -1,
        windowMs: 3000,
        clock: s.clock === 'off' ? 'relaxed' : s.clock,
        botDelayMs: s.botDelayMs,
        reconnectSeconds: 60,
        private: true,
      },
      clocks: s.clock === 'off' ? null : CLOCKS[s.clock],
      strengths: ['normal', ...s.strengths],
    },
    (d) => post({ kind: 'table', table: d.table.snapshot(d.deadlines()) }),
    rnd,
  );
  driver.start();
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  switch (m.kind) {
    case 'start':
      begin(m.setup);
      return;
    case 'intent': {
      const refused = driver?.send(m.intent) ?? null;
      if (refused) post({ kind: 'refused', message: refused });
      return;
    }
    case 'rematch':
      if (driver && setup) driver.rematch(`${setup.seed}:${++games}`);
      return;
    case 'rename':
      driver?.rename(m.name);
      return;
    case 'hint':
      if (driver) post({ kind: 'hint', hint: hintFor(viewFor(driver.table.game, 0), rnd) });
      return;
    default: {
      const never: never = m;
      return never;
    }
  }
};
