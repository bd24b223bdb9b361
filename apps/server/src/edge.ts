/**
 * The edge: everything a stranger reaches before the rules do. HTTP requests (body size, which
 * matchmaker methods exist), websocket upgrades (connections per address), and the tables' message
 * gate (rate limits per person and per address across sockets, refusals answered once then dropped,
 * spectator caps). Rooms call it through a few hooks; the decisions live here.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import type { ErrorMessage } from '@blaze/protocol';
import { type AuthContext, type Client, matchMaker } from '@colyseus/core';
import type { Logger } from './logger.js';
import { createLogger, LogGate } from './logger.js';
import * as metrics from './metrics.js';
import { BucketBook, type BucketOptions, RefusalGuard, type RefusalKind, type RefusalVerdict } from './rateLimit.js';
import { TableHoldings } from './tableHoldings.js';

export interface EdgeLimits {
  /** Largest request body on any route, checked against Content-Length before a byte is read. */
  maxBodyBytes: number;
  /** Open tables per process; /api/tables answers 503 beyond it. */
  maxTables: number;
  /** Connections watching one table without a seat. */
  tableMaxSpectators: number;
  /** A table that never started a game closes this long after its last person left (or nobody came). */
  unclaimedMs: number;
  /** Tables one address may hold open at once (tableHoldings.ts). */
  tablesHeldPerAddress: number;
  /** A websocket must answer its table's join within this, or it is closed (room/joinDeadline.ts). */
  joinWithinMs: number;
  /** Open websockets per client address, over all tables. */
  maxConnectionsPerAddress: number;
  /**
   * Joins one address may have answered and not yet followed with its websocket. Colyseus holds a
   * place at the table for each such join for 15 s: thirty joins that never connected locked a table
   * against its own players.
   */
  maxJoiningPerAddress: number;
  /** POST /api/tables per address. */
  tableCreation: BucketOptions;
  /**
   * GET /api/tables/:id and /lookup per address: each asks the matchmaking listing (a Redis query
   * with a presence). The join page asks every 3 s, so this lets a household of open pages through.
   */
  tableLookups: BucketOptions;
  /** Messages per person (all their sockets at one table). */
  personMessages: BucketOptions;
  /** Messages per address (all its sockets, all tables). */
  addressMessages: BucketOptions;
  /** Refused messages a connection may send (earned back over 10 s) before it is closed. */
  refusalsBeforeDrop: number;
  /** Take the client address from X-Real-IP (set by our reverse proxy); off when clients connect directly. */
  trustProxy: boolean;
}

export const DEFAULT_LIMITS: EdgeLimits = {
  maxBodyBytes: 16_384,
  maxTables: 500,
  tableMaxSpectators: 20,
  unclaimedMs: 60_000,
  tablesHeldPerAddress: 10,
  joinWithinMs: 10_000,
  maxConnectionsPerAddress: 20,
  maxJoiningPerAddress: 5,
  tableCreation: { capacity: 10, refillPerSecond: 10 / 60 },
  tableLookups: { capacity: 30, refillPerSecond: 120 / 60 },
  personMessages: { capacity: 20, refillPerSecond: 10 },
  addressMessages: { capacity: 60, refillPerSecond: 30 },
  refusalsBeforeDrop: 30,
  trustProxy: false,
};

/** The only matchmaker methods a client needs: join a table by its invite id, and come back. */
export const MATCHMAKER_METHODS = ['joinById', 'reconnect'] as const;
const MATCHMAKE_PATH = /^\/matchmake\/(joinById|reconnect)\/[A-Za-z0-9_-]{1,64}$/;
/** Close code for connections the server drops for abuse (4000-4999 are the application's). */
export const CLOSE_ABUSE = 4429;

/** A table holds its seats (its game's), its spectators and a little room for second tabs. */
const SECOND_TABS = 5;
/** Places only the table's own people (by seat token) may take. */
const KEPT_FOR_PEOPLE = 5;
/** Connections one person (one seat token) may hold to one table: a phone, a laptop and a spare tab. */
export const MAX_TABS_PER_PERSON = 3;
const MAX_GUARDS = 10_000;
/** How long Colyseus holds a place for a join that has not connected (its default seat reservation). */
const JOIN_HELD_MS = 15_000;

