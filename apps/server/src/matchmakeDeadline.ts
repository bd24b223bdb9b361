/**
 * Colyseus' matchmaking routes (POST /matchmake/<method>/<room>: joinById, reconnect) with a
 * deadline. Colyseus answers 200 before it asks Redis (listing, seat reservation over presence), so
 * a stalled Redis held the request open with a 200 status line and nothing after it; here the
 * status is chosen once the answer is known, and a late one is a 503 BACKEND_TIMEOUT.
 * Everything else (OPTIONS, GET, shutting down) stays Colyseus' own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchMaker, type Server } from '@colyseus/core';
import { DeadlineExceeded, deadlineBody, withDeadline } from './deadline.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
interface Internals {
  handleMatchMakeRequest: Handler;
  transport: { protocol?: unknown };
}

const bearer = (h: string | undefined) => (h?.startsWith('Bearer ') ? h.slice(7) : undefined);

export function installMatchmakeDeadline(server: Server, ms: number): void {
  const s = server as unknown as Internals;
  const original = s.handleMatchMakeRequest.bind(server);
  s.handleMatchMakeRequest = async (req, res) => {
    if (req.method !== 'POST' || matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
      return original(req, res);
    }
    const controller = matchMaker.controller;
    const headers: Record<string, string> = {
      ...controller.DEFAULT_CORS_HEADERS,
      ...controller.getCorsHeaders.call(undefined, req),
      'Content-Type': 'application/json',
    };
    const params: string[] = [...(req.url?.match(controller.allowedRoomNameChars) ?? [])];
    const at = params.indexOf(controller.matchmakeRoute);
    const method = params[at + 1] ?? '';
    const roomName = params[at + 2] ?? '';
    const data: Buffer[] = [];
    req.on('data', (chunk: Buffer) => data.push(chunk));
    req.on('end', async () => {
      let status = 200;
      let body: unknown;
      try {
        const options = JSON.parse(Buffer.concat(data).toString());
        const answer = await withDeadline(
          controller.invokeMethod(method, roomName, options, {
            token: bearer(req.headers.authorization),
            headers: req.headers,
            ip: req.headers['x-real-ip'] ?? req.headers['x-forwarded-for'] ?? req.socket.remoteAddress ?? '',
            req,
          }),
          ms,
          'matchmaking',
        );
        if (s.transport.protocol !== undefined) answer.protocol = s.transport.protocol;
        body = answer;
      } catch (e) {
        if (e instanceof DeadlineExceeded) {
          status = 503;
          headers['Retry-After'] = '2';
          // The client library reads `error`; people and scripts read `code` and `reason`.
          body = { ...deadlineBody(e), error: e.message };
        } else {
          const err = e as { code?: unknown; message?: unknown };
          body = { code: err.code, error: err.message };
        }
      }
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, headers);
      // One write, then end, as Colyseus does: the edge reads the answer in that write (refused joins).
      res.write(JSON.stringify(body));
      res.end();
    });
  };
}
