/**
 * Compact text forms of the state's two busiest parts, so a patch carries a few bytes per action
 * instead of a schema object per log line and per clock (measured: 80 B and 29 B of the 116 B an
 * action cost each client, mostly field headers, default values and 9-byte epoch times).
 *
 * Log line: `<seq base36> <kind code><seat><other><value base36> <cards> <text>`, trailing empty
 * parts dropped. seat and other are one character each ('-' for none); cards are concatenated
 * (every card id is 3 characters; otherwise ',' starts and separates them); text is the rest of the line
 * and may hold spaces. A line's time is kept in the table's record, not sent: no client shows it.
 *
 * Clocks: `<kind><seat><at - base, base36>` separated by spaces, soonest first, where base is the
 * state's clockBase (epoch ms): exact times in 5–6 characters instead of 9-byte numbers.
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

const KIND_CODES = new Map<string, string>(
  Object.entries({
    opened: 'o',
    extended: 'e',
    rejected: 'r',
    passed: 'p',
    stood: 's',
    tookBack: 'b',
    windowClosed: 'w',
    discarded: 'd',
    took: 't',
    drew: 'D',
    phaseTwo: '2',
    betPlaced: 'B',
    betsRevealed: 'R',
    feather: 'f',
    roundOver: 'O',
    roundStarted: 'S',
    gameOver: 'G',
    joined: 'j',
    left: 'l',
    started: 'g',
    botTookOver: 'k',
    returned: 'J',
    restored: 'X',
    kicked: 'K',
    timedOut: 'T',
  }),
);
const KINDS_BY_CODE = new Map([...KIND_CODES].map(([k, c]) => [c, k]));
/** A kind without a code travels as `~name~`. */
const OTHER = '~';

const seatChar = (s: number): string => (s >= 0 && s < 36 ? s.toString(36) : '-');
const charSeat = (c: string | undefined): number => (c === undefined || c === '-' ? -1 : Number.parseInt(c, 36));

export function encodeLogLine(l: WireLogLine): string {
  const code = KIND_CODES.get(l.kind) ?? `${OTHER}${l.kind}${OTHER}`;
  const value = l.value >= 0 ? l.value.toString(36) : '';
  const cards = l.cards.every((c) => c.length === 3) ? l.cards.join('') : `,${l.cards.join(',')}`;
  let s = `${l.seq.toString(36)} ${code}${seatChar(l.seat)}${seatChar(l.other)}${value}`;
  if (cards !== '' || l.text !== '') s += ` ${cards}`;
  if (l.text !== '') s += ` ${l.text}`;
  return s;
}

/** The line, or null for an empty slot or text that is not a log line. */
export function decodeLogLine(s: string): WireLogLine | null {
  const a = s.indexOf(' ');
  if (a <= 0) return null;
  const seq = Number.parseInt(s.slice(0, a), 36);
  const b = s.indexOf(' ', a + 1);
  const head = s.slice(a + 1, b < 0 ? undefined : b);
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

export type ClockKind = 'window' | 'attacker' | 'target' | 'bet';
export interface WireDeadline {
  kind: ClockKind;
  seat: number;
  at: number;
}

const CLOCK_CODES: Record<ClockKind, string> = { window: 'w', attacker: 'a', target: 't', bet: 'b' };
const CLOCKS_BY_CODE = new Map(Object.entries(CLOCK_CODES).map(([k, c]) => [c, k as ClockKind]));

/** The text for these deadlines against `base`, or null when one lies before it (choose a new base). */
export function encodeDeadlines(list: readonly WireDeadline[], base: number): string | null {
  let s = '';
  for (const d of list) {
    if (d.at < base || !Number.isInteger(d.at - base)) return null;
    s += `${s === '' ? '' : ' '}${CLOCK_CODES[d.kind]}${seatChar(d.seat)}${(d.at - base).toString(36)}`;
  }
  return s;
}

export function decodeDeadlines(s: string, base: number): WireDeadline[] {
  const out: WireDeadline[] = [];
  if (s === '') return out;
  for (const part of s.split(' ')) {
    const kind = CLOCKS_BY_CODE.get(part[0] ?? '');
    if (kind === undefined || part.length < 3) continue;
    out.push({ kind, seat: charSeat(part[1]), at: base + Number.parseInt(part.slice(2), 36) });
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
