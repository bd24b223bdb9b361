/**
 * The table's seats and settings on record: an entry each time they change (compared with what was
 * last recorded, in room.recorded), never the seat tokens themselves (only their hashes).
 */
import { tokenHash } from '../store/record.js';
import type { TableEntry } from '../store/types.js';
import type { TableHost } from './host.js';
import type { Seating } from './seating.js';

/** What putting seats and settings on record needs of the table. */
export type RecordHost = Pick<TableHost, 'recorded' | 'recorder' | 'seating' | 'settings' | 'starting'>;

/** Seats and settings go on record when they changed (the next write takes them along). */
export function recordChanges(room: RecordHost): void {
  // A start waiting for its record carries the seats as they will be (closed up); seats recorded
  // meanwhile would land after it as they were, and the record would not replay to the game.
  const seats = room.starting ? null : seatsChange(room);
  if (seats) {
    room.recorded.seats = seats.signature;
    room.recorder.push(seats.entry);
  }
  const settingsJson = JSON.stringify(room.settings);
  if (settingsJson !== room.recorded.settings) {
    room.recorded.settings = settingsJson;
    room.recorder.push({ t: 'settings', settings: { ...room.settings } });
  }
}

/**
 * The seats entry, when the seats changed since the last one recorded (the caller writes it, then
 * sets room.recorded.seats to its signature).
 */
export function seatsChange(room: RecordHost): { entry: TableEntry; signature: string } | null {
  const s = room.seating;
  // Compared as a plain signature first: this runs after every action, and hashing every token and
  // building the entry each time was 10% of the server's allocations under load. The signature
  // holds tokens, so it stays in memory; only the entry (hashed tokens) is written.
  const signature = seatingSignature(s);
  if (signature === room.recorded.seats) return null;
  return { entry: seatsEntry(room), signature };
}

/** The seats as they are now, as the record keeps them (token hashes, never tokens). */
export function seatsEntry(room: RecordHost): TableEntry {
  const s = room.seating;
  return {
    t: 'seats',
    slots: s.slots.map((o) =>
      o === null
        ? null
        : o.kind === 'bot'
          ? o
          : { kind: 'person', tokenHash: tokenHash(o.token), name: s.people.get(o.token)?.name ?? '' },
    ),
    host: s.host === null ? null : tokenHash(s.host),
    people: [...s.people.values()].map((p) => ({ tokenHash: tokenHash(p.token), name: p.name, seat: p.seat })),
  };
}

/** Everything the seats entry is made of, as one string (equal strings: equal entries). */
export function seatingSignature(s: Seating): string {
  let sig = s.host ?? '';
  for (const o of s.slots) {
    sig +=
      o === null
        ? '|'
        : o.kind === 'bot'
          ? `|b${o.name}\u0000${o.strength}`
          : `|p${o.token}\u0000${s.people.get(o.token)?.name ?? ''}`;
  }
  for (const p of s.people.values()) sig += `#${p.token}\u0000${p.name}\u0000${p.seat ?? ''}`;
  return sig;
}
