/**
 * Between games the host may move the whole table to a new table of another game (issue 36 item 5):
 * the new table is made with its people known only by their new tokens' hashes, its bots and the
 * evening's scoreboard (room/movedIn.ts); once the old table's record says where it went, each
 * person's clients alone get their new token, every client is told to move, and the old table
 * closes. Its link then leads to the new one (store/movedTo.ts, GET /api/tables/:id).
 *
 * A refusal changes nothing: a game id this server does not play is MALFORMED; not the host
 * NOT_HOST; during a game GAME_RUNNING (or STARTING while a start or another move is written); more
 * people and bots in seats than the new game seats TOO_MANY_PLAYERS (nobody is left behind: the host
 * frees seats first); fewer than it needs is fine (its lobby adds bots, or the host does).
 */
import type { ErrorMessage, MovedMessage, MoveSeatMessage } from '@blaze/protocol';
import type { Client } from '@colyseus/core';
import { matchMaker } from '@colyseus/core';
import { z } from 'zod';
import { withDeadline } from './deadline.js';
import { genericModule, type TableGame, tableGame } from './games.js';
import { newSeatToken } from './ids.js';
import type { Refusal } from './room/config.js';
import type { TableHost } from './room/host.js';
import type { MovedIn } from './room/movedIn.js';
import { timers } from './room/timers.js';
import { lifecycle } from './store/current.js';
import { tokenHash } from './store/record.js';

export type MoveHost = Pick<
  TableHost,
  | 'clients'
  | 'config'
  | 'disconnect'
  | 'disposed'
  | 'kind'
  | 'onUncaughtException'
  | 'personOf'
  | 'recorder'
  | 'results'
  | 'roomId'
  | 'seating'
  | 'settings'
  | 'starting'
  | 'state'
  | 'tokenOf'
>;

export const SWITCH_GAME = 'switchGame';
const request = z.object({ game: z.string().min(1).max(40) }).strict();

/** How long the new table's creation may take before the move is given up (nothing moved). */
const CREATE_MS = 5_000;
/** The old table closes this long after telling its clients to move (they leave by themselves first). */
const CLOSE_AFTER_MS = 2_000;

/** Tables whose move is under way (or done): nothing else may change them meanwhile. */
const moving = new WeakSet<object>();

/** The host's `switchGame` message: checked, then the table moves; a refusal to the sender alone. */
export function switchGame(room: MoveHost, client: Client, payload: unknown): void {
  const refuse = (r: Refusal) => {
    const msg: ErrorMessage = { code: r.code, message: r.message, request: SWITCH_GAME };
    if (r.params) msg.params = r.params;
    room.config.edge.refuse(client, room.roomId, msg);
  };
  const checked = check(room, client, payload);
  if ('code' in checked) {
    refuse(checked);
    return;
  }
  moving.add(room);
  // Held as a start's wait holds it: seats, settings and a start wait (refused STARTING) until it moved.
  room.starting = true;
  move(room, checked.entry, checked.plan).then(
    (r) => {
      if (r) refuse(r);
    },
    (e: unknown) => room.onUncaughtException(e instanceof Error ? e : new Error(String(e)), SWITCH_GAME),
  );
}

interface Plan {
  /** Each present person's new token, by their old one: sent to their own clients only. */
  fresh: Map<string, string>;
  moved: MovedIn;
}

function check(room: MoveHost, client: Client, payload: unknown): Refusal | { entry: TableGame; plan: Plan } {
  const body = request.safeParse(payload ?? {});
  if (!body.success) return { code: 'MALFORMED', message: `Bad switchGame message: ${body.error.issues[0]?.message}` };
  const entry = tableGame(body.data.game);
  if (!entry) return { code: 'MALFORMED', message: 'This server plays no such game.' };
  const person = room.personOf(client);
  if (!person) return { code: 'NOT_SEATED', message: 'Join the table first.' };
  if (!room.seating.isHost(person)) return { code: 'NOT_HOST', message: 'Only the host may do that.' };
  if (room.state.status === 'playing') return { code: 'GAME_RUNNING', message: 'Not while a game is running.' };
  if (room.starting || moving.has(room)) return { code: 'STARTING', message: 'Wait a moment.' };
  if (lifecycle.draining) return { code: 'RESTARTING', message: 'The server is restarting; try again in a moment.' };
  if (entry.id === room.kind.game) return { code: 'SAME_GAME', message: 'The table plays this game already.' };
  const plan = planOf(room, entry);
  const players = plan.moved.slots.length;
  const { max } = entry.module.seats;
  if (players > max) {
    return {
      code: 'TOO_MANY_PLAYERS',
      message: `${entry.id} seats at most ${max}; ${players} sit here. Free seats first.`,
      params: { game: entry.id, players, max },
    };
  }
  return { entry, plan };
}

