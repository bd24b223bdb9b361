import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGE_TYPES,
  DEFAULT_SETTINGS,
  isClientMessageType,
  joinOptions,
  parseClientMessage,
  tableSettings,
} from '../src/messages.js';

describe('client messages', () => {
  it('accepts well-formed game intentions', () => {
    expect(parseClientMessage('play', { cards: ['r5a', 'y5b'] }).ok).toBe(true);
    expect(parseClientMessage('reject', { pairs: [{ challenge: 'r5a', card: 'bFa' }] }).ok).toBe(true);
    expect(parseClientMessage('pass', {}).ok).toBe(true);
    expect(parseClientMessage('stand', undefined).ok).toBe(true);
    expect(parseClientMessage('bet', { on: 2, value: 1 }).ok).toBe(true);
    expect(parseClientMessage('start', { firstSeat: -1 }).ok).toBe(true);
  });

  it('refuses malformed payloads with a readable reason naming the field', () => {
    const bad: [Parameters<typeof parseClientMessage>[0], unknown][] = [
      ['play', { cards: [] }],
      ['play', { cards: ['x9z'] }],
      ['play', { cards: 'r5a' }],
      ['play', { cards: Array(11).fill('r5a') }],
      ['play', { cards: ['r5a'], seat: 3 }],
      ['reject', { pairs: [{ challenge: 'r5a' }] }],
      ['bet', { on: 1, value: 2 }],
      ['bet', { on: 9, value: 1 }],
      ['bet', { on: 1.5, value: 0 }],
      ['sit', { seat: -1 }],
      ['chat', { text: '' }],
      ['chat', { text: 'x'.repeat(201) }],
      ['settings', { windowMs: 10 }],
      ['pass', 'now'],
      ['play', null],
    ];
    for (const [type, payload] of bad) {
      const r = parseClientMessage(type, payload);
      expect(r.ok, `${type} ${JSON.stringify(payload)}`).toBe(false);
      if (!r.ok) expect(r.message).toMatch(new RegExp(`^Bad ${type} message`));
    }
  });

  it('knows its own message types and nothing inherited from Object', () => {
    expect(CLIENT_MESSAGE_TYPES).toContain('play');
    expect(isClientMessageType('play')).toBe(true);
    for (const t of ['toString', '__proto__', 'constructor', 'hasOwnProperty', '', 5, null]) {
      expect(isClientMessageType(t)).toBe(false);
    }
  });
});

describe('join options and settings', () => {
  it('normalises names and refuses empty or long ones', () => {
    const ok = joinOptions.safeParse({ name: '  Ana   Lee ' });
    expect(ok.success && ok.data.name).toBe('Ana Lee');
    expect(joinOptions.safeParse({ name: '   ' }).success).toBe(false);
    expect(joinOptions.safeParse({ name: 'x'.repeat(25) }).success).toBe(false);
    expect(joinOptions.safeParse({ name: 'Ana', seatToken: 'short' }).success).toBe(false);
    expect(joinOptions.safeParse({ name: 'Ana', admin: true }).success).toBe(false);
  });

  it('has defaults that satisfy its own schema', () => {
    expect(tableSettings.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.windowMs).toBe(3000);
    expect(DEFAULT_SETTINGS.reconnectSeconds).toBe(60);
  });
});
