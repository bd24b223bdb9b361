/**
 * Every message that crosses the wire, as zod schemas shared by server and client.
 * The server parses each one inside its handler, so bad input gets an `error` reply, not a disconnect.
 */
import { isCardId } from '@blaze/rules';
import { z } from 'zod';

export const MAX_SEATS = 5;
export const NAME_MAX = 24;
export const CHAT_MAX = 200;

/**
 * Controls and invisible formatting a chat line may not carry: they could fake a line of its own
 * (a line break, then "System: ..."), turn text around (bidi overrides) or fill a line with nothing
 * visible (zero-width spaces, Hangul fillers, the braille blank). The emoji joiner (U+200D) and
 * variation selectors stay: emoji are built with them. A lone surrogate (half of a character) is
 * no character at all.
 */
const CHAT_INVISIBLE = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\u115f\u1160\u3164\uffa0\u2800]|(?!\u200d)\p{Cf}/gu;

/**
 * Marks stacked on one letter beyond what any script writes (Vietnamese and Indic scripts use two or
 * three): a line of hundreds ("zalgo" text) would climb over the lines above it.
 */
const STACKED_MARKS = /(\p{M}{4})\p{M}+/gu;

/** A chat line as everyone sees it: one line, invisibles out, one space between words. */
export function cleanChat(raw: string): string {
  return raw
    .replace(/[\s\p{Zs}]+/gu, ' ')
    .replace(CHAT_INVISIBLE, '')
    .replace(STACKED_MARKS, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}
/** WebSocket close code: the server is restarting; the table comes back, rejoin it by seat token. */
export const CLOSE_RESTARTING = 4100;

const cardId = z.string().refine(isCardId, { message: 'not a card id' });
const seatIndex = z
  .number()
  .int()
  .min(0)
  .max(MAX_SEATS - 1);

export const name = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'Type a name.').max(NAME_MAX, `Names are at most ${NAME_MAX} characters.`));

/**
 * The shortest time a move stays on screen before the next one (issue 10): the server's bots wait
 * this long after any move, and the client shows queued moves at least this long each.
 */
export const MIN_ON_SCREEN_MS = 900;

export const clockSpeed = z.enum(['relaxed', 'normal', 'fast']);
export type ClockSpeed = z.infer<typeof clockSpeed>;

/**
 * A table's clock as the host sets it: a speed, or 'off' for friends who want none. Off, nobody's
 * clock runs (R5.5 is a setting, not a rule); bots still pace themselves and the take-back window
 * still closes on time (R5.4).
 */
export const tableClock = z.enum(['off', ...clockSpeed.options]);
export type TableClock = z.infer<typeof tableClock>;

/**
 * How long each role may idle before the server acts for them (R5.5), per clock speed. Normal was
 * 15 s to open: a newcomer still reading the table timed out in the first minute (issue #40), so
 * normal, the default, gives time to read, and relaxed more again.
 */
export const CLOCKS: Record<ClockSpeed, { attackerMs: number; targetMs: number; betMs: number }> = {
  relaxed: { attackerMs: 45_000, targetMs: 60_000, betMs: 45_000 },
  normal: { attackerMs: 25_000, targetMs: 40_000, betMs: 30_000 },
  fast: { attackerMs: 7_000, targetMs: 12_000, betMs: 10_000 },
};

/**
 * When the first round ends, people's clocks start this much later: the round's summary (who lost,
 * the bets revealed, the new trump) is on screen for about this long, and the next turn's clock ran
 * out under it (the fast clock gives an opener 7 s). The client's summary stays up this long at most.
 */
export const ROUND_BREAK_MS = 10_000;

export const tableSettings = z
  .object({
    /** -1 picks the first player at random (R2.5). */
    firstPlayer: z
      .number()
      .int()
      .min(-1)
      .max(MAX_SEATS - 1),
    windowMs: z.number().int().min(500).max(15_000),
    clock: tableClock,
    botDelayMs: z.number().int().min(0).max(10_000),
    reconnectSeconds: z.number().int().min(5).max(600),
    private: z.boolean(),
  })
  .strict();
