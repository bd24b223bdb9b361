/**
 * Issue 39, finding 3: idle and slow connections are closed, and one address cannot hold every
 * socket. Each case runs over real sockets from its own loopback address, with timeouts shortened
 * through the server's options, and checks that another address is served meanwhile (/healthz and
 * a new table). Before: idle sockets were open after 520 s, slow bodies after 200 s, and 1,100 idle
 * sockets from one address made the server refuse everyone.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLOSE_NOT_JOINED } from '../src/room/joinDeadline.js';
import { closedWithin, createTableFrom, httpFrom, idleSocket, joinFrom } from './fromAddress.js';
import { sleep, until, useServer } from './helpers.js';

const HEADERS_MS = 1_000;
const REQUEST_MS = 2_000;
const PER_ADDRESS = 20;
/** Long enough for a timeout, Node's check interval and a loaded machine; far below Node's defaults. */
const CUT_WITHIN = 10_000;
const srv = useServer({
  connections: {
    perAddress: PER_ADDRESS,
    headersTimeoutMs: HEADERS_MS,
    requestTimeoutMs: REQUEST_MS,
    keepAliveTimeoutMs: 500,
  },
  limits: { joinWithinMs: 1_000 },
});
const base = () => srv.endpoint.replace('ws', 'http');
const port = () => Number(new URL(base()).port);

/** Another address is answered while `from`'s sockets are open: /healthz, and a table it makes. */
async function othersServed(other: string): Promise<void> {
  expect((await httpFrom(other, base(), 'GET', '/healthz', undefined, 3_000)).status).toBe(200);
  expect((await createTableFrom(other, base())).status).toBe(201);
}

/** Writes `text` a piece at a time every 200 ms, until the socket closes. */
function trickle(s: Socket, pieces: string[]): void {
  const t = setInterval(() => {
    if (s.destroyed || pieces.length === 0) return clearInterval(t);
    s.write(pieces.shift() as string);
  }, 200);
  s.once('close', () => clearInterval(t));
}

describe('connections at the edge', () => {
  it('an idle socket that never sends a byte is closed', async () => {
    const s = await idleSocket('127.0.0.41', port());
    const closed = closedWithin(s, CUT_WITHIN);
    await othersServed('127.0.0.42');
    expect(await closed).not.toBe('open');
  });

  it('slow headers are cut', async () => {
    const s = await idleSocket('127.0.0.43', port());
    let answer = '';
    s.on('data', (d) => {
      answer += String(d);
    });
    s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    trickle(
      s,
      Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    );
    const closed = closedWithin(s, CUT_WITHIN);
    await othersServed('127.0.0.44');
    expect(await closed).not.toBe('open');
    expect(answer).not.toMatch(/200 OK/);
  });

  it('a slow body is cut', async () => {
    const s = await idleSocket('127.0.0.45', port());
    let answer = '';
    s.on('data', (d) => {
      answer += String(d);
    });
    s.write('POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n');
    trickle(
      s,
      Array.from({ length: 200 }, () => ' '),
    );
    const closed = closedWithin(s, CUT_WITHIN);
    await othersServed('127.0.0.46');
    expect(await closed).not.toBe('open');
    expect(answer).not.toMatch(/201 Created/);
  });

  it('a kept-alive connection is closed after its keep-alive time', async () => {
    const s = await idleSocket('127.0.0.47', port());
    let answer = '';
    s.on('data', (d) => {
      answer += String(d);
    });
    s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const closed = closedWithin(s, CUT_WITHIN);
    await until(() => answer.includes('200 OK'), 5_000, 'the answer');
    expect(await closed).not.toBe('open');
  });

  it('one address holds at most its cap of sockets; others are served meanwhile', async () => {
    const crowd: Socket[] = [];
    for (let i = 0; i < 200; i++) crowd.push(await idleSocket('127.0.0.48', port()));
    await until(() => crowd.filter((s) => !s.destroyed).length <= PER_ADDRESS, 5_000, 'the cap to close the rest');
    expect(crowd.filter((s) => !s.destroyed).length).toBe(PER_ADDRESS);
    await othersServed('127.0.0.49');
    for (const s of crowd) s.destroy();
    // Its sockets closed, the address is served again.
    await sleep(100);
    expect((await httpFrom('127.0.0.48', base(), 'GET', '/healthz')).status).toBe(200);
  });

  it('a websocket that upgrades and never answers its join is closed; one that answers stays', async () => {
    const made = await createTableFrom('127.0.0.50', base());
    const id = String(made.body.id);
    const silent = await joinFrom('127.0.0.50', base(), id, 'Silent', false);
    const polite = await joinFrom('127.0.0.51', base(), id, 'Polite', true);
    let frames = Buffer.alloc(0);
    silent.on('data', (d: Buffer) => {
      frames = Buffer.concat([frames, d]);
    });
    const closed = closedWithin(silent, CUT_WITHIN);
    await othersServed('127.0.0.52');
    expect(await closed).not.toBe('open');
    // The close frame carries the reason's code (0x88, length, code).
    expect(frames.includes(Buffer.from([CLOSE_NOT_JOINED >> 8, CLOSE_NOT_JOINED & 0xff]))).toBe(true);
    // Past the HTTP request timeout too: an upgraded socket is not an HTTP request.
    await sleep(REQUEST_MS - HEADERS_MS);
    expect(polite.destroyed).toBe(false);
    polite.destroy();
  });
});
