/** A whole game on a real server, fast: one scripted person (the host) and bots, over colyseus.js. */
import { Client, type Room } from 'colyseus.js';
import { chooseAction } from '../../apps/server/src/bots.js';
// clientView, not helpers: helpers imports vitest, which throws outside a vitest run (the benches use this too).
import { send, viewFromState } from '../../apps/server/test/clientView.js';
import type { BlazeState } from '../../packages/protocol/src/schema.js';
import { readLog } from '../../packages/protocol/src/wire.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Plays game 1 of a new table to its end; returns the table id (the record is `<id>-1`). */
export async function finishGame(
  base: string,
  players: 3 | 4 | 5 = 4,
): Promise<{ id: string; room: Room<BlazeState> }> {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { windowMs: 500, botDelayMs: 0, clock: 'fast' } }),
  });
  const { id } = (await res.json()) as { id: string };
  const room = await new Client(base.replace(/^http/, 'ws')).joinById<BlazeState>(id, { name: 'Ann' });
  room.onMessage('*', () => {});
  await until(() => room.state.players?.[0]?.occupied === true, 5_000, 'the seat');
  for (let seat = 1; seat < players; seat++) {
    room.send('addBot', { seat });
    await until(() => room.state.players[seat]?.occupied === true, 5_000, `bot ${seat}`);
  }
  room.send('start', {});
  await until(() => room.state.status === 'playing', 5_000, 'start');
  let lastKey = '';
  const timer = setInterval(() => {
    const s = room.state;
    if (s.status !== 'playing' || s.over) return;
    const a = chooseAction('heuristic', viewFromState(s, 0), Math.random);
    if (!a) return;
    const key = JSON.stringify([a, readLog(s).reduce((m, l) => Math.max(m, l.seq), 0)]);
    if (key === lastKey) return;
    lastKey = key;
    send({ room } as never, a);
  }, 40);
  try {
    await until(() => room.state.status === 'finished', 60_000, 'the game to end');
  } finally {
    clearInterval(timer);
  }
  return { id, room };
}
