/**
 * The tables' HTTP routes: POST /api/tables makes one (JSON only, rate-limited per address, refused
 * when the server is full); GET /api/tables/:id and /lookup answer the join screen from the
 * matchmaking listing, so they answer for tables of any process (rate-limited per address too).
 */
import type { TableCard, TableLookup } from '@blaze/protocol';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { z } from 'zod';
import { answerDeadline, DeadlineExceeded, withDeadline } from './deadline.js';
import { type Edge, isJson } from './edge.js';
import { DEFAULT_GAME, defaultGame, tableGame } from './games.js';
import type { Logger } from './logger.js';
import { BucketBook } from './rateLimit.js';
import { storeWritable } from './store/current.js';
import { currentKind, knownGames } from './store/gameKinds.js';
import { tableFate } from './store/movedTo.js';
import { checkSettings } from './table/lobby.js';
import type { HoldTicket } from './tableHoldings.js';

const createTableBody = z
  .object({ game: z.string().max(40).optional(), settings: z.record(z.string(), z.unknown()).optional() })
  .strict();

/** A table's room is defined under its game's id (app.ts, games.ts). */
export function mountTableRoutes(
  app: express.Express,
  edge: Edge,
  log: Logger,
  /** How long creation and look-ups wait on Redis before answering 503 (deadline.ts). */
  deadlineMs = 2_500,
): void {
  const creators = new BucketBook(edge.limits.tableCreation);
  app.post('/api/tables', async (req, res, next) => {
    // JSON only: a form or text/plain post (which any web page can make a browser send) makes nothing.
    if (!isJson(req.headers['content-type'])) {
      res.status(415).json({ code: 'JSON_ONLY', message: 'Send application/json.' });
      return;
    }
    const address = edge.address(req);
    // What the address holds open now, not only how fast it creates (tableHoldings.ts).
    const hold = await edge.holdings.take(address);
    if (!hold.ok) {
      res.status(429).json({ code: hold.code, message: hold.message });
      return;
    }
    // Given back unless the table is made (cancel after bind does nothing).
    res.once('close', () => hold.ticket.cancel());
    res.locals.hold = hold.ticket;
    if (!creators.take(address)) {
      res.status(429).json({ code: 'RATE_LIMITED', message: 'Too many new tables from this address; wait a little.' });
      return;
    }
    if (edge.tablesFull()) {
      res.status(503).json({ code: 'FULL', message: 'This server has as many tables as it can hold; try later.' });
      return;
    }
    // A table that could not be recorded could not keep a single move (the disk full or failing).
    if (!storeWritable()) {
      res.status(503).json({
        code: 'STORE_UNAVAILABLE',
        message: 'The server cannot save tables right now (its storage is full or failing); try again later.',
      });
      return;
    }
    next();
  });
  app.post('/api/tables', express.json({ limit: edge.limits.maxBodyBytes }), async (req, res) => {
    const body = createTableBody.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ code: 'MALFORMED', message: body.error.issues[0]?.message ?? 'invalid' });
      return;
    }
    const game = body.data.game ?? DEFAULT_GAME;
    if (!currentKind(game)) {
      res
        .status(400)
        .json({ code: 'UNKNOWN_GAME', message: `No such game; this server plays: ${knownGames().join(', ')}.` });
      return;
    }
    // The table's settings by tableSettings, the game's lobby options (Durak's) by its module.
    const split = checkSettings(game, body.data.settings ?? {});
    if (split) {
      res.status(400).json({ code: 'MALFORMED', message: split });
      return;
    }
    try {
      const listing = await withDeadline(
        matchMaker.createRoom(game, { settings: body.data.settings ?? {} }),
        deadlineMs,
        'matchmaking',
      );
      (res.locals.hold as HoldTicket).bind(listing.roomId);
      log.info({ table: listing.roomId, game, request: res.locals.requestId }, 'table created');
      res.status(201).json({ id: listing.roomId });
    } catch (e) {
      if (answerDeadline(res, e)) return;
      // The settings were checked above: what fails now is the server's (its store or Redis refused
      // the write), so a 503 to try again, and the cause in the log rather than the answer.
      log.warn({ request: res.locals.requestId, err: e instanceof Error ? e.message : String(e) }, 'table not created');
      res
        .status(503)
        .json({ code: 'CREATE_FAILED', message: 'The table could not be made just now; try again in a moment.' });
    }
  });

  // The join screen: who hosts and who sits, before joining. Public to whoever holds the id (as the
  // table itself is); from the matchmaking listing, so it answers for tables of any process.
  const findCard = async (id: string): Promise<TableCard | 'MALFORMED' | 'NOT_FOUND' | 'UNAVAILABLE' | 'LATE'> => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return 'MALFORMED';
    let listing: { name: string; metadata?: unknown } | undefined;
    try {
      // By id alone: the listing's name is its game's, and only a game's room is a table.
      const found = await withDeadline(matchMaker.query({ roomId: id }), deadlineMs, 'matchmaking');
      listing = found.find((l) => tableGame(l.name) !== undefined);
    } catch (e) {
      return e instanceof DeadlineExceeded ? 'LATE' : 'UNAVAILABLE';
    }
    if (!listing) return 'NOT_FOUND';
    // Listed before its card was published (only while it is being made): a new table in its lobby.
    const game = tableGame(listing.name) ?? defaultGame();
    const empty: TableCard = {
      game: game.id,
      status: 'lobby',
      host: null,
      seats: [],
      free: game.module.seats.max,
      spectators: 0,
    };
    const card = (listing.metadata as { card?: TableCard } | undefined)?.card;
    // A card published by a process from before tables named their game (sharing Redis while a new
    // version rolls out) names none: its table is Blaze.
    return card ? { ...card, game: card.game ?? game.id } : empty;
  };
  const refuseCard = (res: express.Response, code: 'MALFORMED' | 'UNAVAILABLE' | 'LATE') => {
    if (code === 'LATE') answerDeadline(res, new DeadlineExceeded('matchmaking', deadlineMs));
    else if (code === 'MALFORMED') res.status(400).json({ code, message: 'That is not a table id.' });
    else res.status(503).json({ code, message: 'Try again in a moment.' });
  };
  // Each card is a matchmaking query: one address asking as fast as it can must not make them cheap.
  const lookers = new BucketBook(edge.limits.tableLookups);
  const limited = (req: express.Request, res: express.Response): boolean => {
    if (lookers.take(edge.address(req))) return false;
    res
      .status(429)
      .json({ code: 'RATE_LIMITED', message: 'Too many table look-ups from this address; wait a little.' });
    return true;
  };
  app.get('/api/tables/:id', async (req, res) => {
    if (limited(req, res)) return;
    const card = await findCard(req.params.id);
    if (card === 'MALFORMED' || card === 'UNAVAILABLE' || card === 'LATE') return refuseCard(res, card);
    if (card === 'NOT_FOUND') {
      // A table its host moved to another game: its link leads to the one it moved to.
      const fate = await withDeadline(tableFate(req.params.id), deadlineMs, 'store').catch(() => null);
      if (fate?.movedTo) {
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Location', `/api/tables/${fate.movedTo}`);
        res.status(301).json({ code: 'MOVED', message: 'This table moved.', table: fate.movedTo });
        return;
      }
      res.status(404).json({ code: 'NOT_FOUND', message: 'No such table.' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json(card);
  });
  // The same for the join page, where a closed table is an expected answer: 200 { exists: false }, and
  // whether it closed or never was (a mistyped link is told so, not that its table closed).
  app.get('/api/tables/:id/lookup', async (req, res) => {
    if (limited(req, res)) return;
    const card = await findCard(req.params.id);
    if (card === 'MALFORMED' || card === 'UNAVAILABLE' || card === 'LATE') return refuseCard(res, card);
    const answer: TableLookup =
      card === 'NOT_FOUND'
        ? // A store that does not answer in time says no: "no table here" rather than a hung page.
          // A table that moved says where (its host switched games): the join page follows it.
          { exists: false, ...(await withDeadline(tableFate(req.params.id), deadlineMs, 'store').catch(() => ({}))) }
        : { exists: true, card };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });
}
