/**
 * One HTTP server for everything: the built web client (with an SPA fallback so /t/<id> loads the
 * app), /healthz, POST /api/tables, Colyseus' matchmaking routes and its websockets.
 */
import { existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { tableSettings } from '@blaze/protocol';
import { matchMaker, type Presence, Server } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import express from 'express';
import { z } from 'zod';
import { type BucketOptions, TokenBucket } from './rateLimit.js';
import { BlazeRoom, DEFAULT_ROOM_CONFIG, type RoomConfig } from './room/BlazeRoom.js';

export const ROOM_NAME = 'blaze';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** The built web client (apps/web/dist); skipped when missing. */
  staticDir?: string;
  /** When set, RedisPresence + RedisDriver, so several processes can share tables' matchmaking. */
  redisUrl?: string;
  /** host:port clients reach this process at, when several processes share Redis (PUBLIC_ADDRESS). */
  publicAddress?: string;
  room?: Partial<RoomConfig>;
  /** Largest websocket frame accepted; larger ones close that socket (ws' own guard). */
  maxPayload?: number;
  /** How fast one address may create tables (POST /api/tables). */
  tableCreation?: BucketOptions;
}

/** A burst of 20 tables, then one every 3 s, per address: plenty for a game night, not for a flood. */
export const DEFAULT_TABLE_CREATION: BucketOptions = { capacity: 20, refillPerSecond: 1 / 3 };
const MAX_TRACKED_ADDRESSES = 10_000;

export interface BlazeServer {
  app: express.Express;
  http: HttpServer;
  gameServer: Server;
  /** Resolves with the bound port. */
  listen(): Promise<number>;
  close(): Promise<void>;
  readonly port: number;
}

const createTableBody = z.object({ settings: tableSettings.partial().optional() }).strict();

export function createServer(options: ServerOptions = {}): BlazeServer {
  const app = express();
  app.disable('x-powered-by');
  const http = createHttpServer(app);
  const presence: Presence | undefined = options.redisUrl ? new RedisPresence(options.redisUrl) : undefined;
  const driver = options.redisUrl ? new RedisDriver(options.redisUrl) : undefined;
  const gameServer = new Server({
    transport: new WebSocketTransport({ server: http, maxPayload: options.maxPayload ?? 64 * 1024 }),
    ...(presence ? { presence } : {}),
    ...(driver ? { driver } : {}),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
    greet: false,
    // main.ts owns the signals, so tests can run a server without exit-on-SIGINT handlers.
    gracefullyShutdown: false,
  });
  const room: RoomConfig = { ...DEFAULT_ROOM_CONFIG, ...options.room };
  gameServer.define(ROOM_NAME, BlazeRoom, { server: room });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, rooms: matchMaker.stats.local.roomCount, ccu: matchMaker.stats.local.ccu });
  });

  const creators = new Map<string, TokenBucket>();
  app.post('/api/tables', express.json({ limit: '4kb' }), async (req, res) => {
    const who = req.ip ?? req.socket.remoteAddress ?? '?';
    // Bounded memory: a flood of distinct addresses resets the books rather than growing them.
    if (!creators.has(who) && creators.size >= MAX_TRACKED_ADDRESSES) creators.clear();
    const bucket = creators.get(who) ?? new TokenBucket(options.tableCreation ?? DEFAULT_TABLE_CREATION);
    creators.set(who, bucket);
    if (!bucket.take()) {
      res.status(429).json({ code: 'RATE_LIMITED', message: 'Too many new tables from this address; wait a little.' });
      return;
    }
    const body = createTableBody.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ code: 'MALFORMED', message: body.error.issues[0]?.message ?? 'invalid' });
      return;
    }
    try {
      const listing = await matchMaker.createRoom(ROOM_NAME, { settings: body.data.settings ?? {} });
      res.status(201).json({ id: listing.roomId });
    } catch (e) {
      res.status(400).json({ code: 'CREATE_FAILED', message: e instanceof Error ? e.message : 'error' });
    }
  });

  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    app.use(express.static(staticDir, { index: 'index.html', maxAge: '1h' }));
    // SPA fallback: any other GET that wants a page (e.g. /t/<id>) gets the app.
    app.use((req, res, next) => {
      if (req.method !== 'GET' || req.path.startsWith('/api/')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(staticDir, 'index.html'));
    });
  }

  let bound = 0;
  return {
    app,
    http,
    gameServer,
    get port() {
      return bound;
    },
    async listen() {
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
