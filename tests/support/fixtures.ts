/**
 * Blaze tables already at a chosen point of a real game, for browser tests that look at a screen
 * rather than at the way there (issue 36, item 7). A game is played headless by the real rules, every
 * seat by the real heuristic bot, from a fixed seed, until the point wanted; it is written as the
 * server's own record (store/sqlite.ts: game, settings, seats, start, actions) into a data folder;
 * a server started on that folder brings the table back by its product restore path (store/open.ts),
 * exactly as after a crash. The person in seat 0 is known by a seat token the test holds, so a page
 * whose localStorage carries it (the client's own key, blaze.seat.<table>) sits in that seat at that
 * point. Nothing here reaches the server other than its record: no endpoint or switch of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heuristicBot, seededStream } from '@blaze/bots';
import { type Action, applyAction, createGame, due, type GameState, type PlayerCount, viewFor } from '@blaze/rules';
import type { BrowserContext } from 'playwright-core';
import { currentKind } from '../../apps/server/src/store/gameKinds.js';
import { tokenHash } from '../../apps/server/src/store/record.js';
import { openSqliteStore } from '../../apps/server/src/store/sqlite.js';
import type { TableEntry } from '../../apps/server/src/store/types.js';
import { DEFAULT_SETTINGS, type TableSettings } from '../../packages/protocol/src/messages.js';
import { startServer } from './processes.js';

/** Where a fixture's game stops: the first state (after the start) for which this holds. */
export type Point = (s: GameState) => boolean;

/** Seat 0 is asked for its bet (phase 2 has begun, R9.1): the bets not placed yet. */
export const askedToBet: Point = (s) => s.betting && !s.bets.some((b) => b.round === s.round && b.by === 0);

export interface TableFixture {
  players: PlayerCount;
  /** The deal and every bot's choice follow from it: the same seed, the same game. */
  seed: string;
  point: Point;
  /** The person in seat 0 (the others are bots 'Bot 1'..). */
  name?: string;
  settings?: Partial<TableSettings>;
  /**
   * Stop instead at the last state before the point where the game waits for seat 0 alone: nothing
   * moves until the page does, and the point's own moment (a round's end, the game's) then happens
   * live in the page, as for a player.
   */
  holdBefore?: boolean;
}

export interface WrittenTable {
  id: string;
  /** The seat token of the person in seat 0 (only its hash is on record, as the server keeps it). */
  token: string;
  /** The game as it stands on record (what the restored table shows). */
  state: GameState;
  actions: number;
}

/** Plays the game headless from its seed: each seat due moves by the heuristic bot, in seat order. */
export function playTo(f: TableFixture): { state: GameState; actions: Action[] } {
  let s = createGame({ players: f.players, seed: f.seed, startSeat: 0 });
  const rnd = Array.from({ length: f.players }, (_, seat) => seededStream(`${f.seed}/seat${seat}`));
  const actions: Action[] = [];
  /** states[n]: the game after n actions. */
  const states: GameState[] = [s];
  // A whole game is a few hundred actions; a point never reached is a fixture's mistake, said at once.
  for (let k = 0; k < 5_000 && !f.point(s); k++) {
    if (s.over) throw new Error(`fixture ${f.seed}: the game ended before its point`);
    let action: Action | null = null;
    for (let seat = 0; seat < f.players && action === null; seat++)
      action = heuristicBot.decide(viewFor(s, seat), rnd[seat] as () => number);
    // Nobody moves by choice: only the take-back window's timer is left (R5.4 a), as on the server.
    if (action === null && s.window !== null) action = { type: 'closeWindow' };
    if (action === null) throw new Error(`fixture ${f.seed}: nobody can move`);
    const r = applyAction(s, action);
    if (!r.ok) throw new Error(`fixture ${f.seed}: ${JSON.stringify(action)} refused: ${r.error.code}`);
    s = r.state;
    actions.push(action);
    states.push(s);
  }
  if (!f.point(s)) throw new Error(`fixture ${f.seed}: point not reached`);
  if (!f.holdBefore) return { state: s, actions };
  for (let n = states.length - 1; n >= 0; n--) {
    const at = states[n] as GameState;
    if (waitsForSeat0(at)) return { state: at, actions: actions.slice(0, n) };
  }
  throw new Error(`fixture ${f.seed}: the game never waited for seat 0 alone before its point`);
}

/** Only seat 0 is due (no bot, no take-back window): the table holds until the person acts. */
export const waitsForSeat0: Point = (s) => {
  const d = due(s);
  return d.length > 0 && d.every((x) => x.seat === 0);
};

/** Writes the table's record into `dataDir` (the server's DATA_DIR), as the server itself would. */
export async function writeTable(dataDir: string, f: TableFixture): Promise<WrittenTable> {
  const { state, actions } = playTo(f);
  const id = randomBytes(9).toString('base64url');
  const token = randomBytes(24).toString('base64url');
  const hash = tokenHash(token);
  const name = f.name ?? 'Annemarie';
  const kind = currentKind('blaze');
  if (!kind) throw new Error('no blaze game in this build');
  const entries: TableEntry[] = [
    { t: 'game', game: kind.game, rulesVersion: kind.rulesVersion },
    { t: 'settings', settings: { ...DEFAULT_SETTINGS, firstPlayer: 0, ...f.settings } },
    {
      t: 'seats',
      slots: Array.from({ length: 5 }, (_, seat) =>
        seat === 0
          ? { kind: 'person' as const, tokenHash: hash, name }
          : seat < f.players
            ? { kind: 'bot' as const, name: `Bot ${seat}`, strength: 'normal' as const }
            : null,
      ),
      host: hash,
      people: [{ tokenHash: hash, name, seat: 0 }],
    },
    { t: 'start', gameNumber: 1, options: { players: f.players, seed: f.seed, startSeat: 0 } },
    ...actions.map((action) => ({ t: 'action' as const, action })),
  ];
  const store = openSqliteStore(join(dataDir, 'blaze.sqlite'), { checkpointThread: false });
  try {
    await store.append(id, entries, 0);
  } finally {
    await store.close();
  }
  return { id, token, state, actions: actions.length };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A server of its own, started on a data folder holding this one table: restored at its start, its
 * clocks and the person's grace run from then, so each test gets its table fresh. `stop` stops the
 * server and removes the folder.
 */
export async function serverWithTable(
  f: TableFixture,
  env: Record<string, string> = {},
): Promise<{ server: Server; table: WrittenTable; url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'blaze-fixture-'));
  try {
    const table = await writeTable(dir, f);
    const server = await startServer({ ...env, DATA_DIR: dir });
    return {
      server,
      table,
      url: `${server.base}/t/${table.id}`,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** The page's browser holds the seat token for the table (the client's own key), as after sitting down there. */
export async function holdSeat(ctx: BrowserContext, table: WrittenTable, name = 'Annemarie'): Promise<void> {
  await ctx.addInitScript(
    ([id, token, who]) => {
      localStorage.setItem(`blaze.seat.${id}`, token as string);
      localStorage.setItem('blaze.name', who as string);
    },
    [table.id, table.token, name],
  );
}
