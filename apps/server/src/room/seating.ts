/**
 * Who sits where, who holds which token, who is host. Pure bookkeeping: no Colyseus, no schema,
 * so every lobby rule is a plain function of this object. Errors are values with stable codes.
 */
import type { BotStrength, TableCard } from '@blaze/protocol';
import { newSeatToken } from '../ids.js';
import { nameTaken } from '../names.js';

export interface Person {
  token: string;
  name: string;
  /** Slot index, or null while watching. */
  seat: number | null;
  /** Live connections of this person (reload, second tab, another device): session ids. */
  sessions: Set<string>;
  /** Dropped connections that may still come back (allowReconnection pending). */
  pending: number;
}

export type Occupant = { kind: 'person'; token: string } | { kind: 'bot'; name: string; strength: BotStrength } | null;

export interface SeatError {
  code: string;
  message: string;
}

/** Former tokens kept per table: far more people than an evening brings, bounded against a flood. */
const MAX_FORMER = 200;

const fail = (code: string, message: string): SeatError => ({ code, message });

export class Seating {
  readonly slots: Occupant[];
  readonly people = new Map<string, Person>();
  host: string | null = null;
  /**
   * Tokens of people who left for good, newest last. Someone who comes back with theirs is the same
   * person again (one row on the evening's scoreboard, which is keyed by token), not a stranger.
   */
  private readonly former = new Set<string>();

  /** `seats`: the most the table's game seats (its module's seats.max). */
  constructor(readonly seats: number) {
    this.slots = new Array<Occupant>(seats).fill(null);
  }
  /**
   * The host who lost the role only by being away (gone mid-game, or out of the table for a while):
   * they take it back when they return with their token. The one who set up the evening should not
   * have to ask a stand-in for their own table back.
   */
  private awayHost: string | null = null;

  /** A returning person (valid token), one who left and is back (former token), or a new one. */
  arrive(name: string, token: string | undefined): { person: Person; returning: boolean; back: boolean } {
    const known = token === undefined ? undefined : this.people.get(token);
    if (known) {
      this.reclaimHost(known);
      return { person: known, returning: true, back: false };
    }
    const back = token !== undefined && this.former.delete(token);
    const person: Person = { token: back ? token : newSeatToken(), name, seat: null, sessions: new Set(), pending: 0 };
    this.people.set(person.token, person);
    this.reclaimHost(person);
    if (this.host === null) this.host = person.token;
    return { person, returning: false, back };
  }

  /** Whoever was host before they went away is host again (see awayHost). */
  private reclaimHost(p: Person): void {
    if (this.awayHost !== p.token) return;
    this.host = p.token;
    this.awayHost = null;
  }

  /** A restored person (known by a placeholder) takes their real token back. */
  rekey(from: string, to: string): void {
    const p = this.people.get(from);
    if (!p || this.people.has(to)) return;
    this.people.delete(from);
    p.token = to;
    this.people.set(to, p);
    this.slots.forEach((o, i) => {
      if (o?.kind === 'person' && o.token === from) this.slots[i] = { kind: 'person', token: to };
    });
    if (this.host === from) this.host = to;
    if (this.awayHost === from) this.awayHost = to;
  }

  personAt(slot: number): Person | null {
    const o = this.slots[slot];
    return o?.kind === 'person' ? (this.people.get(o.token) ?? null) : null;
  }

  firstFree(): number {
    return this.slots.indexOf(null);
  }

  occupied(): number {
    return this.slots.filter((o) => o !== null).length;
  }

  isHost(p: Person): boolean {
    return this.host === p.token;
  }

  /** Present: has a live connection. */
  present(p: Person): boolean {
    return p.sessions.size > 0;
  }

