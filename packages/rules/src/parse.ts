/**
 * Turns untrusted input into a well-formed Action or a MALFORMED/UNKNOWN_ACTION/BAD_SEAT refusal.
 * Reads each field once and copies it, so getters or later mutation of the input cannot matter.
 */
import { isCardId } from './cards.js';
import { err } from './predicates.js';
import type { Action, PlayerCount, RuleError } from './types.js';

const MAX_CARDS = 60;

type Parsed = { ok: true; action: Action } | { ok: false; error: RuleError };

const bad = (message: string): Parsed => ({ ok: false, error: err('MALFORMED', message) });

/** Array length read once: a hostile array (a Proxy) must not grow while we copy it. */
function boundedLength(x: unknown): number | null {
  if (!Array.isArray(x)) return null;
  const n: unknown = x.length;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_CARDS ? n : null;
}

function cardList(x: unknown): string[] | null {
  const n = boundedLength(x);
  if (n === null) return null;
  const arr = x as unknown[];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const c: unknown = arr[i];
    if (!isCardId(c)) return null;
    out.push(c);
  }
  return out;
}

export function parseAction(a: unknown, players: PlayerCount): Parsed {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return bad('An action must be an object.');
  const o = a as Record<string, unknown>;
  const type = o.type;
  if (type === 'closeWindow') return { ok: true, action: { type: 'closeWindow' } };
  if (type !== 'play' && type !== 'reject' && type !== 'pass' && type !== 'stand' && type !== 'bet') {
    return {
      ok: false,
      // Never String() an unknown value: objects without a prototype or with a throwing toString exist.
      error: err(
        'UNKNOWN_ACTION',
        `Unknown action type ${typeof type === 'string' ? JSON.stringify(type).slice(0, 40) : `(${typeof type})`}.`,
      ),
    };
  }
  const seat = o.seat;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= players) {
    return { ok: false, error: err('BAD_SEAT', 'That is not a seat at this table.') };
  }
  switch (type) {
    case 'pass':
    case 'stand':
      return { ok: true, action: { type, seat } };
    case 'play': {
      const cards = cardList(o.cards);
      if (!cards) return bad('cards must be a list of card ids like "r5a".');
      return { ok: true, action: { type, seat, cards } };
    }
    case 'reject': {
      const raw = o.pairs;
      const n = boundedLength(raw);
      if (n === null) return bad('pairs must be a list of {challenge, card}.');
      const pairs: { challenge: string; card: string }[] = [];
      for (let i = 0; i < n; i++) {
        const p: unknown = (raw as unknown[])[i];
        if (typeof p !== 'object' || p === null) return bad('pairs must be a list of {challenge, card}.');
        const { challenge, card } = p as Record<string, unknown>;
        if (!isCardId(challenge) || !isCardId(card)) return bad('Each pair needs a challenge card id and a card id.');
        pairs.push({ challenge, card });
      }
      return { ok: true, action: { type, seat, pairs } };
    }
    case 'bet': {
      const on = o.on;
      const value = o.value;
      if (typeof on !== 'number' || !Number.isInteger(on) || on < 0 || on >= players) {
        return { ok: false, error: err('BAD_BET', 'Bet on a seat at this table.') };
      }
      if (value !== 0 && value !== 1) return { ok: false, error: err('BAD_BET', 'A bet is worth 0 or 1.') };
      return { ok: true, action: { type, seat, on, value } };
    }
  }
}