export type TableSettings = z.infer<typeof tableSettings>;

export const DEFAULT_SETTINGS: TableSettings = {
  firstPlayer: -1,
  windowMs: 3_000,
  clock: 'normal',
  botDelayMs: 700,
  reconnectSeconds: 60,
  private: true,
};

/** A bot seat's strength (issue 12): chosen per seat in the lobby. */
export const botStrength = z.enum(['easy', 'normal', 'strong']);
export type BotStrength = z.infer<typeof botStrength>;

/** How quickly practice's bots move (chosen on the practice page, kept in this browser). */
export const botPace = z.enum(['relaxed', 'normal', 'quick']);
export type BotPace = z.infer<typeof botPace>;

export const createOptions = z.object({ name, settings: tableSettings.partial().optional() }).strict();
export type CreateTableOptions = z.infer<typeof createOptions>;

/**
 * A seat token as the server makes them (base64url). Nothing else may pass for one: the record keeps
 * restored people under "h:" and their token's hash, which must never work as a token itself.
 */
export const SEAT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export const joinOptions = z
  .object({
    name,
    seatToken: z.string().regex(SEAT_TOKEN, 'not a seat token').optional(),
    spectate: z.boolean().optional(),
    /** Settings the creator asks for; ignored for everyone else. */
    settings: tableSettings.partial().optional(),
  })
  .strict();
export type JoinOptions = z.infer<typeof joinOptions>;

const empty = z.object({}).strict();

/** Client -> server messages, by type. */
export const clientMessages = {
  play: z.object({ cards: z.array(cardId).min(1).max(10) }).strict(),
  reject: z
    .object({
      pairs: z
        .array(z.object({ challenge: cardId, card: cardId }).strict())
        .min(1)
        .max(5),
    })
    .strict(),
  pass: empty,
  stand: empty,
  bet: z.object({ on: seatIndex, value: z.union([z.literal(0), z.literal(1)]) }).strict(),
  sit: z.object({ seat: seatIndex }).strict(),
  leave: empty,
  addBot: z.object({ seat: seatIndex, strength: botStrength.optional() }).strict(),
  botStrength: z.object({ seat: seatIndex, strength: botStrength }).strict(),
  removeBot: z.object({ seat: seatIndex }).strict(),
  kick: z.object({ seat: seatIndex }).strict(),
  settings: tableSettings.partial(),
  start: z
    .object({
      firstSeat: z
        .number()
        .int()
        .min(-1)
        .max(MAX_SEATS - 1)
        .optional(),
    })
    .strict(),
  rematch: empty,
  /** Between games: this seat is ready for the next one (the host's rematch starts it at once). */
  ready: empty,
  /**
   * Between games, the host's: the whole table moves to a new table of this game (its people, bots
   * and the evening's scoreboard). The server knows which games it plays: another id is MALFORMED.
   */
  switchGame: z.object({ game: z.string().min(1).max(40) }).strict(),
  chat: z.object({ text: z.string().max(CHAT_MAX).transform(cleanChat).pipe(z.string().min(1)) }).strict(),
} as const;

export type ClientMessageType = keyof typeof clientMessages;
export type ClientMessage<T extends ClientMessageType> = z.infer<(typeof clientMessages)[T]>;
export const CLIENT_MESSAGE_TYPES = Object.keys(clientMessages) as ClientMessageType[];

export function isClientMessageType(t: unknown): t is ClientMessageType {
  return typeof t === 'string' && Object.hasOwn(clientMessages, t);
}

