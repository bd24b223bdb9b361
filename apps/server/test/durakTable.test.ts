/**
 * Battle of Durak on the server table through real websockets (issue 37, must-show 2): whole games at
 * 2, 3 and 4 players, with Ambush and with Team Battle, people (playing from their own decoded view)
 * and bots acting at once, a spectator. Every frame each client received is decoded and scanned for
 * card ids it may not know by then: only its own hand and what is public (the trump card, the cards
 * on the table, cards named in the public log: taken on a retreat, the drawn trump card) may appear.
 */
import { beats, nextDealer, type State, suitOf, type View } from '@blaze/durak';
import { readDeadlines, readLog } from '@blaze/protocol/wire';
import { afterAll, expect, it } from 'vitest';
import { genericGame } from '../src/table/generic.js';
import { durakView, playDurak, wireOf } from './durakClient.js';
import { FAST_ROOM, join, type Player, serverRoom, until, useServer } from './helpers.js';

const srv = useServer({ room: { ...FAST_ROOM, autoDelayMs: [20, 60] } });

const http = () => srv.endpoint.replace('ws', 'http');

async function createDurak(settings: object): Promise<string> {
  const res = await fetch(`${http()}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'durak', settings: { botDelayMs: 10, clock: 'fast', ...settings } }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const viewOf = durakView;

const MOVES = new Set(['attack', 'defend', 'retreat', 'end']);

const CARD = /(?<![0-9A-Za-z])(?:6|7|8|9|10|11|12|13|14)[KSHC](?![0-9A-Za-z])/g;

interface Watch {
  known: Set<string>;
  violations: string[];
  cardsSeen: number;
  ownSeen: number;
  frames: number;
  /** The last log line checked. */
  logSeq: number;
  /** Frames with someone awaited (each checked for a deadline), and those where it was this player, forced. */
  clocked: number;
  forced: number;
}

/** This player, awaited, can only retreat: an undefended card and nothing in hand that beats it (DT3). */
function forcedForMe(v: View): boolean {
  const open = v.table.find((p) => p.defence === null);
  if (!open || v.defender !== v.viewer) return false;
  return !v.hand.some((c) => beats(c, open.attack, suitOf(v.trump)));
}

function watch(p: Player): Watch {
  const w: Watch = {
    known: new Set(),
    violations: [],
    cardsSeen: 0,
    ownSeen: 0,
    frames: 0,
    logSeq: -1,
    clocked: 0,
    forced: 0,
  };
  p.onFrame.push((pl, frame) => {
    const wire = wireOf(pl);
    if (!wire) return;
    w.frames++;
    const v = viewOf(pl);
    const mine = v?.hand ?? [];
    for (const c of mine) w.known.add(c);
    if (v) {
      if (v.trump) w.known.add(v.trump);
      for (const pair of v.table) {
        w.known.add(pair.attack);
        if (pair.defence) w.known.add(pair.defence);
      }
    }
    // The log's cards too, decoded (a line packs 3-character ids together, which the raw scan below
    // cannot split): each must be one this client saw public (on the table, the trump) or its own.
    for (const l of readLog(pl.room.state)) {
      if (l.seq <= w.logSeq) continue;
      w.logSeq = l.seq;
      for (const c of l.cards) {
        w.cardsSeen++;
        // A card played is public by its own line (a defence that ends the battle never shows on the
        // table); any other line's cards (taken on a retreat, the trump drawn) must have been seen.
        if (l.kind === 'attacked' || l.kind === 'defended') w.known.add(c);
        else if (!w.known.has(c)) w.violations.push(`${pl.name} got unknown card ${c} in the log (${l.kind})`);
      }
    }
    for (const m of frame.toString('latin1').matchAll(CARD)) {
      const c = m[0];
      w.cardsSeen++;
      if (mine.includes(c)) w.ownSeen++;
      if (!w.known.has(c)) w.violations.push(`${pl.name} got unknown card ${c}`);
    }
    // Clocks on the wire: whoever is awaited has a deadline (kind `turn`), a person, a bot or a
    // forced step alike; the forced ones this client can tell (its own) are counted.
    if (v && !v.over && v.awaited !== null && pl.room.state.status === 'playing') {
      const shown = readDeadlines(pl.room.state);
      w.clocked++;
      if (!shown.some((d) => d.kind === 'turn' && d.seat === v.awaited)) {
        w.violations.push(`${pl.name}: seat ${v.awaited} awaited without a deadline (${pl.room.state.deadlines})`);
      }
      if (v.awaited === pl.seat && forcedForMe(v)) w.forced++;
    }
    // No decoded private part but one's own.
    wire.seats.forEach((part, i) => {
      if (i !== pl.seat && part.view) w.violations.push(`${pl.name} decoded seat ${i}'s private part`);
    });
  });
  return w;
}

