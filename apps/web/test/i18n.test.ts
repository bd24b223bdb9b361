import { describe, expect, it } from 'vitest';
import { learnDe } from '../src/games/blaze/i18n/learn.de.js';
import { learnEn } from '../src/games/blaze/i18n/learn.en.js';
import { learnJa } from '../src/games/blaze/i18n/learn.ja.js';
import { de } from '../src/shell/i18n/de.js';
import { en } from '../src/shell/i18n/en.js';
import { type CountKey, format, LANGS, pickLang, TABLES, t, tn } from '../src/shell/i18n/index.js';
import { ja } from '../src/shell/i18n/ja.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  it('has every key in all three languages, and no extra ones', () => {
    const keys = Object.keys(en).sort();
    for (const table of [de, ja]) expect(Object.keys(table).sort()).toEqual(keys);
  });

  it('uses the same placeholders in every language', () => {
    for (const l of LANGS) {
      for (const [k, v] of Object.entries(en)) {
        expect(placeholders(TABLES[l][k as keyof typeof en]), `${l} ${k}`).toEqual(placeholders(v));
      }
    }
  });

  it('gives the rules in the same five paragraphs in every language (goal, rejecting, adding, passing, the end)', () => {
    for (const l of LANGS) {
      const parts = TABLES[l]['rules.body'].split('\n');
      expect(parts, l).toHaveLength(5);
      for (const part of parts) expect(part.trim().length, l).toBeGreaterThan(20);
    }
  });

  it('has no empty messages', () => {
    for (const l of LANGS) for (const v of Object.values(TABLES[l])) expect(v.trim().length).toBeGreaterThan(0);
  });

  it('picks the language from the browser list, English otherwise', () => {
    expect(pickLang(['de-AT', 'en'])).toBe('de');
    expect(pickLang(['fr-FR', 'ja'])).toBe('ja');
    expect(pickLang(['fr-FR'])).toBe('en');
    expect(pickLang([])).toBe('en');
  });

  it('says "1 card", not "1 cards", in every language', () => {
    const counted = Object.keys(en)
      .filter((k) => k.endsWith('.one'))
      .map((k) => k.slice(0, -4) as CountKey);
    expect(counted).toEqual(expect.arrayContaining(['seat.cards', 'seat.feathers', 'log.took']));
    for (const k of counted) expect(Object.keys(en)).toContain(k);
    const params = { name: 'Ana', cards: 'red 5' };
    expect(tn('seat.cards', 1, {}, 'en')).toBe('1 card');
    expect(tn('seat.cards', 2, {}, 'en')).toBe('2 cards');
    expect(tn('seat.cards', 0, {}, 'en')).toBe('0 cards');
    expect(tn('log.took', 1, params, 'en')).toBe('Ana takes 1 card');
    expect(tn('seat.cards', 1, {}, 'de')).toBe('1 Karte');
    expect(tn('seat.feathers', 1, {}, 'de')).toBe('1 Feder');
    expect(tn('log.took', 1, params, 'de')).toBe('Ana nimmt 1 Karte');
    expect(tn('log.discarded', 1, params, 'de')).toBe('red 5 kommt auf die Ablage');
    expect(tn('seat.cards', 1, {}, 'ja')).toBe('1枚');
    // No singular form names a plural noun.
    for (const l of LANGS) {
      for (const k of counted)
        expect(tn(k, 1, params, l), `${l} ${k}`).not.toMatch(/\b1 (cards|feathers|Karten|Federn)\b/);
    }
  });

  it('names the buttons and roles the coach talks about with the words on the buttons and seat pills', () => {
    const learn = { en: learnEn, de: learnDe, ja: learnJa } as const;
    for (const l of LANGS) {
      const m = TABLES[l];
      const c = learn[l];
      expect(c['move.open'], l).toContain(m['act.play']);
      expect(c['move.pass'], l).toContain(m['act.pass']);
      expect(c['move.stand'], l).toContain(m['act.stand']);
      expect(c['hint.stand'], l).toContain(m['act.stand']);
      expect(c['move.bet'], l).toContain(m['act.bet']);
      // The screen reader's role names are the pills' (a word for the active player may be longer).
      expect(c['a11y.role.supporter'].toLowerCase(), l).toContain(m['role.supporter'].toLowerCase());
      expect(c['a11y.role.target'].toLowerCase(), l).toContain(m['role.target'].toLowerCase());
    }
  });

  it('words the bet as a verb on its button and as a noun in a seat box', () => {
    // German showed 'Wetten 0' / 'Wetten 1' on the buttons and 'Wetten → Ben' (plural 'bets') in a
    // seat box; Japanese a verb there ('賭ける → Ben').
    expect(t('act.bet', { value: 1 }, 'en')).toBe('Bet 1');
    expect(t('act.bet', { value: 1 }, 'de')).toBe('1 setzen');
    expect(t('act.bet', { value: 0 }, 'ja')).toBe('0を賭ける');
    expect(t('seat.bet', {}, 'de')).toBe('Wette');
    expect(t('seat.bet', {}, 'ja')).toBe('賭け');
    for (const l of LANGS) expect(TABLES[l]['act.bet'], l).toContain('{value}');
  });

  it('formats placeholders', () => {
    expect(format('{a} and {b}', { a: 1, b: 'x' })).toBe('1 and x');
    expect(format('{missing}', {})).toBe('{missing}');
    expect(t('log.opened', { name: 'Ana', other: 'Ben', cards: 'red 5' }, 'en')).toBe('Ana challenges Ben with red 5');
    expect(t('log.passed', { name: 'Ana' }, 'de')).toBe('Ana passt');
  });
});