/** The matchmaker's answer: a reservation (a session id), or `{ code, error }`. */
function answerIn(chunk: unknown): { sessionId?: unknown; code?: unknown; error?: unknown } | null {
  try {
    const body = JSON.parse(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString()) as unknown;
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

/** Code of a join refused because every place at the table is taken (the client words it). */
export const TABLE_FULL = 409;
/**
 * Colyseus refuses a join to a full table as if it did not exist (4212, 'room "x" is locked') or with
 * no code at all ('x is already full.', when the last places are kept for the table's people), so the
 * page told a player to check their connection, or that the table was gone. Its texts (pinned with
 * @colyseus/core 0.16; edge.test.ts and keptPlaces.test.ts read them through the real matchmaker)
 * are the only sign of it.
 */
const FULL_TABLE = /" is locked$| is already full\.$/;

/** The answer a joiner gets instead of Colyseus' refusal, when that refusal means "full". */
function fullTableAnswer(answer: ReturnType<typeof answerIn>): string | null {
  if (typeof answer?.error !== 'string' || !FULL_TABLE.test(answer.error)) return null;
  return JSON.stringify({
    code: TABLE_FULL,
    error: 'Every place at this table is taken; try again in a little while.',
  });
}

export class Edge {
  readonly limits: EdgeLimits;
  readonly log: Logger;
  private readonly perAddress = new Map<string, number>();
  /** By address: until when each of its joins not yet followed by a websocket holds a place. */
  private readonly joining = new Map<string, number[]>();
  private readonly addressOfUpgrade = new WeakMap<IncomingHttpHeaders, string>();
  private readonly clientAddresses = new WeakMap<Client, string>();
  private readonly personBuckets: BucketBook;
  private readonly addressBuckets: BucketBook;
  /** Each connection's person at its table, so a person's strikes outlive the connection. */
  private readonly personKeys = new WeakMap<Client, string>();
  /** Strikes by person (or by connection, before it has one); bounded like the buckets. */
  private readonly guards = new Map<string, RefusalGuard>();
  private readonly decodeLogged = new WeakSet<Client>();
  private readonly dropped = new WeakSet<Client>();
  private readonly abuseGate = new LogGate(5);
  private nextRequest = 0;
  /** Tables each address holds open, released as they close (app.ts). */
  readonly holdings: TableHoldings;

  constructor(limits: Partial<EdgeLimits> = {}, log: Logger = createLogger({ level: 'silent' })) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.log = log;
    this.personBuckets = new BucketBook(this.limits.personMessages);
    this.addressBuckets = new BucketBook(this.limits.addressMessages);
    this.holdings = new TableHoldings(this.limits.tablesHeldPerAddress, tableExists);
  }

  /** Places at a table of `seats` seats: those, spectators and second tabs, and KEPT_FOR_PEOPLE. */
  maxClientsPerTable(seats: number): number {
    return seats + this.limits.tableMaxSpectators + SECOND_TABS + KEPT_FOR_PEOPLE;
  }

  /**
   * Whether a join may take a place now (asked when Colyseus reserves one, before anything else of
   * the join runs). The last KEPT_FOR_PEOPLE places go only to the table's own people, by their seat
   * token: joins that never connect each hold a place for a while, and strangers holding every place
   * had locked a table against its own players reloading.
   */
  placeFree(a: { taken: number; max: number; ownPerson: () => boolean }): boolean {
    return a.taken < a.max - KEPT_FOR_PEOPLE || a.ownPerson();
  }

  /**
   * The client's address as the limits count it: the socket's peer, or the proxy's X-Real-IP when we
   * sit behind our proxy; an IPv6 address by its /64 (see addressKey).
   */
  address(req: IncomingMessage): string {
    const real = req.headers['x-real-ip'];
    if (this.limits.trustProxy && typeof real === 'string' && real.length > 0 && real.length <= 64)
      return addressKey(real);
    return addressKey(req.socket.remoteAddress ?? '?');
  }

  requestId(req: IncomingMessage): string {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && /^[\w.-]{1,64}$/.test(given)) return given;
    this.nextRequest = (this.nextRequest + 1) % Number.MAX_SAFE_INTEGER;
    return `r${process.pid.toString(36)}-${this.nextRequest.toString(36)}`;
  }

  private refuseHttp(res: ServerResponse, status: number, code: string, message: string, close = false): void {
    metrics.httpRefused.inc({ reason: code });
    const body = JSON.stringify({ code, error: message, message });
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(close ? { connection: 'close' } : {}),
    });
    res.end(body);
  }

  /**
   * Runs before every other request handler (express and Colyseus' matchmaker). Answers and returns
   * true when the request is refused; nothing of its body has been read then.
   */
  guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const length = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (chunked && length === undefined) {
      // A body of unknown length cannot be judged before it is read: ask for a length instead.
      this.refuseHttp(res, 411, 'LENGTH_REQUIRED', 'Send a Content-Length with a body.', true);
      return true;
    }
    if (length !== undefined && !(Number(length) <= this.limits.maxBodyBytes)) {
      this.refuseHttp(res, 413, 'TOO_LARGE', `Bodies are at most ${this.limits.maxBodyBytes} bytes.`, true);
      return true;
    }
    const url = req.url ?? '/';
    // Colyseus routes any URL containing this to its matchmaker (even in a query string): decide here.
    if (url.includes('/matchmake')) return this.guardMatchmake(req, res, url);
    return false;
  }

  private guardMatchmake(req: IncomingMessage, res: ServerResponse, url: string): boolean {
    if (req.method === 'OPTIONS') return false;
    if (req.method !== 'POST' || !MATCHMAKE_PATH.test(url)) {
      this.refuseHttp(res, 404, 'NO_SUCH_METHOD', 'Tables are created with POST /api/tables; join one by its id.');
      return true;
    }
    if (!isJson(req.headers['content-type'])) {
      this.refuseHttp(res, 415, 'JSON_ONLY', 'Send application/json.');
      return true;
    }
    const address = this.address(req);
    if ((this.perAddress.get(address) ?? 0) >= this.limits.maxConnectionsPerAddress) {
      this.refuseHttp(res, 429, 'TOO_MANY_CONNECTIONS', this.tooManyConnections());
      return true;
    }
    const held = this.heldJoins(address);
    if (held.length >= this.limits.maxJoiningPerAddress) {
      this.refuseHttp(
        res,
        429,
        'TOO_MANY_JOINS',
        'Too many joins from your address at once; try again in a few seconds.',
      );
      return true;
    }
    held.push(Date.now() + JOIN_HELD_MS);
    this.joining.set(address, held);
    this.onRefusedJoin(res, () => this.joined(address));
    return false;
  }

  /**
   * Calls `refused` if the matchmaker refuses the join (no such table, full): it answers 200 either
   * way, with the reservation or with `{ code, error }`, in one write (chunked, so it may be
   * replaced). A refusal that means "full" goes out as TABLE_FULL.
   */
  private onRefusedJoin(res: ServerResponse, refused: () => void): void {
    const write = res.write;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      res.write = write;
      const answer = answerIn(chunk);
      if (typeof answer?.sessionId === 'string')
        return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
      refused();
      const full = fullTableAnswer(answer);
      return (write as (...a: unknown[]) => boolean).call(this, full ?? chunk, ...rest);
    } as ServerResponse['write'];
  }

  /** The address's joins still holding a place (expired ones let go; the book stays bounded). */
  private heldJoins(address: string): number[] {
    const now = Date.now();
    const held = (this.joining.get(address) ?? []).filter((until) => until > now);
    if (held.length === 0) this.joining.delete(address);
    if (this.joining.size >= MAX_GUARDS) {
      for (const [a, list] of this.joining) if (list.every((until) => until <= now)) this.joining.delete(a);
    }
    return held;
  }

  /** One of the address's joins is over: its websocket came, or the join was refused. */
  private joined(address: string): void {
    const held = this.joining.get(address);
    if (held === undefined) return;
    held.shift();
    if (held.length === 0) this.joining.delete(address);
  }

  private tooManyConnections(): string {
    return `Too many connections from your address (at most ${this.limits.maxConnectionsPerAddress}); close a tab and try again.`;
  }

  /** ws' verifyClient: the hard cap on open sockets per address, counted until each socket closes. */
  verifyClient = (
    info: { req: IncomingMessage },
    done: (ok: boolean, status?: number, message?: string) => void,
  ): void => {
    const address = this.address(info.req);
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.limits.maxConnectionsPerAddress) {
      metrics.httpRefused.inc({ reason: 'TOO_MANY_CONNECTIONS' });
      done(false, 429, this.tooManyConnections());
      return;
    }
    this.perAddress.set(address, open + 1);
    this.joined(address);
    this.addressOfUpgrade.set(info.req.headers, address);
    metrics.connections.inc();
    info.req.socket.once('close', () => {
      metrics.connections.dec();
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    });
    done(true);
  };

  /**
   * Called from a room's onAuth: ties the client to the address its upgrade came from (the transport
   * hands rooms the upgrade's headers object, not the request, so the headers are the key).
   */
  identify(client: Client, context: AuthContext | undefined): string {
    const address = (context && this.addressOfUpgrade.get(context.headers)) ?? `s:${client.sessionId}`;
    this.clientAddresses.set(client, address);
    return address;
  }

  /**
   * The connection's person (from onJoin): their strikes toward a drop are counted across their
   * connections, so coming back by token after a drop does not start them afresh.
   */
  bind(client: Client, tableId: string, personToken: string): void {
    this.personKeys.set(client, `p:${tableId}:${personToken}`);
  }

  /** Whether a dropped connection was closed for abuse (it gets no reconnection grace). */
  wasDropped(client: Client): boolean {
    return this.dropped.has(client);
  }

  /**
   * A dropped connection came back through Colyseus' reconnection: onAuth does not run for it, so the
   * new client takes the old one's address and person (its messages count where the old ones did).
   */
  reconnected(previous: Client, next: Client): void {
    const address = this.clientAddresses.get(previous);
    if (address !== undefined) this.clientAddresses.set(next, address);
    const person = this.personKeys.get(previous);
    if (person !== undefined) this.personKeys.set(next, person);
  }

  /**
   * Whether one more connection may join a table; the reason when not. Only someone who holds a seat
   * passes the spectator cap (a spectator's token opened any number of connections past it), and
   * nobody holds more than MAX_TABS_PER_PERSON connections to one table.
   */
  admit(a: { seated: boolean; spectating: boolean; spectators: number; tabs: number }): string | null {
    if (a.tabs >= MAX_TABS_PER_PERSON)
      return `You have this table open in ${MAX_TABS_PER_PERSON} tabs already; close one and try again.`;
    if (a.seated || !a.spectating) return null;
    if (a.spectators < this.limits.tableMaxSpectators) return null;
    return `This table already has ${this.limits.tableMaxSpectators} spectators; try again later.`;
  }

  /**
   * A message, its type read and its payload not yet: frames of a connection already dropped are
   * ignored, and one past its rates is refused unread (RATE_LIMITED, a strike toward the drop).
   */
  admitFrame(client: Client, tableId: string, personToken: string | undefined, type: string): boolean {
    if (this.dropped.has(client)) return false;
    if (this.allow(client, tableId, personToken)) return true;
    this.refuse(client, tableId, {
      code: 'RATE_LIMITED',
      message: 'Too many messages; slow down.',
      request: type.slice(0, 40),
    });
    return false;
  }

  /** A message from a client: within its person's and its address's rates? */
  allow(client: Client, tableId: string, personToken: string | undefined): boolean {
    const person = personToken === undefined ? `s:${client.sessionId}` : `p:${tableId}:${personToken}`;
    const address = this.clientAddresses.get(client) ?? `s:${client.sessionId}`;
    // Both buckets are charged: one person's many sockets, and one address's many people.
    const ok = this.personBuckets.take(person) && this.addressBuckets.take(address);
    if (ok) this.guardOf(client).passed();
    return ok;
  }

  private guardOf(client: Client): RefusalGuard {
    const key = this.personKeys.get(client) ?? `s:${client.sessionId}`;
    let g = this.guards.get(key);
    if (!g) {
      // A flood of distinct keys resets the books rather than growing them (as BucketBook does).
      if (this.guards.size >= MAX_GUARDS) this.guards.clear();
      g = new RefusalGuard(this.limits.refusalsBeforeDrop);
      this.guards.set(key, g);
    }
    return g;
  }

  /** Every refusal passes here: counted, answered or not, and the connection dropped when it keeps on. */
  refuse(client: Client, tableId: string, msg: ErrorMessage): RefusalVerdict {
    metrics.refusals.inc({ code: msg.code });
    return this.strike(client, tableId, refusalKind(msg.code), msg, 'refusals');
  }

  /** A join the table refused (its reason goes back to the joiner): counted, and logged through the abuse gate. */
  joinRefused(tableId: string, reason: string): void {
    metrics.refusals.inc({ code: 'JOIN_REFUSED' });
    this.abuseLog({ table: tableId, reason: reason.slice(0, 120) }, 'join refused');
  }

  /** A frame that does not decode: counted, logged once per connection, answered, a strike toward the drop. */
  decodeFailure(client: Client, tableId: string, reason: string): void {
    metrics.decodeFailures.inc();
    if (!this.decodeLogged.has(client)) {
      this.decodeLogged.add(client);
      this.abuseLog(
        { table: tableId, session: client.sessionId, reason },
        'undecodable frame; further ones not logged',
      );
    }
    // Answered like any refused message (an empty message type reached here and was met with silence).
    const msg: ErrorMessage = { code: 'MALFORMED', message: `That message could not be read: ${reason}.` };
    this.strike(client, tableId, 'invalid', msg, 'undecodable');
  }

  /** One strike toward the drop: answered while the guard allows it, the connection closed when it says so. */
  private strike(client: Client, tableId: string, kind: RefusalKind, msg: ErrorMessage, dropReason: string) {
    const verdict = this.guardOf(client).refuse(kind);
    if (verdict === 'answer' && !this.dropped.has(client)) client.send('error', msg);
    if (verdict === 'drop') this.drop(client, tableId, dropReason);
    return verdict;
  }

  private drop(client: Client, tableId: string, reason: string): void {
    if (this.dropped.has(client)) return;
    this.dropped.add(client);
    metrics.droppedClients.inc({ reason });
    this.abuseLog({ table: tableId, session: client.sessionId, reason }, 'connection dropped');
    const msg: ErrorMessage = { code: 'DROPPED', message: 'Too many refused messages; this connection is closed.' };
    client.send('error', msg);
    client.leave(CLOSE_ABUSE, 'Too many refused messages.');
  }

  /** Lines an attacker can cause go through one gate: a flood costs a line a second, not a line a frame. */
  private abuseLog(fields: Record<string, unknown>, message: string): void {
    if (this.abuseGate.pass((n) => this.log.warn({ suppressed: n }, 'abuse lines suppressed'))) {
      this.log.warn(fields, message);
    }
  }

  /** Tables this process may still open. */
  tablesFull(): boolean {
    return matchMaker.stats.local.roomCount >= this.limits.maxTables;
  }
}

/** Whether a table is open on any process: this one's rooms, else the shared matchmaking listing. */
async function tableExists(id: string): Promise<boolean> {
  if (matchMaker.getLocalRoomById(id) !== undefined) return true;
  return (await matchMaker.query({ roomId: id })).length > 0;
}

/** Codes no honest client causes: the room's checks before the rules (protocol.ts' message shapes). */
const INVALID_CODES = new Set(['UNKNOWN_ACTION', 'TOO_LARGE', 'MALFORMED']);

export function refusalKind(code: string): RefusalKind {
  if (code === 'RATE_LIMITED') return 'limited';
  return INVALID_CODES.has(code) ? 'invalid' : 'rule';
}

/**
 * What one limit counts as one address. An IPv6 host is usually given a whole /64, so each of its
 * addresses counted apart would let one machine open tables and sockets without end: it counts as
 * its /64. An IPv4 address mapped into IPv6 (::ffff:a.b.c.d) is that IPv4 address.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%', 1)[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(bare)) return ip;
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = bare.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase();
  return type === 'application/json';
}
