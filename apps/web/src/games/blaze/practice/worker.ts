/// <reference lib="webworker" />
/** The practice table's worker: rules and bots off the page's thread. */
import '../../../noEval.js';
import { CLOCKS } from '@blaze/protocol';
import { randomStream, viewFor } from '@blaze/rules';
import { hintFor } from './hint.js';
import type { FromWorker, PracticeSetup, ToWorker } from './messages.js';
import { PracticeSession } from './session.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: FromWorker) => scope.postMessage(m);

let session: PracticeSession | null = null;
let setup: PracticeSetup | null = null;
let games = 0;
let rnd: () => number = Math.random;

function begin(s: PracticeSetup): void {
  session?.stop();
  setup = s;
  rnd = randomStream(`${s.seed}:bots`);
  const names = [s.name];
  for (let k = 1; k < s.players; k++) names.push(`Bot ${k}`);
  session = new PracticeSession(
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
    (t) => post({ kind: 'table', table: t.table.snapshot(t.deadlines()) }),
    rnd,
  );
  session.start();
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  switch (m.kind) {
    case 'start':
      begin(m.setup);
      return;
    case 'intent': {
      const refused = session?.send(m.intent) ?? null;
      if (refused) post({ kind: 'refused', message: refused });
      return;
    }
    case 'rematch':
      if (session && setup) session.rematch(`${setup.seed}:${++games}`);
      return;
    case 'rename':
      session?.rename(m.name);
      return;
    case 'hint':
      if (session) post({ kind: 'hint', hint: hintFor(viewFor(session.table.game, 0), rnd) });
      return;
    default: {
      const never: never = m;
      return never;
    }
  }
};
