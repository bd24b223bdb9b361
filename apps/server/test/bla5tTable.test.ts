/**
 * Bla5t on the server table through real websockets (issue 38 item 4, must-show 2): whole games at 2
 * (heads-up with the dummy), 3 and 5 seats, basic and advanced, people (each playing from its own
 * decoded view and its own private looks) and bots acting at once, a spectator. Every frame each
 * client received is decoded and scanned for card ids it was not shown by then: a face-down card may
 * only appear in a frame of the client that looked at it (its `private` message) or drew it (its own
 * private part); everything else a frame names must be public (face up, the discard top, the public
 * log's faces, the public hero and boss set). The server's log lines and metrics are scanned too.
 */
import { Writable } from 'node:stream';
import type { State, View } from '@blaze/bla5t';
import { bla5tModule } from '@blaze/bla5t/module';
import { readLog } from '@blaze/protocol/wire';
import { expect, it } from 'vitest';
import { sharedBotPool } from '../src/botPool/pool.js';
import { createLogger } from '../src/logger.js';
import { registry } from '../src/metrics.js';
import { genericGame } from '../src/table/generic.js';
import { PRIVATE_MESSAGE } from '../src/table/privateEvents.js';
import { bla5tView, playEasy } from './bla5tClient.js';
import { adaAndTwoStrongBots, FAST_ROOM, join, type Player, serverRoom, until, useServer } from './helpers.js';

const logText: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    logText.push(String(chunk));
    done();
  },
});
const srv = useServer({ room: FAST_ROOM, logger: createLogger({ level: 'debug', destination: sink }) });
const http = () => srv.endpoint.replace('ws', 'http');

async function createBla5t(settings: object): Promise<string> {
  const res = await fetch(`${http()}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'bla5t', settings: { botDelayMs: 5, clock: 'normal', ...settings } }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

interface Wire {
  view: { size: number; forEach(f: (text: string, key: string) => void): void };
  seats: { view?: string }[];
}
// biome-ignore lint/suspicious/noExplicitAny: the decoded state is read by reflection, untyped.
const wireOf = (p: Player): Wire | undefined => (p.room.state as any)?.wire;

/** What this client reads: the public view with its own seat's private part over it. */
const viewOf = bla5tView;

interface Looked {
  type: string;
  seat?: number;
  at?: unknown;
  card?: string | null;
  cards?: string[] | null;
}
const privates = (p: Player): Looked[] =>
  p.messages.filter((m) => m.type === PRIVATE_MESSAGE).map((m) => m.message as Looked);

// Monsters (m1a .. m13d, the four sixes m6sa/m6sb/m6ha/m6hb), heroes and bosses.
const CARD = /(?<![0-9A-Za-z:])(?:m(?:1[0-3]|[1-57-9])[a-d]|m6[sh][ab]|[hb]:[a-z]+)(?![0-9A-Za-z])/g;
const MOVES = new Set<string>(bla5tModule.actionTypes.player);

interface Watch {
  known: Set<string>;
  violations: string[];
  frames: number;
  idsChecked: number;
  privateCards: number;
}

function watch(p: Player): Watch {
  const w: Watch = { known: new Set(), violations: [], frames: 0, idsChecked: 0, privateCards: 0 };
  let seenPrivates = 0;
  p.onFrame.push((pl, frame) => {
    const wire = wireOf(pl);
    if (!wire) return;
    w.frames++;
    const v = viewOf(pl);
    if (v) {
      for (const lay of v.layouts) for (const x of lay) if (x && 'up' in x) w.known.add(x.up);
      if (v.discardTop) w.known.add(v.discardTop);
      if (v.drawn) w.known.add(v.drawn);
      for (const c of v.pair ?? []) w.known.add(c);
      for (const c of [...v.heroes, ...v.bossSet]) w.known.add(c);
    }
    for (const l of readLog(pl.room.state)) for (const c of l.cards) w.known.add(c);
    const mine = privates(pl);
    for (const e of mine.slice(seenPrivates)) {
      // Only its own look or draw tells a client a card (a look meant for another is a leak).
      if (v === null || e.seat !== v.viewer) continue;
      for (const c of [e.card, ...(e.cards ?? [])]) {
        if (typeof c === 'string') {
          w.known.add(c);
          w.privateCards++;
        }
      }
    }
    seenPrivates = mine.length;
    for (const m of frame.toString('latin1').matchAll(CARD)) {
      w.idsChecked++;
      if (!w.known.has(m[0])) w.violations.push(`${pl.name} got unknown card ${m[0]}`);
    }
    wire.seats.forEach((part, i) => {
      if (i !== pl.seat && part.view) w.violations.push(`${pl.name} decoded seat ${i}'s private part`);
    });
  });
  return w;
}

