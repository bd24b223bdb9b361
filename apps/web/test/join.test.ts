import type { TableCard } from '@blaze/protocol';
import { describe, expect, it } from 'vitest';
import { setLang, t } from '../src/shell/i18n/index.js';
import { sitOffered, statusKey } from '../src/shell/joinCard.js';
import { createFailure } from '../src/shell/net/createError.js';
import { isTableId, tableIdFrom } from '../src/shell/net/endpoint.js';
import { joinFailure } from '../src/shell/net/joinError.js';

describe('a table link pasted on the home page', () => {
  it('takes the id out of an invite link or a bare id', () => {
    expect(tableIdFrom('https://blaze.example/t/Ab3_-x9QzK1w')).toBe('Ab3_-x9QzK1w');
    expect(tableIdFrom('  http://localhost:2567/t/Ab3_-x9QzK1w/?x=1 ')).toBe('Ab3_-x9QzK1w');
    expect(tableIdFrom('Ab3_-x9QzK1w')).toBe('Ab3_-x9QzK1w');
  });

  it('refuses words and ids the server never makes (12 characters of base64url)', () => {
    for (const bad of ['hello', 'nosuchtable', 'Ab3_-x9QzK1', 'Ab3_-x9QzK1wX', 'Ab3_-x9QzK1!', '/t/hello', ''])
      expect(tableIdFrom(bad), bad).toBeNull();
    expect(isTableId('hello')).toBe(false);
    expect(isTableId('Ab3_-x9QzK1w')).toBe(true);
  });
});

describe('a failed join, worded from its code', () => {
  it('reads the code, never the English text', () => {
    // colyseus' MatchMakeError for an unknown room id (4212).
    expect(joinFailure({ code: 4212, message: 'room "x" not found' })).toBe('gone');
    expect(joinFailure({ code: 403, message: 'This table already has 40 spectators; try again later.' })).toBe(
      'refused',
    );
    expect(joinFailure({ code: 429, message: 'Too many joins' })).toBe('busy');
    // The edge's TABLE_FULL: every place is taken, the table is still there.
    expect(joinFailure({ code: 409, message: 'Every place at this table is taken' })).toBe('noPlace');
    expect(joinFailure({ code: 400, message: 'Bad join options: name: Type a name.' })).toBe('badName');
    // The words alone say nothing: "not found" without the code is a plain failure.
    expect(joinFailure(new Error('room "x" not found'))).toBe('failed');
    expect(joinFailure(new TypeError('Failed to fetch'))).toBe('failed');
    expect(joinFailure(undefined)).toBe('failed');
  });
});

describe('a new table the server would not make, worded from its code', () => {
  it('tells a rate limit and a full server apart from a plain failure', () => {
    expect(createFailure(429, { code: 'RATE_LIMITED', message: 'Too many new tables' })).toBe('busy');
    expect(createFailure(503, { code: 'FULL', message: 'This server has as many tables as it can hold' })).toBe('full');
    expect(createFailure(503, { code: 'UNAVAILABLE' })).toBe('failed');
    // A proxy's HTML error page is no JSON at all.
    expect(createFailure(502, null)).toBe('failed');
  });
});

describe('the join card while a start waits for its record', () => {
  const card = (status: TableCard['status'], free: number): TableCard => ({
    game: 'blaze',
    status,
    host: 'Hanna',
    seats: [],
    free,
    spectators: 0,
  });

  it('offers watching only: someone joining to sit would watch the game', () => {
    expect(sitOffered(card('lobby', 2))).toBe(true);
    // Was: "Join table" offered over two free seats, and the joiner ended up watching.
    expect(sitOffered(card('starting', 2))).toBe(false);
    expect(sitOffered(card('lobby', 0))).toBe(false);
    // The start refused: the card goes back to the lobby, and so does the offer.
    expect(sitOffered(card('lobby', 2))).toBe(true);
    // No card (yet): nothing known against sitting.
    expect(sitOffered(null)).toBe(true);
  });

  it('offers watching only while a game runs: the server seats nobody until it ends', () => {
    // Was: "Join table" over two free seats of a running game, and the joiner only watched.
    expect(sitOffered(card('playing', 2))).toBe(false);
    // Between games a free seat is taken at once.
    expect(sitOffered(card('finished', 2))).toBe(true);
    expect(sitOffered(card('finished', 0))).toBe(false);
    // Someone whose seat it is gets it back by token: for them joining is still sitting.
    expect(sitOffered(card('playing', 0), true)).toBe(true);
    expect(statusKey(card('playing', 2), true)).toBe('join.status.yourSeat');
    expect(statusKey(card('playing', 2), false)).toBe('join.status.playing');
    expect(statusKey(card('lobby', 2), true)).toBe('join.status.lobby');
  });

  it('says what joining a running game does, in every language', () => {
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      for (const key of ['join.status.playing', 'join.status.yourSeat'] as const) {
        expect(t(key)).not.toBe(key);
        expect(t(key)).not.toBe(t('join.status.lobby'));
      }
    }
    setLang('en');
    expect(t('join.status.playing')).toMatch(/watch/);
  });

  it('says the game is starting, in every language', () => {
    for (const lang of ['en', 'de', 'ja'] as const) {
      setLang(lang);
      expect(t('join.status.starting')).not.toBe('join.status.starting');
      expect(t('join.status.starting')).not.toBe(t('join.status.lobby'));
    }
    setLang('en');
  });
});
