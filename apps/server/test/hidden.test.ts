/**
 * Must show 2 (R11): every client (each player and a spectator) records every raw frame and every
 * decoded state during whole games. No frame may carry a card id the client could not know by then
 * (another hand, the decks' order), no decoded state may hold another seat's hand, betting cards or
 * hidden bet, and no frame may carry a game's seed or another person's seat token.
 */

import { readLog, readTable } from '@blaze/protocol/wire';
import { isCardId } from '@blaze/rules';
import { expect, it } from 'vitest';
import { chooseAction } from '../src/bots.js';
import {
  autoplay,
  createTable,
  FAST_ROOM,
  join,
  type Player,
  request,
  serverRoom,
  until,
  useServer,
} from './helpers.js';

const srv = useServer({ room: FAST_ROOM });

/** Card ids in a frame: schema and msgpack both write a 3-character string as 0xa3 + its bytes. */
function cardIdsIn(frame: Buffer): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 < frame.length; i++) {
    if (frame[i] !== 0xa3) continue;
    const id = frame.toString('latin1', i + 1, i + 4);
    if (isCardId(id)) out.push(id);
  }
  return out;
}

interface Watch {
  known: Set<string>;
  violations: string[];
  cardsSeen: number;
  ownSeen: number;
  checks: number;
}

function watch(p: Player): Watch {
  const w: Watch = { known: new Set(), violations: [], cardsSeen: 0, ownSeen: 0, checks: 0 };
  p.onFrame.push((pl, frame) => {
    const s = pl.room.state;
    if (!s?.players) return;
    w.checks++;
    const me = pl.seat;
    // What this client may know by now: its own hand and everything public, ever.
    const mine = me >= 0 ? [...(s.players[me]?.hand ?? [])] : [];
    for (const c of mine) w.known.add(c);
    if (s.trump) w.known.add(s.trump);
    for (const e of readTable(s)) {
      w.known.add(e.challenge);
      if (e.rejection) w.known.add(e.rejection);
    }
    for (const c of s.discard) w.known.add(c);
    for (const c of s.window?.cards ?? []) w.known.add(c);
    for (const l of readLog(s)) for (const c of l.cards) w.known.add(c);
    for (const c of cardIdsIn(frame)) {
      w.cardsSeen++;
      if (mine.includes(c)) w.ownSeen++;
      if (!w.known.has(c)) w.violations.push(`frame carried unknown card ${c}`);
    }
    s.players.forEach((slot, i) => {
      if (i === me) return;
      if ((slot.hand?.length ?? 0) > 0) w.violations.push(`saw hand of slot ${i}`);
      if ((slot.betHand?.length ?? 0) > 0) w.violations.push(`saw betting cards of slot ${i}`);
      if ((slot.myBet ?? -1) !== -1) w.violations.push(`saw hidden bet of slot ${i}`);
    });
    for (const b of s.bets) {
      if (b.by !== me && b.round > s.roundLosers.length && b.value !== -1) {
        w.violations.push(`saw unrevealed bet value of seat ${b.by}`);
      }
    }
  });
  return w;
}

it('no client ever receives another hand, a deck order, a hidden bet, a seed or a token', async () => {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 10, clock: 'fast' });
  const host = await join(srv.endpoint, id, { name: 'Ada' });
  const watches = new Map<Player, Watch>([[host, watch(host)]]);
  const players = [host];
  for (const name of ['Bob', 'Cy']) {
    const p = await join(srv.endpoint, id, { name });
    watches.set(p, watch(p));
    players.push(p);
  }
  const spectator = await join(srv.endpoint, id, { name: 'Eve', spectate: true });
  watches.set(spectator, watch(spectator));
  await until(() => players.every((p) => p.seat >= 0) && spectator.token !== '');
  expect(spectator.seat).toBe(-1);
  host.room.send('addBot', { seat: 3 });
  await until(() => host.room.state.players[3]?.occupied === true);
  const seeds: string[] = [];
  for (let game = 1; game <= 2; game++) {
    await request(
      host,
      game === 1 ? 'start' : 'rematch',
      {},
      () => host.room.state.gameNumber === game && host.room.state.status === 'playing',
    );
    seeds.push(serverRoom(id).gameOptions?.seed ?? 'missing');
    const runs = players.map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random), 5));
    await until(() => [...watches.keys()].every((p) => p.room.state.status === 'finished'), 50_000, 'game end');
    for (const r of runs) r.stop();
  }
  for (const [p, w] of watches) {
    expect(w.violations.slice(0, 5), p.name).toEqual([]);
    expect(w.checks).toBeGreaterThan(100);
    // The scanner works: it finds public cards in everyone's frames and own cards in players' frames.
    expect(w.cardsSeen).toBeGreaterThan(50);
    if (p !== spectator) expect(w.ownSeen).toBeGreaterThan(5);
    const all = Buffer.concat(p.frames).toString('latin1');
    for (const seed of seeds) expect(all.includes(seed)).toBe(false);
    for (const other of watches.keys()) {
      if (other.token !== p.token) expect(all.includes(other.token), `${p.name} got ${other.name}'s token`).toBe(false);
    }
    // The own token did arrive (in the 'seat' message), so the token scan can fail.
    expect(all.includes(p.token)).toBe(true);
  }
  expect(spectator.room.state.spectators).toBe(1);
  expect(spectator.errors).toEqual([]);
});

it('no hand reaches someone who sat in its seat before: seats changed, a host stood up, the game compacted them', async () => {
  const id = await createTable(srv.endpoint, { windowMs: 500, botDelayMs: 10, clock: 'fast' });
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  const bob = await join(srv.endpoint, id, { name: 'Bob' });
  const cy = await join(srv.endpoint, id, { name: 'Cy' });
  await until(() => [ada, bob, cy].every((p) => p.seat >= 0));
  const watches = new Map<Player, Watch>([ada, bob, cy].map((p) => [p, watch(p)]));
  // Bob moves from slot 1 to 4, Ada stands up to watch, a bot takes slot 3: at the start the game
  // seats Cy, the bot and Bob at 0, 1 and 2, into slots whose hands Ada and Bob could see before.
  await request(bob, 'sit', { seat: 4 }, () => bob.seat === 4);
  await request(ada, 'leave', {}, () => ada.seat === -1);
  await request(ada, 'addBot', { seat: 3 }, () => ada.room.state.players[3]?.occupied === true);
  for (let game = 1; game <= 2; game++) {
    await request(
      ada,
      game === 1 ? 'start' : 'rematch',
      {},
      () => ada.room.state.gameNumber === game && ada.room.state.status === 'playing',
    );
    const runs = [bob, cy].map((p) => autoplay(p, (v) => chooseAction('heuristic', v, Math.random), 5));
    await until(() => [...watches.keys()].every((p) => p.room.state.status === 'finished'), 50_000, 'game end');
    for (const r of runs) r.stop();
  }
  expect([bob.seat, cy.seat]).toEqual([2, 0]);
  for (const [p, w] of watches) {
    expect(w.violations.slice(0, 5), p.name).toEqual([]);
    expect(w.cardsSeen).toBeGreaterThan(50);
    // Autoplay races the bot and the clocks (R5.1): a move made stale meanwhile is refused, as it should be.
    // Anything else refused (a seat, a start, a malformed frame) is a fault.
    const moves = new Set(['play', 'reject', 'pass', 'stand', 'bet']);
    expect(
      p.errors.filter((e) => !moves.has(e.request ?? '')),
      p.name,
    ).toEqual([]);
  }
});
