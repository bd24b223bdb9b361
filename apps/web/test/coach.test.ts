/**
 * Issue #10, "Must show" 2: every refusal code of the rules and the room has words in all three
 * languages, game refusals name the rule they follow, and no raw card id reaches the words.
 */
import { ROOM_ERROR_CODES } from '@blaze/protocol';
import {
  applyAction,
  type CardId,
  checkPlay,
  checkReject,
  createGame,
  ERROR_CODES,
  type Situation,
} from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { COACH } from '../src/games/blaze/i18n/coach.js';
import { coachWords, RULE_OF, whyNot } from '../src/games/blaze/logic/coach.js';
import { LANGS } from '../src/shell/i18n/index.js';
import { toClientTable } from '../src/shell/store/snapshot.js';
import { stateFrom } from './fixtures.js';

const CARD_ID = /\b[ryb][1-9F][ab]\b/;
const NO_RULE = new Set(['MALFORMED', 'UNKNOWN_ACTION', 'INTERNAL', 'BAD_SEAT']);

/** Parameters as the rules give them, for every code that carries some. */
const SAMPLE_PARAMS: Record<string, Record<string, string | number>> = {
  CARD_NOT_IN_HAND: { card: 'r5a' },
  DUPLICATE_CARD: { card: 'b2b' },
  VALUE_NOT_ON_TABLE: { card: 'y9a' },
  LIMIT_REACHED: { limit: 4, room: 1 },
  NOT_ON_TABLE: { challenge: 'r3a' },
  ALREADY_REJECTED: { challenge: 'bFa' },
  CANNOT_BEAT: { card: 'y4a', challenge: 'y7b', trump: 'y2a' },
  BAD_BET: { value: 1 },
};

const situation = (over: Partial<Situation>): Situation => ({
  trump: 'y2a',
  table: [],
  limit: 5,
  active: 0,
  target: 1,
  supporter: 2,
  targetPassed: false,
  window: null,
  betting: false,
  over: false,
  ...over,
});

describe('the rule coach', () => {
  const codes = [...new Set<string>([...ERROR_CODES, ...ROOM_ERROR_CODES])];

  it('words every refusal code of the rules and the room in EN, DE and JA, citing the rule', () => {
    expect(codes.length).toBeGreaterThan(25);
    for (const code of codes) {
      const params = SAMPLE_PARAMS[code];
      for (const l of LANGS) {
        const text = coachWords({ code, params }, l);
        expect(text, `${l} ${code}`).not.toBe(coachWords({ code: 'NO_SUCH_CODE' }, l));
        expect(text, `${l} ${code}`).not.toMatch(/\{\w+\}/);
        expect(text, `${l} ${code} shows a card id`).not.toMatch(CARD_ID);
        const isGameCode = (ERROR_CODES as readonly string[]).includes(code);
        if (isGameCode && !NO_RULE.has(code)) {
          expect(RULE_OF[code], code).toMatch(/^R\d+(\.\d+)?$/);
          expect(text, `${l} ${code} names its rule`).toContain(RULE_OF[code]);
        }
      }
    }
  });

  it('has the same messages in every language', () => {
    for (const l of LANGS) expect(Object.keys(COACH[l]).sort()).toEqual(Object.keys(COACH.en).sort());
  });

  it('explains a failed rejection in words, naming trump and the rule (R4.2)', () => {
    const r = checkReject(
      situation({ table: [{ challenge: 'y7b', by: 0, rejection: null }] }),
      1,
      ['y4a'],
      [{ challenge: 'y7b', card: 'y4a' }],
    );
    expect(r?.code).toBe('CANNOT_BEAT');
    expect(coachWords({ code: 'CANNOT_BEAT', params: r?.params }, 'en')).toBe(
      'Yellow 4 cannot reject yellow 7: trump is yellow, so only an equal or higher yellow can. (rule R4.2)',
    );
    const de = coachWords({ code: 'CANNOT_BEAT', params: r?.params }, 'de');
    expect(de).toContain('R4.2');
    expect(de).toContain('Trumpf');
    const ja = coachWords({ code: 'CANNOT_BEAT', params: r?.params }, 'ja');
    expect(ja).toContain('R4.2');
    expect(ja).toContain('切り札');
    for (const text of [de, ja]) expect(text).not.toMatch(CARD_ID);
  });

  it('tells the other cases of R4.2 apart', () => {
    const table = (challenge: CardId) => situation({ trump: 'b2a', table: [{ challenge, by: 0, rejection: null }] });
    const words = (challenge: CardId, card: CardId) => {
      const r = checkReject(table(challenge), 1, [card], [{ challenge, card }]);
      return coachWords({ code: r?.code ?? '', params: r?.params }, 'en');
    };
    expect(words('r7a', 'y9a')).toContain('it takes a red card of 7 or more, or any trump (blue)');
    expect(words('rFa', 'r9a')).toContain('a Firebird challenge counts 10');
    expect(words('r3a', 'rFa')).toContain('a Firebird counts 0 when it rejects');
    expect(words('bFa', 'b9a')).toContain('Nothing can reject blue Firebird');
  });

  it('words the limit from the rules’ own parameters (R4.4)', () => {
    const s = situation({ limit: 2, table: [{ challenge: 'r5a', by: 0, rejection: null }] });
    const r = checkPlay(s, 0, ['r5b', 'b5a'], ['r5b', 'b5a']);
    expect(r?.params).toEqual({ limit: 2, room: 1 });
    expect(coachWords({ code: 'LIMIT_REACHED', params: r?.params }, 'en')).toContain('Only 1 more may be added');
  });

  it('carries parameters for every refusal the engine gives about a card', () => {
    const g = createGame({ players: 3, seed: 'coach', startSeat: 0 });
    const foreign = g.hands[1]?.[0] as CardId;
    const r = applyAction(g, { type: 'play', seat: 0, cards: [foreign] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'CARD_NOT_IN_HAND', params: { card: foreign } });
  });

  it('says why a grey hand card cannot be played', () => {
    const g = createGame({ players: 3, seed: 'coach', startSeat: 0 });
    // Seat 1 is the target before any challenge: it may not open.
    const tb = toClientTable(stateFrom(g, 1), 1);
    const card = g.hands[1]?.[0] as CardId;
    const why = whyNot(tb, card);
    expect(why?.code).toBe('NOT_YOUR_ROLE');
    expect(coachWords(why ?? { code: '' }, 'de')).toContain('R3.3');
  });
});
