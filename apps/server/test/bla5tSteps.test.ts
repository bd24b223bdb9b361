/**
 * The advanced steps a game reaches only by chance, over real websockets (issue 38): the table is
 * put into a carry-over (X11) and a midpoint set change (X12.7) by restoring a game state shaped by
 * the rules (restoreGeneric: what a server restart does with a record), then the people answer by
 * message as the browser does. Only the awaited seat may answer; its choice deals the next round;
 * the secret set reaches the chooser's view only, the others read that a change may have happened
 * (XN33) and the last public set.
 */
import { createGame, type State, type View } from '@blaze/bla5t';
import { readBla5tWire } from '@blaze/bla5t/wire';
import { expect, it } from 'vitest';
import { restoreGeneric } from '../src/table/generic.js';
import { FAST_ROOM, join, nextError, type Player, serverRoom, until, useServer } from './helpers.js';

const srv = useServer({ room: FAST_ROOM });
const HEROES = ['h:jimbo', 'h:enzo', 'h:lola', 'h:leo'];
const OPTIONS = { players: 2, advanced: true, heroes: HEROES, bossSet: ['b:gordon', 'b:maga'] };

// biome-ignore lint/suspicious/noExplicitAny: the decoded state is read by reflection, untyped.
const wireOf = (p: Player): any => (p.room.state as any)?.wire;
function viewOf(p: Player): View | null {
  const w = wireOf(p);
  if (!w?.view || w.view.size === 0) return null;
  const pub: [string, string][] = [];
  w.view.forEach((text: string, key: string) => {
    pub.push([key, text]);
  });
  return readBla5tWire(pub, w.seats[p.seat]?.view ?? '', p.seat);
}

/** A fresh game of the table's options with the step `f` shapes (the rules' own state fields). */
function shaped(seed: string, f: (s: State) => void): State {
  const s = structuredClone(createGame({ ...OPTIONS, players: 2, seed })) as State;
  f(s);
  return s;
}

const none = { jimbo: null, duo: false, enzo: null };

it('carry-over and the secret midpoint change, answered by message from the awaited seat only', async () => {
  const res = await fetch(`${srv.endpoint.replace('ws', 'http')}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'bla5t', settings: { clock: 'relaxed', ...OPTIONS } }),
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  const bo = await join(srv.endpoint, id, { name: 'Bo' });
  await until(() => ada.seat === 0 && bo.seat === 1);
  ada.room.send('start', {});
  await until(() => viewOf(ada)?.awaiting.kind === 'look', 10_000, 'the game');
  const room = serverRoom(id);
  // As a restart restores a table: the game from its record, then the table's own refresh (its
  // deadlines, the patch sent).
  const restore = (state: State) => {
    restoreGeneric(room as never, {
      gameNumber: room.state.gameNumber,
      options: { ...OPTIONS, seed: 'steps' },
      actions: [],
      state,
    });
    room.afterChange();
  };

  // X11.2 X11.4 X11.6: Ada holds Jimbo (3 cards) and a face-down Enzo; Bo has nothing to choose.
  restore(
    shaped('c', (s) => {
      s.step = { kind: 'carry', need: [true, false] };
      s.carry = { avail: [{ jimbo: 3, duo: false, enzo: 'down' }, none], use: [null, null] };
    }),
  );
  await until(() => viewOf(ada)?.awaiting.kind === 'carry', 10_000, 'the carry-over');
  expect(viewOf(ada)?.awaiting.seats).toEqual([0]);
  expect(viewOf(ada)?.carryOptions).toEqual({ jimbo: 3, duo: false, enzo: 'down' });
  expect(viewOf(bo)?.carryOptions).toBeNull();
  let seen = bo.errors.length;
  bo.room.send('carryOver', { use: [] });
  expect((await nextError(bo, seen)).code).toBe('NOT_YOUR_TURN');
  seen = ada.errors.length;
  ada.room.send('carryOver', { use: ['jimbo', 'enzo'] });
  expect((await nextError(ada, seen)).code).toBe('NO_TARGET');
  ada.room.send('carryOver', { use: ['jimbo'] });
  // Jimbo: dealt the 3 cards held, no looks; Bo looks at 2 as usual.
  await until(() => viewOf(ada)?.awaiting.kind === 'look', 10_000, 'the next deal');
  expect(viewOf(ada)?.layouts[0]).toHaveLength(3);
  expect(viewOf(ada)?.awaiting.seats).toEqual([1]);

  // X12.7: Ada may change the set in secret; Bo may not answer and never reads her choice.
  restore(
    shaped('m', (s) => {
      s.step = { kind: 'change', seat: 0 };
      s.carry = { avail: [none, none], use: [null, null] };
    }),
  );
  await until(() => viewOf(bo)?.awaiting.kind === 'change', 10_000, 'the midpoint');
  expect(viewOf(bo)?.awaiting.seats).toEqual([0]);
  seen = bo.errors.length;
  bo.room.send('changeSet', { heroes: HEROES, bossSet: ['b:gordon', 'b:maga'] });
  expect((await nextError(bo, seen)).code).toBe('NOT_YOUR_TURN');
  seen = ada.errors.length;
  ada.room.send('changeSet', { heroes: ['h:jimbo', 'h:enzo', 'h:lola'], bossSet: ['b:gordon', 'b:maga'] });
  expect((await nextError(ada, seen)).code).toBe('MALFORMED');
  const secret = { heroes: ['h:daisy', 'h:carol', 'h:stephania', 'h:apo'], bossSet: ['b:fawkes', 'b:futura'] };
  ada.room.send('changeSet', secret);
  await until(() => viewOf(bo)?.awaiting.kind === 'look', 10_000, 'the deal after the change');
  expect(viewOf(ada)?.heroes).toEqual(secret.heroes);
  expect(viewOf(ada)?.bossSet).toEqual(secret.bossSet);
  expect(viewOf(bo)?.heroes).toEqual(HEROES);
  expect(viewOf(bo)?.setMayHaveChanged).toBe(true);
  // Nothing Bo's client holds names the new heroes.
  const held = JSON.stringify(wireOf(bo)?.toJSON());
  expect(held).toMatch(/jimbo/);
  expect(held).not.toMatch(/daisy|carol|stephania/);
  expect(ada.errors.length).toBe(seen + 1);
});
