/**
 * One word per language for the challenge (issue #40, finding 8: German said Angriff and
 * Herausforderung, Japanese 場の攻撃, 挑戦 and チャレンジ): every string the page can show, the
 * table's, the rules panel's, the lesson's, the coach's, the explainer's and the replay's.
 */
import { describe, expect, it } from 'vitest';
import { COACH } from '../src/games/blaze/i18n/coach.js';
import { EXPLAIN } from '../src/games/blaze/i18n/explain.js';
import { learnDe } from '../src/games/blaze/i18n/learn.de.js';
import { learnJa } from '../src/games/blaze/i18n/learn.ja.js';
import { de } from '../src/shell/i18n/de.js';
import { ja } from '../src/shell/i18n/ja.js';
import { replayDe } from '../src/shell/i18n/replay.de.js';
import { replayJa } from '../src/shell/i18n/replay.ja.js';

const strings = (...tables: Record<string, string>[]) =>
  tables.flatMap((tb) => Object.entries(tb)).map(([key, text]) => ({ key, text }));

describe('the word for a challenge', () => {
  it('is Herausforderung in German, never Angriff', () => {
    const all = strings(de, learnDe, replayDe, COACH.de, EXPLAIN.de);
    expect(all.filter((s) => /Herausforder|fordert?s?t? .*heraus/.test(s.text)).length).toBeGreaterThan(5);
    expect(all.filter((s) => /angriff|angegriff/i.test(s.text))).toEqual([]);
  });

  it('is チャレンジ in Japanese, never 攻撃 or 挑戦 (攻撃側, the attacker, is a role, not the challenge)', () => {
    const all = strings(ja, learnJa, replayJa, COACH.ja, EXPLAIN.ja);
    expect(all.filter((s) => s.text.includes('チャレンジ')).length).toBeGreaterThan(5);
    expect(all.filter((s) => /攻撃(?!側)|挑戦/.test(s.text))).toEqual([]);
  });
});
