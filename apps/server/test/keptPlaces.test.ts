/**
 * Joins that never connect each hold a place at a table for a while (Colyseus' seat reservation).
 * Thirty of them, from anyone with the link, had locked a table against its own players: a seated
 * player reloading mid-game was refused ("room is locked") and a bot played their seat. Here one
 * address may hold any number (the per-address cap is edge.test.ts'), and strangers fill every place
 * they can: the table's own people still get in, by seat token.
 */
import { matchMaker } from '@colyseus/core';
import { Client } from 'colyseus.js';
import { expect, it } from 'vitest';
import { TABLE_FULL } from '../src/edge.js';
import { createTable, join, until, useServer } from './helpers.js';

const srv = useServer({ limits: { tableMaxSpectators: 2 } });

const http = () => srv.endpoint.replace('ws', 'http');
const joinOnly = (id: string, body: object) =>
  fetch(`${http()}/matchmake/joinById/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it("strangers' joins that never connect cannot take the places kept for the table's people", async () => {
  const id = await createTable(srv.endpoint, { reconnectSeconds: 5 });
  const sam = await join(srv.endpoint, id, { name: 'Sam' });
  const ann = await join(srv.endpoint, id, { name: 'Ann' });
  await until(() => sam.token !== '' && ann.token !== '' && ann.seat === 1, 5_000, 'two seated with tokens');

  // Strangers take every place they may: the rest are kept.
  let held = 0;
  for (;;) {
    // The matchmaker answers 200 either way: a reservation, or { code, error }.
    const answer = (await (await joinOnly(id, { name: `Lurker ${held}` })).json()) as {
      sessionId?: string;
      code?: number;
      error?: string;
    };
    if (answer.sessionId === undefined) {
      // Colyseus said 'is already full.' with no code; the page words a code (TABLE_FULL) as "full".
      expect(answer).toEqual({ code: TABLE_FULL, error: expect.stringMatching(/taken/) });
      break;
    }
    held++;
    expect(held, 'strangers were never refused').toBeLessThan(100);
  }
  // 5 seats, 2 spectators and 5 second tabs are the places anyone may take; 2 of them are Sam and Ann.
  expect(held).toBe(10);
  await expect(new Client(srv.endpoint).joinById(id, { name: 'Stranger' })).rejects.toMatchObject({
    code: TABLE_FULL,
  });

  // Ann reloads: her seat token gets her in, and so does a second tab of Sam's.
  await ann.room.leave(false);
  const back = await join(srv.endpoint, id, { name: 'Ann', seatToken: ann.token });
  await until(() => back.seat === 1, 5_000, 'Ann back in her seat');
  const tab = await join(srv.endpoint, id, { name: 'Sam', seatToken: sam.token });
  await until(() => tab.seat === 0, 5_000, "Sam's second tab");
  // A token that only looks like one, or a stored hash in its place, is a stranger's.
  await expect(new Client(srv.endpoint).joinById(id, { name: 'Eve', seatToken: 'x'.repeat(32) })).rejects.toMatchObject(
    {
      code: TABLE_FULL,
    },
  );
  await expect(
    new Client(srv.endpoint).joinById(id, { name: 'Eve', seatToken: `h:${'0'.repeat(32)}` }),
  ).rejects.toMatchObject({ code: TABLE_FULL });
  for (const p of [sam, back, tab]) await p.room.leave();
});

it('a table with every place taken (Colyseus locks it and says the room "is locked") is full, not gone', async () => {
  const id = await createTable(srv.endpoint, {});
  const sam = await join(srv.endpoint, id, { name: 'Sam' });
  await until(() => sam.seat === 0, 5_000, 'Sam seated');
  // Colyseus locks a room itself when its clients and reservations reach maxClients.
  await matchMaker.getLocalRoomById(id)?.lock();
  const answer = await (await joinOnly(id, { name: 'Kim' })).json();
  expect(answer).toEqual({ code: TABLE_FULL, error: expect.stringMatching(/taken/) });
  // A table that does not exist is still told apart: the page says it is gone.
  expect(await (await joinOnly('nosuchtable0', { name: 'Kim' })).json()).toMatchObject({ code: 4212 });
  await sam.room.leave();
});
