/**
 * The table asks its game: a room per registered game (named by its id), seats from the module, the
 * module's action types deciding what a client may send. A clock's action (Blaze's closeWindow) is
 * the table's alone: a client sending one through a real websocket is refused and changes nothing.
 */
import { blazeModule } from '@blaze/blaze-game';
import type { ErrorMessage } from '@blaze/protocol';
import { type Client, matchMaker } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { tableGame, tableGames } from '../src/games.js';
import type { Refusal } from '../src/room/config.js';
import { type MessageHost, onAnyMessage } from '../src/room/messages.js';
import type { Person } from '../src/room/seating.js';
import {
  createTable,
  FAST_ROOM,
  join,
  nextError,
  type Player,
  SLOW,
  serverRoom,
  sleep,
  until,
  useServer,
} from './helpers.js';

const srv = useServer({
  room: { ...FAST_ROOM, clocks: { relaxed: SLOW, normal: SLOW, fast: SLOW } },
});

async function expectRefused(p: Player, send: () => void, code: string): Promise<void> {
  const from = p.errors.length;
  send();
  expect((await nextError(p, from)).code).toBe(code);
}

describe('a table of a registered game', () => {
  it('each registered game: its tables are listed under it, seated as its module says', async () => {
    expect(tableGames().map((g) => g.id)).toContain('blaze');
    const http = srv.endpoint.replace('ws', 'http');
    for (const { id: game, module } of tableGames()) {
      const res = await fetch(`${http}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game }),
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const [listing] = await matchMaker.query({ roomId: id });
      expect(listing?.name).toBe(game);
      const room = serverRoom(id);
      expect(room.module).toBe(module);
      expect(room.kind).toEqual({ game, rulesVersion: module.version });
      expect(room.seating.slots).toHaveLength(module.seats.max);
      expect(room.state.players).toHaveLength(module.seats.max);
      expect(room.maxClients).toBe(srv.server.edge.maxClientsPerTable(module.seats.max));
      const card = await (await fetch(`${http}/api/tables/${id}`)).json();
      expect(card).toMatchObject({ game, free: module.seats.max });
    }
  });

  it("refuses a client's closeWindow (a system action) and leaves the open window alone", async () => {
    const id = await createTable(srv.endpoint, { windowMs: 15_000, botDelayMs: 0, firstPlayer: 0 });
    const a = await join(srv.endpoint, id, { name: 'A' });
    const b = await join(srv.endpoint, id, { name: 'B' });
    const c = await join(srv.endpoint, id, { name: 'C' });
    await until(() => c.seat === 2);
    a.room.send('start', {});
    await until(() => [a, b, c].every((p) => p.room.state.status === 'playing'));
    const room = serverRoom(id);
    // A window open as after a supporter's play (playing to one needs a lucky deal): closeWindow
    // would be accepted by the rules now, so only the table's refusal keeps it open.
    const game = room.game;
    if (game === null) throw new Error('no game');
    room.game = { ...game, window: { seat: 1, cards: [] } };
    expect(blazeModule.apply(room.game, { type: 'closeWindow' }).ok).toBe(true);
    const before = JSON.stringify(room.game);
    const journal = room.journal.length;
    const attempts = room.attempts.length;

    for (const p of [a, b]) {
      await expectRefused(p, () => p.room.send('closeWindow', {}), 'UNKNOWN_ACTION');
      await expectRefused(p, () => p.room.send('closeWindow'), 'UNKNOWN_ACTION');
      // Nor smuggled in as the type field of a message of another name.
      await expectRefused(p, () => p.room.send('pass', { type: 'closeWindow' }), 'MALFORMED');
    }
    await sleep(50);
    expect(JSON.stringify(room.game)).toBe(before);
    expect(room.journal).toHaveLength(journal);
    expect(room.attempts).toHaveLength(attempts);
    for (const p of [a, b, c]) await p.room.leave();
  });
});

/** onAnyMessage against a stand-in holding only what the guard reads before a game action is judged. */
function messageTable(module: MessageHost['module']) {
  const refused: ErrorMessage[] = [];
  const person: Person = { token: 't', name: 'A', seat: 0, sessions: new Set(['s']), pending: 0 };
  const fail = () => {
    throw new Error('a refused message reached the game');
  };
  const host = {
    module,
    roomId: 'T',
    config: { maxMessageChars: 2_000, edge: { refuse: (_c: Client, _t: string, m: ErrorMessage) => refused.push(m) } },
    personOf: () => person,
    state: { status: 'playing' },
    game: module.setup({ players: 3 }, 'seed'),
    // Reached only by a message the guard let through.
    recorder: { write: fail },
    attempts: { push: fail },
  } as unknown as MessageHost;
  const send = (type: string, payload: unknown): Refusal | undefined => {
    const from = refused.length;
    onAnyMessage(host, { sessionId: 's' } as Client, type, payload);
    return refused[from];
  };
  return { send };
}

describe("a game's action types decide what a client may send", () => {
  it('a game message type this game lacks is MALFORMED, never judged', () => {
    const noBets = { ...blazeModule, actionTypes: { player: ['play', 'reject', 'pass', 'stand'], system: [] } };
    const t = messageTable(noBets as unknown as MessageHost['module']);
    expect(t.send('bet', { on: 1, value: 1 })?.code).toBe('MALFORMED');
  });

  it('a type the game names as a system action is refused, though the wire knows it', () => {
    const passBySystem = {
      ...blazeModule,
      actionTypes: { player: ['play', 'reject', 'stand', 'bet'], system: ['pass'] },
    };
    const t = messageTable(passBySystem as unknown as MessageHost['module']);
    expect(t.send('pass', {})?.code).toBe('UNKNOWN_ACTION');
  });

  it("Blaze's registered module knows every game message of the wire", () => {
    const blaze = tableGame('blaze')?.module;
    expect(blaze?.actionTypes.player).toEqual(['play', 'reject', 'pass', 'stand', 'bet']);
    expect(blaze?.actionTypes.system).toEqual(['closeWindow']);
  });
});
