/**
 * Issue #10: hover or hold on any card or badge explains it, in EN/DE/JA, with the rule, never a raw
 * card id; a hand card said to be playable is exactly one the highlights light (so the server takes it).
 */
import {
  type Action,
  applyAction,
  type CardId,
  createGame,
  type GameState,
  isFirebird,
  legalActions,
} from '@blaze/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPLAIN } from '../src/games/blaze/i18n/explain.js';
import { coachWords, whyNot } from '../src/games/blaze/logic/coach.js';
import { type Explainable, explain, explainKey } from '../src/games/blaze/logic/explain.js';
import { highlights } from '../src/games/blaze/logic/highlights.js';
import { explainableAt } from '../src/games/blaze/render/hit.js';
import type { CardPos, Region } from '../src/kit/types.js';
import { LANGS } from '../src/shell/i18n/index.js';
import { type ClientTable, toClientTable } from '../src/shell/store/snapshot.js';
import { stateFrom } from './fixtures.js';

const CARD_ID = /\b[ryb][1-9F][ab]\b/;
const PLAYABLE = {
  en: /You can (open|add)|It can reject/,
  de: /Damit kannst|Du kannst sie|Sie kann .* abwehren/,
  ja: /始められ|追加できます：|を返せます/,
};

/** A game played on by `steps` legal actions chosen by `pick`, never past its end. */
function playOn(seed: string, players: 3 | 4 | 5, steps: number, pick: (n: number) => number): GameState {
  let g = createGame({ players, seed, startSeat: 0 });
  for (let i = 0; i < steps && !g.over; i++) {
    const all: Action[] = [];
    for (let s = 0; s < players; s++) all.push(...legalActions(g, s));
    if (g.window) all.push({ type: 'closeWindow' });
    const a = all[pick(all.length)];
    if (!a) break;
    const r = applyAction(g, a);
    if (r.ok) g = r.state;
  }
  return g;
}

function everything(tb: ClientTable): Explainable[] {
  const v = tb.view;
  if (!v) return [];
  const out: Explainable[] = [
    { kind: 'deck' },
    { kind: 'discard' },
    { kind: 'feathers' },
    { kind: 'limit' },
    { kind: 'trump' },
    { kind: 'round' },
    { kind: 'clock' },
  ];
  for (const c of v.hand) out.push({ kind: 'hand', card: c });
  for (let index = 0; index < v.table.length; index++) out.push({ kind: 'pair', index });
  for (let seat = 0; seat < v.players; seat++) out.push({ kind: 'seat', seat }, { kind: 'bets', seat });
  return out;
}

