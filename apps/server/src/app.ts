/**
 * One HTTP server for everything: the built web client (with an SPA fallback so /t/<id> loads the
 * app), /livez, /readyz (health.ts), /metrics, the tables' routes (tableRoutes.ts), Colyseus' matchmaking routes and its
 * websockets. Every request meets the edge (edge.ts) first.
 */
import { existsSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { matchMaker, type Presence, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import express from 'express';
import type { SharedMatchmaking } from './cluster/matchmaking.js';
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  guardConnections,
  httpServerOptions,
} from './connectionLimits.js';
import { Edge, type EdgeLimits, MATCHMAKER_METHODS } from './edge.js';
import { installFrameGuard } from './frameGuard.js';
import { DEFAULT_GAME, tableGames } from './games.js';
import { mountHealth, Readiness, redisCheck } from './health.js';
import { DEFAULT_HEARTBEAT, type HeartbeatOptions, type HeartbeatSocket, startHeartbeat } from './heartbeat.js';
import { colyseusLogger, createLogger, type Logger } from './logger.js';
import { installMatchmakeDeadline } from './matchmakeDeadline.js';
import { serveMetrics } from './metricsRoute.js';
import { timeRequest } from './opsMetrics.js';
import type { BucketOptions } from './rateLimit.js';
import { DEFAULT_ROOM_CONFIG, type RoomConfig, TableRoom } from './room/TableRoom.js';
import { securityHeaders } from './securityHeaders.js';
import { mountTableRoutes } from './tableRoutes.js';

/** The default game's room: where restores and adoption bring tables back (store/open.ts, cluster/adopt.ts). */
export const ROOM_NAME = DEFAULT_GAME;

export interface ServerOptions {
  port?: number;
  host?: string;
  /** The built web client (apps/web/dist); skipped when missing. */
  staticDir?: string;
  /**
   * Several processes sharing tables' matchmaking: RedisPresence and RedisDriver, made by
   * `redisMatchmaking` (cluster/matchmaking.ts) only when Redis is used.
   */
  shared?: SharedMatchmaking;
  /** host:port clients reach this process at, when several processes share Redis (PUBLIC_ADDRESS). */
  publicAddress?: string;
  room?: Partial<RoomConfig>;
  /** Largest websocket frame accepted; larger ones close that socket (ws' own guard). */
  maxPayload?: number;
  /** How fast one address may create tables (POST /api/tables); shorthand for limits.tableCreation. */
  tableCreation?: BucketOptions;
  /** Caps and rates at the edge (config.ts fills them from the environment). */
  limits?: Partial<EdgeLimits>;
  /** HTTP timeouts and open connections per address (connectionLimits.ts). */
  connections?: Partial<ConnectionLimits>;
  /** JSON lines; silent when unset (tests), main.ts passes the configured one. */
  logger?: Logger;
  /**
   * /metrics on this (public) port: not served by default (main.ts serves it on a listener of its
   * own, metricsRoute.ts); `{ token }` serves it behind that bearer token; `true` openly (tests).
   */
  metrics?: boolean | { token: string };
  /** How silent sockets are found (heartbeat.ts); tests shorten the interval. */
  heartbeat?: Partial<HeartbeatOptions>;
  /** How long a request waits on Redis or the store before a 503 (BACKEND_TIMEOUT_MS). */
  backendTimeoutMs?: number;
}

export interface BlazeServer {
  app: express.Express;
  /** Routes under /api added after the server is made (main.ts' game records): they come before the JSON 404. */
  api: express.Router;
  edge: Edge;
  /** /readyz's checks: main.ts says when the restore starts and ends, and may add its own. */
  readiness: Readiness;
  http: HttpServer;
  gameServer: Server;
  /** Resolves with the bound port. */
  listen(): Promise<number>;
  close(): Promise<void>;
  readonly port: number;
}

export function createServer(options: ServerOptions = {}): BlazeServer {
  const log = options.logger ?? createLogger({ level: 'silent' });
  const edge = new Edge(
    {
      // The room's per-client bucket setting predates the edge; it now sets the per-person rate.
      ...(options.room?.bucket ? { personMessages: options.room.bucket } : {}),
      ...options.limits,
      ...(options.tableCreation ? { tableCreation: options.tableCreation } : {}),
    },
    log,
  );
  installFrameGuard({
    admit: (room, client, type) =>
      edge.admitFrame(client, room.roomId, (room as TableRoom).tokenOf?.get(client.sessionId), type),
    failed: (room, client, reason) => edge.decodeFailure(client, room.roomId, reason),
  });
  // Only what the client uses: no matchmaker create/joinOrCreate/join (tables come from /api/tables).
  matchMaker.controller.exposedMethods = [...MATCHMAKER_METHODS];
  const app = express();
  app.disable('x-powered-by');
  // Behind our proxy every connection is the proxy's: the proxy caps per client there.
  const connections: ConnectionLimits = {
    ...DEFAULT_CONNECTION_LIMITS,
    ...options.connections,
    ...(edge.limits.trustProxy ? { perAddress: 0 } : {}),
  };
  const http = createHttpServer(httpServerOptions(connections), app);
  guardConnections(http, connections);
  const presence: Presence | undefined = options.shared?.presence;
  const driver = options.shared?.driver;
  const transport = new WebSocketTransport({
    server: http,
    // Off: heartbeat.ts pings the sockets instead, spread over the interval rather than all at once.
    pingInterval: 0,
    // The largest message a client sends (a chat line of 200 four-byte characters) is under 1 KB.
    maxPayload: options.maxPayload ?? 4 * 1024,
    verifyClient: edge.verifyClient,
  });
  // ws' own set of open sockets (the transport keeps its server protected).
  const sockets = (transport as unknown as { wss: { clients: Set<HeartbeatSocket> } }).wss.clients;
  const heartbeat = startHeartbeat(sockets, {
    ...DEFAULT_HEARTBEAT,
    ...options.heartbeat,
  });
  http.on('close', () => heartbeat.stop());
  const gameServer = new Server({
    transport,
    ...(presence ? { presence } : {}),
    ...(driver ? { driver } : {}),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
    greet: false,
    logger: colyseusLogger(log),
    // main.ts owns the signals, so tests can run a server without exit-on-SIGINT handlers.
    gracefullyShutdown: false,
  });
  const deadlineMs = options.backendTimeoutMs ?? 2_500;
  installMatchmakeDeadline(gameServer, deadlineMs);
  const room: RoomConfig = { ...DEFAULT_ROOM_CONFIG, unclaimedMs: edge.limits.unclaimedMs, ...options.room, edge };
  // A table room per game, named by the game's id (games.ts); a table's creator holds it until it
  // closes (tableHoldings.ts).
  for (const g of tableGames()) {
    gameServer
      .define(g.id, TableRoom, { server: room, game: g.id })
      .on('dispose', (r: TableRoom) => edge.holdings.release(r.roomId));
  }

  // The edge sees every request before express and Colyseus' matchmaker do (which Colyseus wrapped
  // around express in its constructor): oversize bodies and unknown matchmaker methods stop here.
  const inner = http.listeners('request').slice() as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  const setHeaders = securityHeaders(options.publicAddress);
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    setHeaders(req, res);
    timeRequest(req, res);
    if (edge.guardRequest(req, res)) return;
    for (const listener of inner) listener.call(http, req, res);
  });

  app.use((req, res, next) => {
    const id = edge.requestId(req);
    res.setHeader('x-request-id', id);
    res.locals.requestId = id;
    next();
  });

  const readiness = new Readiness(deadlineMs);
  if (presence) readiness.add('redis', redisCheck(presence));
  mountHealth(app, readiness);

  // Not served here: a plain 404, not the SPA page the fallback would answer with.
  const metrics = options.metrics ?? false;
  app.get('/metrics', (req, res, next) => {
    if (metrics === false) res.status(404).json({ code: 'NOT_FOUND', message: 'No such route.' });
    else void serveMetrics(req, res, metrics === true ? undefined : metrics.token).catch(next);
  });

  mountTableRoutes(app, edge, log, deadlineMs);

  const api = express.Router();
  app.use('/api', api);
  // Any other /api path is a JSON 404, as every answer under /api is (not express' HTML page).
  app.use('/api', (_req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: 'No such route.' });
  });

  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    app.use(express.static(staticDir, { index: 'index.html', maxAge: '1h' }));
    // SPA fallback: any other GET that wants a page (e.g. /t/<id>) gets the app; HEAD answers as GET
    // would (link checkers and chat previews ask HEAD first).
    app.use((req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(staticDir, 'index.html'));
    });
  }

  // A body that is not JSON where JSON was asked for: a short answer, no stack trace, no HTML.
  app.use(
    (
      err: { status?: number; type?: string },
      _req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      if (res.headersSent) return next(err);
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      if (status === 500) log.error({ request: res.locals.requestId, err: String(err) }, 'request failed');
      // 415: JSON in a charset other than UTF-8 (body-parser reads no other), as the 415 before the parser says.
      const code =
        status === 413 ? 'TOO_LARGE' : status === 415 ? 'JSON_ONLY' : status === 500 ? 'INTERNAL' : 'MALFORMED';
      res.status(status).json({ code, message: status === 415 ? 'Send application/json in UTF-8.' : 'Bad request.' });
    },
  );

  let bound = 0;
  return {
    app,
    api,
    edge,
    readiness,
    http,
    gameServer,
    get port() {
      return bound;
    },
    async listen() {
      // Last in line, so that routes added after createServer (the load bench's) still answer: any
      // other request (POST /t/x, GET /nothing without a client) is a short JSON 404, not express' page.
      if (bound === 0)
        app.use((_req, res) => {
          res.status(404).json({ code: 'NOT_FOUND', message: 'No such route.' });
        });
      await gameServer.listen(options.port ?? 2567, options.host);
      bound = (http.address() as AddressInfo).port;
      return bound;
    },
    async close() {
      await gameServer.gracefullyShutdown(false);
      await new Promise<void>((r) => {
        http.close(() => r());
        http.closeAllConnections?.();
      });
    },
  };
}
