import { describe, expect, it } from 'vitest';
import {
  CHAT_MAX,
  CLIENT_MESSAGE_TYPES,
  cleanChat,
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
      // Nothing visible left once the invisibles are out.
      ['chat', { text: '\u200b'.repeat(150) }],
      ['chat', { text: ' \r\n\t\u202e\u3164\u2800 ' }],
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
    // Only a token as the server makes them: the record's "h:<hash>" of a restored seat is not one.
    expect(joinOptions.safeParse({ name: 'Ana', seatToken: `h:${'0'.repeat(32)}` }).success).toBe(false);
    expect(joinOptions.safeParse({ name: 'Ana', seatToken: 'a b'.repeat(8) }).success).toBe(false);
    expect(joinOptions.safeParse({ name: 'Ana', seatToken: 'AbC-_9'.repeat(6) }).success).toBe(true);
    expect(joinOptions.safeParse({ name: 'Ana', admin: true }).success).toBe(false);
  });

  it('has defaults that satisfy its own schema', () => {
    expect(tableSettings.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.windowMs).toBe(3000);
    expect(DEFAULT_SETTINGS.reconnectSeconds).toBe(60);
  });
});

describe('chat lines', () => {
  it('are one line of visible text: no controls, line breaks, bidi overrides or invisible fillers', () => {
    expect(cleanChat('hi\r\nSystem: Host was kicked')).toBe('hi System: Host was kicked');
    expect(cleanChat('a\u0000b\u0007c\u001b[31md')).toBe('abc[31md');
    expect(cleanChat('\u202egnp.exe\u202c ok')).toBe('gnp.exe ok');
    expect(cleanChat('  so   \t much\u200b\u200b space  ')).toBe('so much space');
    // Emoji keep their joiners and variation selectors; other scripts are untouched.
    expect(cleanChat('👨\u200d👩\u200d👧 ❤\ufe0f')).toBe('👨\u200d👩\u200d👧 ❤\ufe0f');
    expect(cleanChat('Grüße, こんにちは')).toBe('Grüße, こんにちは');
    expect(cleanChat('ok\ud800 \udfff!')).toBe('ok !');
    expect(cleanChat('🎉 gg')).toBe('🎉 gg');
    expect(cleanChat(`he${'\u0336\u0301\u0316'.repeat(50)}llo`)).toBe('he\u0336\u0301\u0316\u0336llo');
    expect(cleanChat('Tiếng Việt, हिन्दी')).toBe('Tiếng Việt, हिन्दी');
  });

  it('reach the table cleaned, and an invisible-only line is refused', () => {
    const r = parseClientMessage('chat', { text: 'gg\n\u200bwp' });
    expect(r.ok && r.value).toEqual({ text: 'gg wp' });
    expect(parseClientMessage('chat', { text: 'x'.repeat(CHAT_MAX) }).ok).toBe(true);
    expect(parseClientMessage('chat', { text: '\u200b\u200c\u2060' }).ok).toBe(false);
  });
});