async function playGames(
  settings: object,
  people: string[],
  games: number,
  ends: State[] = [],
): Promise<{ id: string; watches: Map<Player, Watch>; host: Player; spectator: Player }> {
  const id = await createDurak(settings);
  const players: Player[] = [];
  for (const name of people) players.push(await join(srv.endpoint, id, { name }));
  const spectator = await join(srv.endpoint, id, { name: 'Eve', spectate: true });
  const host = players[0] as Player;
  await until(() => players.every((p) => p.seat >= 0) && spectator.token !== '');
  const watches = new Map<Player, Watch>([...players, spectator].map((p) => [p, watch(p)]));
  const runs = players.map((p) => playDurak(p));
  for (let game = 1; game <= games; game++) {
    const type = game === 1 ? 'start' : 'rematch';
    const sent = host.errors.length;
    host.room.send(type, {});
    await until(
      () => host.room.state.gameNumber === game || host.errors.length > sent,
      10_000,
      `${type} (${JSON.stringify(host.errors.at(-1))})`,
    );
    // A move of the last game arriving after its end is refused (WRONG_PHASE): a race, not a fault.
    expect(host.errors.slice(sent).filter((e) => !MOVES.has(e.request ?? ''))).toEqual([]);
    await until(
      () => [...watches.keys()].every((p) => p.room.state.gameNumber === game && p.room.state.status === 'finished'),
      90_000,
      `game ${game} end`,
    );
    ends.push(genericGame(serverRoom(id))?.state as State);
  }
  for (const r of runs) r.stop();
  return { id, watches, host, spectator };
}

/** Frames and card ids checked in this file, for the report. */
const checked = { frames: 0, cards: 0, clocked: 0, forced: 0 };
afterAll(() =>
  console.log(
    `leak scan: ${checked.frames} frames decoded, ${checked.cards} card ids checked; ${checked.clocked} frames with a seat awaited had its deadline (${checked.forced} of them a forced retreat of the client's own)`,
  ),
);

function expectNoLeak(watches: Map<Player, Watch>, spectator: Player): void {
  for (const [p, w] of watches) {
    checked.frames += w.frames;
    checked.cards += w.cardsSeen;
    checked.clocked += w.clocked;
    checked.forced += w.forced;
    expect(w.clocked, p.name).toBeGreaterThan(10);
    expect(w.violations.slice(0, 5), p.name).toEqual([]);
    expect(w.frames).toBeGreaterThan(20);
    // The scanner finds cards: public ones in everyone's frames, own ones in a player's.
    expect(w.cardsSeen).toBeGreaterThan(10);
    if (p !== spectator) expect(w.ownSeen, p.name).toBeGreaterThan(0);
    // Refusals only of moves made stale by a clock or an automatic step (people race them).
    expect(
      p.errors.filter((e) => !MOVES.has(e.request ?? '')),
      p.name,
    ).toEqual([]);
  }
}

it('3 players with Ambush: two people and a bot, a spectator, three games; nothing private leaks', async () => {
  const ends: State[] = [];
  const { id, watches, spectator } = await playGames({ players: 3, ambush: true }, ['Ada', 'Bob'], 3, ends);
  // D11.1 here too (one loser a game): the rematches were dealt by the last game's durak.
  for (let i = 1; i < ends.length; i++) expect(ends[i]?.dealer, `game ${i + 1}`).toBe(nextDealer(ends[i - 1] as State));
  const card = (await (await fetch(`${http()}/api/tables/${id}`)).json()) as { game: string };
  expect(card.game).toBe('durak');
  expectNoLeak(watches, spectator);
  const view = viewOf(spectator);
  expect(view?.ambush).toBe(true);
  expect(view?.hand).toEqual([]);
  expect(view?.players).toBe(3);
  expect(serverRoom(id).state.players.filter((s) => s.bot).length).toBe(1);
  // The wire's cost (a figure, not a limit): each client's frames' bytes, median, and per action.
  const actions = genericGame(serverRoom(id))?.journal.length ?? 0;
  // Nor the game's seed (the deck order follows from it), nor another person's seat token.
  const seed = genericGame(serverRoom(id))?.seed ?? 'missing';
  for (const p of watches.keys()) {
    const all = Buffer.concat(p.frames).toString('latin1');
    expect(all.includes(seed), p.name).toBe(false);
    for (const other of watches.keys()) if (other !== p) expect(all.includes(other.token), p.name).toBe(false);
    expect(all.includes(p.token)).toBe(true);
  }
  for (const p of watches.keys()) {
    const sizes = p.frames.map((f) => f.length).sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)];
    console.log(`bytes ${p.name}: ${sizes.length} frames, median ${median} B, last game ${actions} actions`);
  }
});

