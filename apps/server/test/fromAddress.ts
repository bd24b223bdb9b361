/**
 * Clients that come from a chosen loopback address (127.0.0.x): Linux lets a socket bind any source
 * in 127.0.0.0/8, so one test can be many addresses over real sockets. fetch and colyseus.js cannot
 * pick their source address, so requests go through node:http and the websocket handshake is made
 * by hand (a join here needs nothing more than the upgrade and the one-byte JOIN_ROOM answer).
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request from `from`; a socket error answers status 0 with the error's code. */
export function httpFrom(
  from: string,
  base: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 10_000,
): Promise<Answer> {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(new URL(path, base), {
      method,
      localAddress: from,
      agent: false,
      headers:
        data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 0, body: { code: 'TIMEOUT' } });
    }, timeoutMs);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => {
        clearTimeout(timer);
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = { text };
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ status: 0, body: { code: e.code ?? e.message } });
    });
    req.end(data);
  });
}

/** POST /api/tables from `from`. */
export function createTableFrom(from: string, base: string, settings: object = {}): Promise<Answer> {
  return httpFrom(from, base, 'POST', '/api/tables', { settings });
}

/** Colyseus' JOIN_ROOM code: the client's answer to the room's join message. */
const JOIN_ROOM = 10;

/** A masked client frame (RFC 6455 5.3) of a short binary payload. */
function clientFrame(payload: Uint8Array): Buffer {
  const mask = randomBytes(4);
  const out = Buffer.alloc(2 + 4 + payload.length);
  out[0] = 0x82;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  payload.forEach((b, i) => {
    out[6 + i] = b ^ (mask[i % 4] as number);
  });
  return out;
}

/**
 * Joins table `id` from `from` as a person named `name`: the matchmaker's reservation, then the
 * websocket. `ack` answers the room's join message as a client does; without it the socket has
 * upgraded but never finished joining. Answers the open socket (destroy it to drop the person).
 */
export async function joinFrom(
  from: string,
  base: string,
  id: string,
  name: string,
  ack = true,
  settings?: object,
): Promise<Socket> {
  const r = await httpFrom(from, base, 'POST', `/matchmake/joinById/${id}`, {
    name,
    ...(settings ? { settings } : {}),
  });
  const sessionId = r.body.sessionId;
  const roomId = (r.body.room as { roomId?: string; processId?: string } | undefined)?.roomId;
  const processId = (r.body.room as { processId?: string } | undefined)?.processId;
  if (r.status !== 200 || typeof sessionId !== 'string' || !roomId)
    throw new Error(`join refused: ${r.status} ${JSON.stringify(r.body)}`);
  return new Promise((resolve, reject) => {
    const req = request(new URL(`/${processId}/${roomId}?sessionId=${sessionId}`, base), {
      localAddress: from,
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (_res, socket) => {
      if (ack) socket.write(clientFrame(Uint8Array.from([JOIN_ROOM])));
      // Whatever the room sends is read and ignored.
      socket.resume();
      socket.on('error', () => {});
      resolve(socket);
    });
    req.on('response', (res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

/** A plain TCP connection from `from` that sends nothing (the caller may write); answers it once connected. */
export function idleSocket(from: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port, localAddress: from });
    s.once('connect', () => {
      s.off('error', reject);
      s.on('error', () => {});
      // Read whatever comes: a paused socket would not see the server's close behind unread data.
      s.resume();
      resolve(s);
    });
    s.once('error', reject);
  });
}

/** Resolves with the time a socket closed (or 'open' after `withinMs`). */
export function closedWithin(s: Socket, withinMs: number): Promise<number | 'open'> {
  const start = Date.now();
  if (s.destroyed) return Promise.resolve(0);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve('open'), withinMs);
    s.once('close', () => {
      clearTimeout(t);
      resolve(Date.now() - start);
    });
  });
}