  sit(p: Person, slot: number): SeatError | null {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.seats) return fail('BAD_SEAT', 'No such seat.');
    if (p.seat === slot) return null;
    if (this.slots[slot] !== null) return fail('SEAT_TAKEN', 'That seat is taken.');
    if (p.seat !== null) this.slots[p.seat] = null;
    this.slots[slot] = { kind: 'person', token: p.token };
    p.seat = slot;
    return null;
  }

  stand(p: Person): void {
    if (p.seat !== null) this.slots[p.seat] = null;
    p.seat = null;
  }

  /**
   * A bot in `slot`, named "Bot n" with the lowest n free. `spent`: names already on the evening's
   * scoreboard, which are not given again: its bots' rows are keyed by name, and a new bot is not
   * the one that played as, say, "Bot 1" (maybe at another strength), so it gets a row of its own.
   */
  addBot(slot: number, strength: BotStrength = 'normal', spent: Iterable<string> = []): SeatError | null {
    if (slot < 0 || slot >= this.seats) return fail('BAD_SEAT', 'No such seat.');
    if (this.slots[slot] !== null) return fail('SEAT_TAKEN', 'That seat is taken.');
    // Nobody at the table may share the bot's name, a person calling themselves "Bot 1" included.
    const names = this.slots.map((o) => (o?.kind === 'bot' ? o.name : ''));
    for (const p of this.people.values()) names.push(p.name);
    names.push(...spent);
    let n = 1;
    while (nameTaken(`Bot ${n}`, names)) n++;
    this.slots[slot] = { kind: 'bot', name: `Bot ${n}`, strength };
    return null;
  }

  setBotStrength(slot: number, strength: BotStrength): SeatError | null {
    const o = this.slots[slot];
    if (o?.kind !== 'bot') return fail('SEAT_EMPTY', 'There is no bot in that seat.');
    o.strength = strength;
    return null;
  }

  /** The strength the bot plays this seat with; a person who is away gets the normal bot. */
  strengthAt(slot: number): BotStrength {
    const o = this.slots[slot];
    return o?.kind === 'bot' ? o.strength : 'normal';
  }

  removeBot(slot: number): SeatError | null {
    if (this.slots[slot]?.kind !== 'bot') return fail('SEAT_EMPTY', 'There is no bot in that seat.');
    this.slots[slot] = null;
    return null;
  }

  /** A person leaves the table for good: seat freed, token forgotten, host handed on. */
  forget(p: Person): void {
    this.stand(p);
    this.people.delete(p.token);
    this.former.add(p.token);
    if (this.former.size > MAX_FORMER) this.former.delete(this.former.values().next().value as string);
    if (this.host === p.token) this.handOnHost();
  }

  /**
   * The host role goes to the first present seated person, else anyone present, else nobody yet.
   * The host it is taken from gets it back on return; a stand-in handing it on again does not change
   * whose it is.
   */
  handOnHost(): void {
    if (this.awayHost === null) this.awayHost = this.host;
    const seated = this.slots.map((_, i) => this.personAt(i)).find((p): p is Person => p !== null && this.present(p));
    const anyone = [...this.people.values()].find((p) => this.present(p));
    this.host = (seated ?? anyone)?.token ?? null;
  }

  /**
   * Compacts occupied slots to 0..n-1 in slot order, so the game's seat equals the slot index.
   * Returns the old slot of each new seat.
   */
  compact(): number[] {
    const from: number[] = [];
    const moved: Occupant[] = [];
    this.slots.forEach((o, i) => {
      if (o !== null) {
        from.push(i);
        moved.push(o);
      }
    });
    for (let i = 0; i < this.seats; i++) this.slots[i] = moved[i] ?? null;
    moved.forEach((o, i) => {
      if (o?.kind === 'person') {
        const p = this.people.get(o.token);
        if (p) p.seat = i;
      }
    });
    return from;
  }

  /** The slots as they were before a compact() (a start the record could not take): each person's seat follows. */
  putBack(slots: readonly Occupant[]): void {
    slots.forEach((o, i) => {
      this.slots[i] = o;
      const p = o?.kind === 'person' ? this.people.get(o.token) : undefined;
      if (p) p.seat = i;
    });
  }

  nameAt(slot: number): string {
    const o = this.slots[slot];
    if (!o) return '';
    return o.kind === 'bot' ? o.name : (this.people.get(o.token)?.name ?? '');
  }

  /**
   * Whether the bot plays this seat now: a bot, or a person who is gone. A person whose reconnection
   * grace is still open keeps the seat: only their own clock acts for them meanwhile (R5.5).
   */
  botPlays(slot: number): boolean {
    const o = this.slots[slot];
    if (o === null || o === undefined) return false;
    if (o.kind === 'bot') return true;
    const p = this.people.get(o.token);
    return p === undefined || (!this.present(p) && p.pending === 0);
  }
}

/**
 * The table as its join screen shows it: who hosts, who sits (people and bots), how many watch. A
 * start waiting for its record (`starting`) is shown as such: its seats are the game's already.
 */
export function tableCard(game: string, s: Seating, status: string, starting: boolean, spectators: number): TableCard {
  const seats: TableCard['seats'] = [];
  s.slots.forEach((o, seat) => {
    if (o === null) return;
    const p = s.personAt(seat);
    seats.push({ seat, name: s.nameAt(seat), bot: o.kind === 'bot', host: p !== null && s.isHost(p) });
  });
  const host = s.host === null ? null : (s.people.get(s.host)?.name ?? null);
  const known = starting ? 'starting' : status === 'playing' || status === 'finished' ? status : 'lobby';
  return { game, status: known, host, seats, free: s.seats - seats.length, spectators };
}

/**
 * The card goes into the room's matchmaking listing (so any process sharing Redis can answer for
 * it); a listing write costs a round trip, so only a changed card is handed out.
 */
export class CardPublisher {
  private last = '';

  next(card: TableCard): TableCard | null {
    const json = JSON.stringify(card);
    if (json === this.last) return null;
    this.last = json;
    return card;
  }
}
