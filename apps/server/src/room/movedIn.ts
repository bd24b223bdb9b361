/**
 * A table made by moving another (its host switched games, tableMove.ts): its people are known by
 * their new tokens' hashes until they come (as a restored table's are: people.ts rekeys them), its
 * bots sit, and the evening's scoreboard is carried on and put on record, so a restart keeps it.
 */
import { botStrength } from '@blaze/protocol';
import { ServerError } from '@colyseus/core';
import { z } from 'zod';
import { HASHED } from '../store/record.js';
import type { TableHost } from './host.js';
import { timers } from './timers.js';
import { type GraceHost, graceSeconds } from './unclaimed.js';

const hash = z.string().regex(/^[0-9a-f]{32}$/);
const name = z.string().max(64);

/** What the moving table hands the new one in its create options: hashes, never tokens. */
export const movedIn = z
  .object({
    from: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    people: z.array(z.object({ tokenHash: hash, name, seat: z.number().int().min(0).nullable() }).strict()).max(200),
    slots: z
      .array(
        z.union([
          z.object({ kind: z.literal('person'), tokenHash: hash }).strict(),
          z.object({ kind: z.literal('bot'), name, strength: botStrength }).strict(),
          z.null(),
        ]),
      )
      .max(16),
    host: hash.nullable(),
    rows: z
      .array(
        z
          .object({
            game: z.string().max(40),
            key: z.string().max(200),
            name,
            games: z.number().int().min(0),
            wins: z.number().int().min(0),
            points: z.number(),
          })
          .strict(),
      )
      .max(2_000),
  })
  .strict();
export type MovedIn = z.infer<typeof movedIn>;

export type MovedInHost = Pick<
  TableHost,
  | 'autoDispose'
  | 'clients'
  | 'departed'
  | 'disconnect'
  | 'recorder'
  | 'refreshSeats'
  | 'restoredGrace'
  | 'results'
  | 'seating'
> &
  GraceHost &
  Parameters<typeof timers>[0];

/** Seats the moved people and bots, carries the scoreboard (after the record's `game` entry). */
export function moveIn(room: MovedInHost, raw: unknown): void {
  if (raw === undefined) return;
  const parsed = movedIn.safeParse(raw);
  if (!parsed.success) throw new ServerError(400, `Bad move: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const m = parsed.data;
  const s = room.seating;
  for (const p of m.people) {
    const token = HASHED + p.tokenHash;
    const seat = p.seat !== null && p.seat < s.seats ? p.seat : null;
    s.people.set(token, { token, name: p.name, seat, sessions: new Set(), pending: 0 });
  }
  m.slots.slice(0, s.seats).forEach((o, i) => {
    s.slots[i] = o === null ? null : o.kind === 'bot' ? { ...o } : { kind: 'person', token: HASHED + o.tokenHash };
  });
  s.host = m.host === null ? null : HASHED + m.host;
  room.results.carry(m.rows);
  room.recorder.push({ t: 'carried', from: m.from, rows: m.rows });
  holdForArrival(room);
  room.refreshSeats();
}

/**
 * Each moved person is waited for as a dropped one is (their grace); whoever does not come gives
 * their seat back, and a table nobody came to closes.
 */
function holdForArrival(room: MovedInHost): void {
  const graceMs = graceSeconds(room) * 1000;
  room.restoredGrace = true;
  for (const p of room.seating.people.values()) {
    p.pending++;
    timers(room).setTimeout(() => {
      p.pending--;
      room.departed(p);
    }, graceMs);
  }
  timers(room).setTimeout(() => {
    room.restoredGrace = false;
    if (room.clients.length > 0) room.autoDispose = true;
    else void room.disconnect();
  }, graceMs);
}
