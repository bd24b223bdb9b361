/**
 * Compact text forms of the state's two busiest parts, so a patch carries a few bytes per action
 * instead of a schema object per log line and per clock (measured: 80 B and 29 B of the 116 B an
 * action cost each client, mostly field headers, default values and 9-byte epoch times).
 *
 * Log line: `<seq base36><kind code><seat><other><value base36> <cards> <text>`, trailing empty
 * parts dropped. seat and other are one character each ('-' for none); cards are concatenated
 * (every card id is 3 characters; otherwise ',' starts and separates them); text is the rest of the line
 * and may hold spaces. A line's time is kept in the table's record, not sent: no client shows it.
 *
 * Table: one string per challenge, see encodeTableCard.
 *
 * Clocks: `<kind><seat><at - base in tenths of a second, base36>` separated by spaces, soonest
 * first, where base is the state's clockBase (epoch ms): exact times in 4 characters instead of
 * 9-byte numbers, as long as the base is less than about two minutes old.
 */

export interface WireLogLine {
  seq: number;
  kind: string;
  seat: number;
  other: number;
  cards: string[];
  value: number;
  text: string;
}

/** Codes are capitals, outside base 36's lower-case digits, so no space is needed after the seq. */
const KIND_CODES = new Map<string, string>(
  Object.entries({
    opened: 'O',
    extended: 'E',
    rejected: 'R',
    passed: 'P',
    stood: 'S',
    tookBack: 'B',
    windowClosed: 'W',
    discarded: 'D',
    took: 'T',
    drew: 'N',
    phaseTwo: 'H',
    betPlaced: 'V',
    betsRevealed: 'U',
    feather: 'F',
    roundOver: 'Q',
    roundStarted: 'A',
    gameOver: 'G',
    joined: 'J',
    left: 'L',
    started: 'I',
    botTookOver: 'C',
    returned: 'K',
    restored: 'X',
    kicked: 'M',
    timedOut: 'Y',
    // Battle of Durak's events (its module's log.fields): capitals are all taken, so marks that are
    // neither base 36 digits nor the line's own separators (' ', '~', ',', '-').
    attacked: '!',
    defended: '#',
    retreated: '$',
    ended: '%',
    battleOver: '&',
    token: '*',
    deckDepleted: '+',
  }),
);
const KINDS_BY_CODE = new Map([...KIND_CODES].map(([k, c]) => [c, k]));
/** A kind without a code travels as `~name~`. */
const OTHER = '~';

const seatChar = (s: number): string => (s >= 0 && s < 36 ? s.toString(36) : '-');
const charSeat = (c: string | undefined): number => (c === undefined || c === '-' ? -1 : Number.parseInt(c, 36));
const isDigit36 = (c: string | undefined) => c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'));

export function encodeLogLine(l: WireLogLine): string {
  const code = KIND_CODES.get(l.kind) ?? `${OTHER}${l.kind}${OTHER}`;
  let head = `${seatChar(l.seat)}${seatChar(l.other)}${l.value >= 0 ? l.value.toString(36) : ''}`;
  // Without a value, a trailing "no seat" says nothing.
  if (l.value < 0) head = head.replace(/-+$/, '');
  const cards = l.cards.every((c) => c.length === 3) ? l.cards.join('') : `,${l.cards.join(',')}`;
  let s = `${l.seq.toString(36)}${code}${head}`;
  if (cards !== '' || l.text !== '') s += ` ${cards}`;
  if (l.text !== '') s += ` ${l.text}`;
  return s;
}