/** A person: after each patch, if awaited, decides from its own decoded view (an easy bot's mind). */
const play = (p: Player) => playEasy(p, 2);

interface Played {
  id: string;
  watches: Map<Player, Watch>;
  spectator: Player;
  people: Player[];
}

async function playGame(settings: object, names: string[]): Promise<Played> {
  const id = await createBla5t(settings);
  const people: Player[] = [];
  for (const name of names) people.push(await join(srv.endpoint, id, { name }));
  const spectator = await join(srv.endpoint, id, { name: 'Eve', spectate: true });
  const host = people[0] as Player;
  await until(() => people.every((p) => p.seat >= 0) && spectator.token !== '');
  const watches = new Map<Player, Watch>([...people, spectator].map((p) => [p, watch(p)]));
  const runs = people.map(play);
  host.room.send('start', {});
  await until(() => host.room.state.gameNumber === 1 || host.errors.length > 0, 10_000, 'start');
  expect(host.errors).toEqual([]);
  await until(
    () => [...watches.keys()].every((p) => p.room.state.gameNumber === 1 && p.room.state.status === 'finished'),
    120_000,
    `game end ${JSON.stringify(settings)}`,
  );
  for (const r of runs) r.stop();
  return { id, watches, spectator, people };
}

const figures: string[] = [];

function check({ id, watches, spectator }: Played, label: string): void {
  const game = genericGame(serverRoom(id)) as { state: State; journal: unknown[]; seed: string };
  expect(game.state.over).toBe(true);
  const actions = game.journal.length;
  for (const [p, w] of watches) {
    expect(w.violations.slice(0, 5), `${label} ${p.name}`).toEqual([]);
    // A seeded round may end the game at once (a heads-up round past 50): a few frames at least.
    expect(w.frames).toBeGreaterThan(5);
    // Refusals only of moves a clock or another's answer made stale.
    expect(
      p.errors.filter((e) => !MOVES.has(e.request ?? '')),
      p.name,
    ).toEqual([]);
    const mine = privates(p);
    if (p === spectator) expect(mine, 'a spectator is shown no look').toEqual([]);
    else {
      // Each person looked at its own cards at every round's start: those values reached it alone.
      expect(mine.filter((e) => e.type === 'looked' && typeof e.card === 'string').length).toBeGreaterThan(0);
      expect(w.privateCards).toBeGreaterThan(0);
    }
    const all = Buffer.concat(p.frames);
    const sizes = p.frames.map((f) => f.length).sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)];
    figures.push(
      `${label} ${p.name}: ${w.frames} frames, ${w.idsChecked} card ids checked, ${w.privateCards} private cards; ` +
        `median frame ${median} B, ${(all.length / actions).toFixed(0)} B per action (${actions} actions)`,
    );
    expect(all.toString('latin1').includes(game.seed), p.name).toBe(false);
  }
}

async function noSecretsInLogsOrMetrics(): Promise<void> {
  // Every card id in the server's log lines and metrics is one the public log shows (a face).
  const text = logText.join('') + (await registry.metrics());
  const ids = [...text.matchAll(CARD)].map((m) => m[0]);
  const publicFaces = new Set<string>();
  for (const id of Object.keys(matchTables)) {
    for (const l of readLog(serverRoom(id).state)) for (const c of l.cards) publicFaces.add(c);
  }
  expect(ids.filter((c) => !publicFaces.has(c))).toEqual([]);
}
const matchTables: Record<string, true> = {};

it('heads-up (2 people and the dummy), basic: nothing private leaks, each look reaches its looker alone', async () => {
  const r = await playGame({ players: 2, maxScore: 50 }, ['Ada', 'Bob']);
  matchTables[r.id] = true;
  check(r, '2p basic');
  console.log(figures.join('\n'));
  const v = viewOf(r.spectator) as View;
  expect(v.players).toBe(2);
  expect(v.dummy).toBe(2);
  expect(v.layouts.length).toBe(3);
});

it('3 seats, advanced with eleration: two people and a bot, a spectator', async () => {
  const r = await playGame({ players: 3, advanced: true, eleration: true, maxScore: 100 }, ['Ada', 'Bob']);
  matchTables[r.id] = true;
  check(r, '3p advanced');
  expect(serverRoom(r.id).state.players.filter((s) => s.bot).length).toBe(1);
});

it('5 seats, basic without bosses: two people and three bots, a spectator', async () => {
  const r = await playGame({ players: 5, bosses: false, maxScore: 50 }, ['Ada', 'Bob']);
  matchTables[r.id] = true;
  check(r, '5p basic');
  await noSecretsInLogsOrMetrics();
  console.log(figures.join('\n'));
});