/**
 * Who goes: everyone here (seated or watching) with a new token, the seats closed up in order, the
 * bots as they are. Someone away has no client to be told their token, so gives their seat back.
 */
function planOf(room: MoveHost, entry: TableGame): Plan {
  const s = room.seating;
  const fresh = new Map<string, string>();
  for (const p of s.people.values()) if (s.present(p)) fresh.set(p.token, newSeatToken());
  const strengths: readonly string[] = genericModule(entry).bots.strengths;
  const slots: MovedIn['slots'] = [];
  const seatOf = new Map<string, number>();
  for (const o of s.slots) {
    if (o === null) continue;
    if (o.kind === 'bot') {
      slots.push({ kind: 'bot', name: o.name, strength: strengths.includes(o.strength) ? o.strength : 'normal' });
      continue;
    }
    const token = fresh.get(o.token);
    if (token === undefined) continue;
    seatOf.set(token, slots.length);
    slots.push({ kind: 'person', tokenHash: tokenHash(token) });
  }
  const people = [...fresh.entries()].map(([old, token]) => ({
    tokenHash: tokenHash(token),
    name: s.people.get(old)?.name ?? '',
    seat: seatOf.get(token) ?? null,
  }));
  // The scoreboard's rows follow their people to their new identities (bots' rows are by name).
  const rekey = new Map([...fresh.entries()].map(([old, token]) => [tokenHash(old), tokenHash(token)]));
  const rows = room.results.rows().map((r) => ({ ...r, key: rekey.get(r.key) ?? r.key }));
  const host = s.host === null ? undefined : fresh.get(s.host);
  return {
    fresh,
    moved: { from: room.roomId, people, slots, host: host === undefined ? null : tokenHash(host), rows },
  };
}

/** Makes the new table, puts the move on record, then tells every client; a refusal if it did not happen. */
async function move(room: MoveHost, entry: TableGame, plan: Plan): Promise<Refusal | null> {
  const unfreeze = () => {
    moving.delete(room);
    room.starting = false;
  };
  const { clock, botDelayMs, reconnectSeconds, private: hidden } = room.settings;
  let id: string;
  try {
    const listing = await withDeadline(
      matchMaker.createRoom(entry.id, {
        settings: { clock, botDelayMs, reconnectSeconds, private: hidden },
        moved: plan.moved,
      }),
      CREATE_MS,
      'matchmaking',
    );
    id = listing.roomId;
  } catch (e) {
    unfreeze();
    room.config.edge.log.warn(
      { table: room.roomId, game: entry.id, err: e instanceof Error ? e.message : String(e) },
      'table not moved',
    );
    return { code: 'CREATE_FAILED', message: 'The new table could not be made just now; try again in a moment.' };
  }
  // Everyone left meanwhile: the new table, which nobody comes to, closes by itself.
  if (room.disposed) return null;
  return new Promise((done) => {
    room.recorder.write(
      [{ t: 'moved', to: id }],
      () => {
        if (room.disposed) return done(null);
        tell(room, id, plan.fresh);
        room.config.edge.log.info(
          { table: room.roomId, to: id, game: entry.id, people: plan.fresh.size, seats: plan.moved.slots.length },
          'table moved',
        );
        timers(room).setTimeout(() => void room.disconnect(), CLOSE_AFTER_MS);
        done(null);
      },
      () => {
        unfreeze();
        done({ code: 'NOT_RECORDED', message: 'It could not be recorded, so it did not happen; try again.' });
      },
    );
  });
}

/** Each person's clients their own new token, then every client where the table went. */
function tell(room: MoveHost, id: string, fresh: ReadonlyMap<string, string>): void {
  for (const c of room.clients) {
    const token = room.tokenOf.get(c.sessionId);
    const seatToken = token === undefined ? undefined : fresh.get(token);
    if (seatToken !== undefined) c.send('moveSeat', { table: id, seatToken } satisfies MoveSeatMessage);
  }
  const moved: MovedMessage = { table: id };
  for (const c of room.clients) c.send('moved', moved);
}