/** The line, or null for an empty slot or text that is not a log line. */
export function decodeLogLine(s: string): WireLogLine | null {
  let a = 0;
  while (isDigit36(s[a])) a++;
  if (a === 0) return null;
  const seq = Number.parseInt(s.slice(0, a), 36);
  const b = s.indexOf(' ', a);
  const head = s.slice(a, b < 0 ? undefined : b);
  let kind: string | undefined;
  let rest: string;
  if (head.startsWith(OTHER)) {
    const end = head.indexOf(OTHER, 1);
    if (end < 0) return null;
    kind = head.slice(1, end);
    rest = head.slice(end + 1);
  } else {
    kind = KINDS_BY_CODE.get(head[0] ?? '');
    rest = head.slice(1);
  }
  if (kind === undefined || !Number.isFinite(seq)) return null;
  const value = rest.length > 2 ? Number.parseInt(rest.slice(2), 36) : -1;
  let cards: string[] = [];
  let text = '';
  if (b >= 0) {
    const c = s.indexOf(' ', b + 1);
    const packed = s.slice(b + 1, c < 0 ? undefined : c);
    if (packed.startsWith(',')) cards = packed.slice(1).split(',');
    else for (let i = 0; i + 3 <= packed.length; i += 3) cards.push(packed.slice(i, i + 3));
    if (c >= 0) text = s.slice(c + 1);
  }
  return { seq, kind, seat: charSeat(rest[0]), other: charSeat(rest[1]), cards, value, text };
}

export interface WireTableCard {
  challenge: string;
  by: number;
  /** '' while unanswered. */
  rejection: string;
}

/**
 * A challenge on the table: `<challenge><by><rejection>` (card ids are 3 characters, by is one),
 * so a play adds one short string where a schema object cost twice the bytes.
 */
export function encodeTableCard(e: { challenge: string; by: number; rejection: string | null }): string {
  return `${e.challenge}${seatChar(e.by)}${e.rejection ?? ''}`;
}

export function decodeTableCard(s: string): WireTableCard {
  return { challenge: s.slice(0, 3), by: charSeat(s[3]), rejection: s.slice(4) };
}

/** A decoded state's table (schema or plain), in order. */
export function readTable(state: { table: Iterable<string> }): WireTableCard[] {
  return Array.from(state.table, decodeTableCard);
}

/** `turn`: a generic game's due seat (table/clocksWire.ts), whatever its role. */
export type ClockKind = 'window' | 'attacker' | 'target' | 'bet' | 'turn';
export interface WireDeadline {
  kind: ClockKind;
  seat: number;
  at: number;
}

// Letters outside the suits' r, y and b: a short deadline text ("g3b") must never read as a card id,
// which is what the hidden-information checks look for in every frame.
const CLOCK_CODES: Record<ClockKind, string> = { window: 'w', attacker: 'a', target: 't', bet: 'g', turn: 'u' };
const CLOCKS_BY_CODE = new Map(Object.entries(CLOCK_CODES).map(([k, c]) => [c, k as ClockKind]));

/** Deadlines are armed on whole tenths of a second (the table loop), so they travel in tenths. */
export const CLOCK_STEP_MS = 100;

/**
 * The text for these deadlines against `base`, or null when one lies before it (choose a new base).
 * A deadline off the 100 ms grid still travels exactly, in ms after a '.'.
 */
export function encodeDeadlines(list: readonly WireDeadline[], base: number): string | null {
  let s = '';
  for (const d of list) {
    const dt = d.at - base;
    if (dt < 0 || !Number.isInteger(dt)) return null;
    const t = dt % CLOCK_STEP_MS === 0 ? (dt / CLOCK_STEP_MS).toString(36) : `.${dt.toString(36)}`;
    s += `${s === '' ? '' : ' '}${CLOCK_CODES[d.kind]}${seatChar(d.seat)}${t}`;
  }
  return s;
}

export function decodeDeadlines(s: string, base: number): WireDeadline[] {
  const out: WireDeadline[] = [];
  if (s === '') return out;
  for (const part of s.split(' ')) {
    const kind = CLOCKS_BY_CODE.get(part[0] ?? '');
    if (kind === undefined || part.length < 3) continue;
    const dt =
      part[2] === '.' ? Number.parseInt(part.slice(3), 36) : Number.parseInt(part.slice(2), 36) * CLOCK_STEP_MS;
    out.push({ kind, seat: charSeat(part[1]), at: base + dt });
  }
  return out;
}

/** A decoded state's log lines (schema or plain), oldest first. */
export function readLog(state: { log: Iterable<string> }): WireLogLine[] {
  const out: WireLogLine[] = [];
  for (const s of state.log) {
    const l = decodeLogLine(s);
    if (l) out.push(l);
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** A decoded state's deadlines (schema or plain), soonest first. */
export function readDeadlines(state: { deadlines: string; clockBase: number }): WireDeadline[] {
  return decodeDeadlines(state.deadlines, state.clockBase);
}