it("strong bots search in the bot pool's threads with what they remember (XT5), not on the event loop", async () => {
  const id = await createBla5t({ players: 3, clock: 'fast', maxScore: 50 });
  const { ada, before } = await adaAndTwoStrongBots(srv.endpoint, id);
  // Ada never moves: her clock plays her; the two bots' turns are searched in the pool.
  ada.room.send('start', {});
  await until(() => sharedBotPool().counts.search - before.search >= 4, 90_000, 'four searches in the pool');
  const after = sharedBotPool().counts;
  expect(after.error - before.error, sharedBotPool().lastError ?? '').toBe(0);
  // The answers were the bots' own moves, accepted by the rules (not the timeout move).
  const journal = (genericGame(serverRoom(id))?.journal ?? []) as { type: string; seat?: number }[];
  const bots = journal.filter((a) => (a.seat === 1 || a.seat === 2) && a.type !== 'timeout');
  expect(bots.length, JSON.stringify(journal)).toBeGreaterThanOrEqual(4);
  await ada.room.leave();
}, 120_000);

it('refuses bad Bla5t options, takes good ones by the options message, and refuses stray actions', async () => {
  for (const settings of [{ players: 6 }, { maxScore: 70 }, { heroes: ['h:jayce'] }, { decks: [] }]) {
    const res = await fetch(`${http()}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'bla5t', settings }),
    });
    expect(res.status, JSON.stringify(settings)).toBe(400);
  }
  const id = await createBla5t({ players: 4, advanced: true, maxScore: 1000 });
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  await until(() => ada.seat >= 0);
  ada.room.send('timeout', {});
  await until(() => ada.errors.length > 0);
  ada.room.send('draw', {});
  await until(() => ada.errors.length > 1);
  expect(ada.errors[1]?.code).toBe('WRONG_PHASE');
  ada.room.send('options', { heroes: ['h:jayce', 'h:apo', 'h:helmut', 'h:lola'] });
  await until(() => ada.errors.length > 2);
  expect(ada.errors[2]?.code).toBe('BAD_OPTIONS');
  ada.room.send('options', {
    players: 3,
    heroes: ['h:jayce', 'h:apo', 'h:lola', 'h:leo'],
    bossSet: ['b:maga', 'b:fawkes'],
  });
  ada.room.send('start', {});
  await until(() => viewOf(ada)?.heroes.includes('h:leo') === true, 10_000, 'the host set');
  expect(viewOf(ada)?.bossSet).toEqual(['b:maga', 'b:fawkes']);
  expect(viewOf(ada)?.players).toBe(3);
  expect(ada.errors.length).toBe(3);
});

it('a late joiner (a spectator arriving mid-round) is sent no face-down card, in its first full state or after', async () => {
  const id = await createBla5t({ players: 3, maxScore: 50 });
  const ada = await join(srv.endpoint, id, { name: 'Ada' });
  await until(() => ada.seat >= 0);
  const run = play(ada);
  ada.room.send('start', {});
  // Mid-round: the looks are done and cards have moved (draws, swaps, powers).
  await until(() => (genericGame(serverRoom(id))?.journal.length ?? 0) > 15, 60_000, 'mid-round');
  const lou = await join(srv.endpoint, id, { name: 'Lou', spectate: true });
  const w = watch(lou);
  const before = lou.frames.length;
  await until(() => viewOf(lou) !== null, 10_000, 'the late view');
  // Some frames after joining, or the game's end (a Blast soon after may end a game to 50).
  await until(
    () => lou.frames.length > before + 3 || serverRoom(id).state.status === 'finished',
    60_000,
    'frames after joining',
  );
  run.stop();
  // The frames that came before the watch: everything they name must be public by now (face up,
  // the discard top, the log's faces, the hero and boss set) — the full state a late joiner gets.
  const v = viewOf(lou) as View;
  const open = new Set<string>(w.known);
  for (const lay of v.layouts) for (const x of lay) if (x && 'up' in x) open.add(x.up);
  if (v.discardTop) open.add(v.discardTop);
  for (const c of [...v.heroes, ...v.bossSet, ...(v.pair ?? [])]) open.add(c);
  for (const l of readLog(lou.room.state)) for (const c of l.cards) open.add(c);
  const early = lou.frames
    .slice(0, before + 1)
    .flatMap((f) => [...f.toString('latin1').matchAll(CARD)].map((m) => m[0]));
  expect(early.length, 'the first state names public cards').toBeGreaterThan(0);
  expect(early.filter((c) => !open.has(c))).toEqual([]);
  expect(w.violations.slice(0, 5)).toEqual([]);
  expect(privates(lou)).toEqual([]);
  console.log(`late joiner: ${lou.frames.length} frames, ${early.length + w.idsChecked} card ids checked`);
});