describe('explanations on hover and hold', () => {
  it('has the same words in every language, every placeholder filled from the same names', () => {
    for (const l of LANGS) {
      expect(Object.keys(EXPLAIN[l]).sort()).toEqual(Object.keys(EXPLAIN.en).sort());
      for (const [k, text] of Object.entries(EXPLAIN[l])) {
        const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(text), `${l} ${k}`).toEqual(names(EXPLAIN.en[k as keyof typeof EXPLAIN.en]));
      }
    }
  });

  it('words everything on a table in play, in all three languages, citing a rule, never a card id', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.constantFrom(3, 4, 5),
        fc.integer({ min: 0, max: 120 }),
        (seed, players, steps) => {
          let r = seed;
          const g = playOn(`explain-${seed}`, players as 3 | 4 | 5, steps, (n) => {
            r = (r * 1103515245 + 12345) % 2147483648;
            return r % n;
          });
          const viewer = seed % players;
          const tb = toClientTable(stateFrom(g, viewer), viewer);
          for (const what of everything(tb)) {
            for (const l of LANGS) {
              const text = explain(tb, what, l);
              if (text === null) continue;
              expect(text, `${l} ${explainKey(what)}`).not.toMatch(/\{\w+\}/);
              expect(text, `${l} ${explainKey(what)} shows a card id: ${text}`).not.toMatch(CARD_ID);
              expect(text, `${l} ${explainKey(what)} names no rule: ${text}`).toMatch(/R\d+(\.\d+)?/);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('calls a hand card playable exactly when the table lights it, and otherwise says why (the coach)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 150 }), (seed, steps) => {
        let r = seed + 7;
        const g = playOn(`hand-${seed}`, 4, steps, (n) => {
          r = (r * 1103515245 + 12345) % 2147483648;
          return r % n;
        });
        for (let viewer = 0; viewer < 4; viewer++) {
          const tb = toClientTable(stateFrom(g, viewer), viewer);
          const lit = highlights(tb, []).lit;
          for (const card of tb.view?.hand ?? []) {
            for (const l of LANGS) {
              const text = explain(tb, { kind: 'hand', card }, l) ?? '';
              expect(PLAYABLE[l].test(text), `${l} ${card} lit=${lit.has(card)}: ${text}`).toBe(lit.has(card));
              const why = whyNot(tb, card);
              if (!lit.has(card) && why) expect(text).toContain(coachWords(why, l));
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('explains an open challenge card by what rejects it (R4.2), and a seat by its role (R3.3)', () => {
    const g0 = createGame({ players: 3, seed: 'explain-words', startSeat: 0 });
    // A plain card (not a Firebird): its words say what rejects it.
    const opening = g0.hands[0]?.find((c) => !isFirebird(c)) as CardId;
    const r = applyAction(g0, { type: 'play', seat: 0, cards: [opening] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const tb = toClientTable(stateFrom(r.state, 1), 1);
    const pair = explain(tb, { kind: 'pair', index: 0 }, 'en') ?? '';
    // Said to the target (Ben's page) in the second person: "You rejects it" before.
    expect(pair).toMatch(
      /^(Red|Yellow|Blue) \d, from Ana, is still open: you reject it with (a (red|yellow|blue) card of \d or more, or any trump|a trump of \d or more), or pass and take every card\./,
    );
    expect(pair).toContain('(rule R4.2)');
    expect(explain(tb, { kind: 'pair', index: 0 }, 'de')).toMatch(
      /: Du wehrst sie mit .* ab oder passt und nimmst alle/,
    );
    // Anyone else's page names the target.
    const cleosPage = toClientTable(stateFrom(r.state, 2), 2);
    expect(explain(cleosPage, { kind: 'pair', index: 0 }, 'en')).toMatch(
      /is still open: Ben rejects it with .*, or passes/,
    );
    expect(explain(tb, { kind: 'seat', seat: 1 }, 'en')).toMatch(
      /^You are the target: reject each challenge card, or pass and take them all\. Cards in hand: 5\. \(rule R3\.3\)$/,
    );
    // Your own seat in the second person in every language, another's by name.
    expect(explain(tb, { kind: 'seat', seat: 1 }, 'de')).toMatch(/^Du bist das Ziel: /);
    expect(explain(tb, { kind: 'seat', seat: 1 }, 'ja')).toMatch(/^あなたは防御側です/);
    expect(explain(tb, { kind: 'seat', seat: 0 }, 'de')).toContain('Ana ist der aktive Spieler');
    expect(explain(tb, { kind: 'seat', seat: 2 }, 'ja')).toContain('Cleoは援護です');
    expect(explain(tb, { kind: 'limit' }, 'en')).toMatch(/at most 5 cards .* Room left: 4\. \(rule R4\.4\)/);
    expect(explain(tb, { kind: 'trump' }, 'en')).toMatch(/^Trump is (red|yellow|blue) this round\./);
    expect(explain(tb, { kind: 'round' }, 'de')).toMatch(/^Runde 1 von 2, Phase 1: .*\(Regel R6\.1\)$/);
    expect(explain(tb, { kind: 'clock' }, 'ja')).toMatch(/^この手番の時計です。.*（ルール R5\.5）$/);
    expect(explain(tb, { kind: 'deck' }, 'en')).toMatch(/^Draw deck, cards left: \d+\..*Deck 2, face down, cards: \d+/);
    // Someone away: within their grace only the clocks act for them; past it a bot plays the seat.
    const away = stateFrom(r.state, 1);
    const cleo = away.players[2];
    if (cleo) cleo.connected = false;
    expect(explain(toClientTable(away, 1), { kind: 'seat', seat: 2 }, 'en')).toContain('the clocks play for this seat');
    if (cleo) cleo.standIn = true;
    expect(explain(toClientTable(away, 1), { kind: 'seat', seat: 2 }, 'en')).toContain('a bot plays this seat');
    expect(explain(toClientTable(away, 1), { kind: 'seat', seat: 2 }, 'de')).toContain('Ein Bot spielt');
    // Bets on you and by you, in the second person ("Bets on You, from Ana", "unless You loses" before).
    const v = tb.view as NonNullable<ClientTable['view']>;
    const betting: ClientTable = {
      ...tb,
      view: {
        ...v,
        bets: [
          { by: 0, on: 1, round: 1, value: null },
          { by: 1, on: 0, round: 1, value: 1 },
        ],
      },
    };
    expect(explain(betting, { kind: 'bets', seat: 1 }, 'en')).toMatch(
      /^Bets on you, from Ana\. .*a 1 scores for you unless you lose the round/,
    );
    expect(explain(betting, { kind: 'bets', seat: 1 }, 'de')).toMatch(
      /^Wetten auf dich, von Ana\. .*außer du verlierst/,
    );
    expect(explain(betting, { kind: 'bets', seat: 0 }, 'en')).toMatch(/^Bets on Ana, from you\. /);
    expect(explain(betting, { kind: 'bets', seat: 0 }, 'de')).toMatch(/^Wetten auf Ana, von dir\. /);
    expect(explain(betting, { kind: 'seat', seat: 0 }, 'en')).toContain('Bet placed on you.');
    expect(explain(betting, { kind: 'seat', seat: 0 }, 'de')).toContain('Wette auf dich gesetzt.');
    expect(explain(betting, { kind: 'seat', seat: 1 }, 'en')).toContain('Bet placed on Ana.');
    // Nothing there: no words (the bubble stays hidden).
    expect(explain(tb, { kind: 'pair', index: 3 }, 'en')).toBeNull();
    expect(explain(tb, { kind: 'bets', seat: 0 }, 'en')).toBeNull();
    expect(explain(tb, { kind: 'hand', card: g0.hands[2]?.[0] as CardId }, 'en')).toBeNull();
  });

  it('finds what lies under a point: hand strips first, then the small things over the big ones', () => {
    const hand: CardPos[] = [
      { card: 'r5a', x: 110, y: 500, w: 40, h: 100 },
      { card: 'y7b', x: 150, y: 500, w: 40, h: 100 },
    ];
    const regions: Region[] = [
      { kind: 'seat', id: 'seat-2', x: 0, y: 0, w: 100, h: 50 },
      { kind: 'bets', id: 'bets-2', x: 60, y: 10, w: 30, h: 20 },
      { kind: 'table', id: 'table-1', x: 200, y: 200, w: 80, h: 120 },
      { kind: 'deck', id: 'deck', x: 400, y: 0, w: 60, h: 90 },
    ];
    expect(explainableAt(112, 470, hand, regions)?.what).toEqual({ kind: 'hand', card: 'r5a' });
    expect(explainableAt(145, 540, hand, regions)?.what).toEqual({ kind: 'hand', card: 'y7b' });
    expect(explainableAt(70, 20, hand, regions)?.what).toEqual({ kind: 'bets', seat: 2 });
    expect(explainableAt(20, 20, hand, regions)?.what).toEqual({ kind: 'seat', seat: 2 });
    expect(explainableAt(240, 300, hand, regions)?.what).toEqual({ kind: 'pair', index: 1 });
    expect(explainableAt(420, 40, hand, regions)?.what).toEqual({ kind: 'deck' });
    expect(explainableAt(300, 100, hand, regions)).toBeNull();
    // The box a card's words stand beside: the whole visible strip, from the card's top edge.
    expect(explainableAt(112, 470, hand, regions)?.box).toEqual({ x: 90, y: 460, w: 40, h: 100 });
  });
});