/** Parse one client message; a readable reason on failure. */
export function parseClientMessage<T extends ClientMessageType>(
  type: T,
  payload: unknown,
): { ok: true; value: ClientMessage<T> } | { ok: false; message: string } {
  const r = clientMessages[type].safeParse(payload ?? {});
  if (r.success) return { ok: true, value: r.data as ClientMessage<T> };
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, message: `Bad ${type} message: ${where}${issue?.message ?? 'invalid'}` };
}

/** Codes the room adds to the rules' own (see @blaze/rules ErrorCode). */
export const ROOM_ERROR_CODES = [
  'MALFORMED',
  'RATE_LIMITED',
  'NOT_SEATED',
  'NOT_HOST',
  'SEAT_TAKEN',
  'SEAT_EMPTY',
  'NOT_IN_LOBBY',
  'NOT_ENOUGH_PLAYERS',
  'GAME_RUNNING',
  'SPECTATOR',
  /** The message's payload is larger than any valid message of its type. */
  'TOO_LARGE',
  /** The move could not be written to the table's record (the file locked or failing), so it was undone. */
  'NOT_RECORDED',
  /** A start is being written to the record: seats, settings and another start wait until it is shown. */
  'STARTING',
] as const;

export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[number];

/** Server -> one client. */
export interface ErrorMessage {
  code: string;
  /** English, for logs; a client words `code` and `params` in its own language. */
  message: string;
  /** What the refusal is about (card ids, counts), as the rules give it: see @blaze/rules ErrorParams. */
  params?: Record<string, string | number>;
  /** The message type that was refused, so a client can undo its optimistic move. */
  request?: string;
}

/** Server -> one client, on join: the token that gives this seat back later. */
export interface SeatMessage {
  seatToken: string;
  /** Slot index, -1 while watching. Sent again whenever the seat or the host role changes. */
  seat: number;
  /** Whether this person is the table's host (the host may be watching, so no slot shows it). */
  host?: boolean;
}

/**
 * Server -> one person's own clients, before `moved`: the seat token that is theirs at the new table
 * (never sent to anyone else).
 */
export interface MoveSeatMessage {
  table: string;
  seatToken: string;
}

/** Server -> every client (players and spectators): the table moved to this one (its id only). */
export interface MovedMessage {
  table: string;
}

export const SERVER_MESSAGES = {
  error: 'error',
  seat: 'seat',
  chat: 'chat',
  moveSeat: 'moveSeat',
  moved: 'moved',
} as const;

/**
 * What anyone holding a table's link may see before joining (GET /api/tables/:id): who hosts and who
 * sits. Names and seats only: never a token, a hand or a setting that is not shown at the table.
 */
export const tableCard = z
  .object({
    /** The table's game ('blaze'). */
    game: z.string().min(1),
    // 'starting': a start waits for its record (the seats are the game's: a newcomer watches it).
    status: z.enum(['lobby', 'starting', 'playing', 'finished']),
    host: z.string().nullable(),
    seats: z.array(z.object({ seat: seatIndex, name: z.string(), bot: z.boolean(), host: z.boolean() }).strict()),
    free: z.number().int().min(0).max(MAX_SEATS),
    spectators: z.number().int().min(0),
  })
  .strict();
export type TableCard = z.infer<typeof tableCard>;

/**
 * The join page's question (GET /api/tables/:id/lookup): the card, or that no such table is open. A
 * 200 either way: a link to a closed table is an expected answer there, not a failed request (the 404
 * of GET /api/tables/:id put a red line in every visitor's console).
 */
export const tableLookup = z.discriminatedUnion('exists', [
  z.object({ exists: z.literal(true), card: tableCard }).strict(),
  // `closed`: the id was a table that has closed (the store still holds its record); false for an id
  // no table ever had, or one whose record retention already removed.
  // `movedTo`: the table moved (its host switched it to another game): the table it moved to.
  z.object({ exists: z.literal(false), closed: z.boolean().optional(), movedTo: z.string().optional() }).strict(),
]);
export type TableLookup = z.infer<typeof tableLookup>;