it('4 players in Team Battle (a person and three bots) and a rematch dealt by the loser (D11)', async () => {
  const ends: State[] = [];
  const { id, watches, spectator } = await playGames({ players: 4, team: true }, ['Ada'], 4, ends);
  // D11.1: each rematch is dealt by the last game's loser (the team tie-break: nextDealer). Without
  // it every game has the lobby's dealer, which four games' losers rarely all match.
  for (let i = 1; i < ends.length; i++) expect(ends[i]?.dealer, `game ${i + 1}`).toBe(nextDealer(ends[i - 1] as State));
  expectNoLeak(watches, spectator);
  expect(viewOf(spectator)?.team).toBe(true);
  expect(viewOf(spectator)?.teams.length).toBe(2);
  const room = serverRoom(id);
  const first = genericGame(room);
  expect(first).not.toBeNull();
  // The evening's scoreboard: four games, each losing seat scored 1 (a running tally of losses).
  expect(room.state.results.length).toBe(4);
  const rows = room.state.scoreboard.map((r) => ({ games: r.games, points: r.points }));
  expect(rows.every((r) => r.games === 4)).toBe(true);
  expect(rows.reduce((n, r) => n + r.points, 0)).toBe(
    room.state.results.reduce((n, r) => n + r.scores.reduce((a, b) => a + b, 0), 0),
  );
});

it('4 players with Ambush and Team Battle: three people and a bot acting at once, a spectator, two games', async () => {
  const ends: State[] = [];
  const { watches, spectator } = await playGames(
    { players: 4, ambush: true, team: true },
    ['Ada', 'Bob', 'Cy'],
    2,
    ends,
  );
  for (let i = 1; i < ends.length; i++) expect(ends[i]?.dealer, `game ${i + 1}`).toBe(nextDealer(ends[i - 1] as State));
  expectNoLeak(watches, spectator);
  const view = viewOf(spectator);
  expect(view?.ambush).toBe(true);
  expect(view?.team).toBe(true);
  // D10.3: a team game ends with a whole team winning and the other (both its seats) losing, or a tie.
  for (const end of ends) {
    expect(end.over).toBe(true);
    const team = (seats: number[]) => [...seats].sort().join();
    const won = team(end.winners);
    if (won === '0,1,2,3') expect(end.losers).toEqual([]);
    else {
      expect(['0,2', '1,3']).toContain(won);
      expect(team(end.losers)).toBe(won === '0,2' ? '1,3' : '0,2');
    }
  }
});

it('2 players and 4 players by the lobby options message; a bad option is refused and changes nothing', async () => {
  const { watches, spectator, host } = await playGames({ players: 2 }, ['Ada', 'Bob'], 1);
  expectNoLeak(watches, spectator);
  const before = host.errors.length;
  host.room.send('options', { team: true });
  await until(() => host.errors.length > before);
  expect(host.errors.at(-1)?.code).toBe('BAD_OPTIONS');
  host.room.send('options', { players: 4, ambush: true });
  await until(() => host.room.state.players.filter((s) => s.occupied).length >= 2);
  const sent = host.errors.length;
  host.room.send('rematch', {});
  await until(() => host.room.state.gameNumber === 2 || host.errors.length > sent, 10_000, 'second game');
  expect(host.errors.slice(sent)).toEqual([]);
  await until(() => viewOf(spectator)?.players === 4);
  expect(viewOf(spectator)?.ambush).toBe(true);
});

it('refuses a bad Durak table, and Blaze actions or unknown types on a Durak table', async () => {
  const bad = await fetch(`${http()}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'durak', settings: { players: 3, team: true } }),
  });
  expect(bad.status).toBe(400);
  const blazeBad = await fetch(`${http()}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { ambush: true } }),
  });
  expect(blazeBad.status).toBe(400);
  const id = await createDurak({ players: 2 });
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  await until(() => ada.seat >= 0);
  ada.room.send('play', { cards: ['7S'] });
  await until(() => ada.errors.length > 0);
  expect(ada.errors[0]?.code).toBe('MALFORMED');
  ada.room.send('attack', { card: '7S' });
  await until(() => ada.errors.length > 1);
  expect(ada.errors[1]?.code).toBe('WRONG_PHASE');
});
