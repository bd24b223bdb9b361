/**
 * The guided first game of Battle of Durak: two fixed deals (createGame's `deck`) and every move of
 * them, so each learner sees the same table. Part 1, two players and a short deck (18 cards, the
 * trump Skulls), teaches the attack, continuing by value, ending, a retreat, a defence, the end of
 * the deck and leaving the battlefield; the learner wins it. Part 2, three players with Ambush, is a
 * few steps of one ambush round. The moves of part 1 are what the normal bot would play at every seat
 * (the deal was picked among 20,000 short shuffles as the shortest game that shows each idea with the
 * learner winning); part 2 is set by hand. learn.test.ts replays both and checks every step's claims.
 */
import type { Action, Options } from '@blaze/durak';
import type { LocalKey } from '../local/words.js';
import type { ClaimName } from './claims.js';

export const LEARNER = 0;

/** A stop of the lesson: words and, for a move of the learner, the move the script makes there. */
export interface Step {
  /** Moves of the part played before the step. */
  at: number;
  /** A step to read (Next), or the learner's move `actions[at]`. */
  kind: 'read' | 'do';
  /** The lesson's words; a 'do' step without them says only the move. */
  words?: LocalKey;
  claims: ClaimName[];
}

export interface Part {
  id: 'first' | 'ambush';
  /** Seat names: the learner's first (filled in by the page), then the bots' word keys. */
  bots: ('name.ben' | 'name.ana')[];
  game: Options;
  actions: Action[];
  /** The lesson's own stops; every other move of the learner gets a 'do' step naming the move. */
  notes: Step[];
}

const a = (seat: number, card: string): Action => ({ type: 'attack', seat, card });
const d = (seat: number, card: string): Action => ({ type: 'defend', seat, card });
const end = (seat: number): Action => ({ type: 'end', seat });
const retreat = (seat: number): Action => ({ type: 'retreat', seat });

const FIRST: Part = {
  id: 'first',
  bots: ['name.ben'],
  game: {
    players: 2,
    seed: 'durak-learn-1',
    dealer: 0,
    // Shuffle `dl-435`: dealt one at a time from Ben's side, then the trump 9K, then six to draw.
    deck: [
      '10S',
      '9C',
      '10C',
      '8S',
      '13H',
      '8H',
      '10H',
      '11C',
      '7S',
      '12C',
      '12K',
      '14K',
      '9K',
      '9H',
      '13K',
      '10K',
      '14S',
      '12H',
    ],
  },
  actions: [
    a(0, '8S'),
    d(1, '10S'),
    a(0, '8H'),
    d(1, '10H'),
    end(0),
    a(1, '7S'),
    retreat(0),
    a(1, '10C'),
    d(0, '11C'),
    end(1),
    a(0, '7S'),
    d(1, '14S'),
    a(0, '14K'),
    retreat(1),
    a(0, '9H'),
    d(1, '12H'),
    a(0, '9C'),
    d(1, '9K'),
    a(0, '12C'),
    d(1, '10K'),
    end(0),
    a(1, '7S'),
    d(0, '13K'),
  ],
  notes: [
    {
      at: 0,
      kind: 'read',
      words: 'step.intro',
      claims: [
        'two players',
        'the trump card is the 9 of Skulls',
        'you deal',
        'you attack',
        'Ben defends',
        'the deck holds 6',
      ],
    },
    { at: 0, kind: 'do', words: 'step.open', claims: ['you are to play', 'the battlefield is empty', 'Ben defends'] },
    {
      at: 2,
      kind: 'do',
      words: 'step.continue',
      claims: ['Ben beat the 8 of Stars with the 10 of Stars', 'every card is beaten', 'you may add a card'],
    },
    {
      at: 4,
      kind: 'do',
      words: 'step.end',
      claims: ['every card is beaten', 'you hold no value of the battlefield', 'the deck holds cards'],
    },
    {
      at: 6,
      kind: 'do',
      words: 'step.retreat',
      claims: ['Ben attacks you', 'only trumps of yours beat the open card', 'you hold a trump'],
    },
    {
      at: 8,
      kind: 'do',
      words: 'step.defend',
      claims: ['Ben attacks you', 'Ben attacked last battle too', 'a card of the open suit of yours beats it'],
    },
    {
      at: 10,
      kind: 'read',
      words: 'step.deckEnd',
      claims: ['the deck is empty', 'Ben drew the trump card', 'nobody has left'],
    },
    {
      at: 12,
      kind: 'do',
      words: 'step.trumpAce',
      claims: ['Ben beat your card', 'the named card is the highest trump'],
    },
    { at: 14, kind: 'do', words: 'step.afterRetreat', claims: ['Ben took the cards', 'you attack'] },
    {
      at: 22,
      kind: 'do',
      words: 'step.last',
      claims: ['the deck is empty', 'you hold one card', 'your card beats the open card'],
    },
    {
      at: 23,
      kind: 'read',
      words: 'step.won',
      claims: ['the game is over', 'you left the battlefield victorious', 'Ben is the Durak'],
    },
  ],
};

const AMBUSH: Part = {
  id: 'ambush',
  bots: ['name.ana', 'name.ben'],
  game: {
    players: 3,
    seed: 'durak-learn-2',
    dealer: 1,
    ambush: true,
    // Dealt one at a time from Ben's side (left of Ana, the dealer): Ben, you, Ana; then the trump 14H.
    // You: 9C 12K 6H 14C 7S 8K. Ana: 9S 6S 7C 8C 10K 13S. Ben: 11S 12C 7K 8S 6C 10S (no high Skull,
    // no Heart: your 12K makes him take the battlefield).
    deck: [
      ...['11S', '9C', '9S'],
      ...['12C', '12K', '6S'],
      ...['7K', '6H', '7C'],
      ...['8S', '14C', '8C'],
      ...['6C', '7S', '10K'],
      ...['10S', '8K', '13S'],
      '14H',
      ...['6K', '7H', '10C', '11K', '13C', '9H'],
    ],
  },
  actions: [a(1, '9S'), d(2, '11S'), end(1), a(0, '9C'), d(2, '12C'), a(0, '12K'), retreat(2)],
  notes: [
    {
      at: 0,
      kind: 'read',
      words: 'step.ambushIntro',
      claims: ['three players', 'ambush is on', 'Ana attacks', 'Ben defends', 'you sit left of Ben'],
    },
    {
      at: 3,
      kind: 'do',
      words: 'step.ambush1',
      claims: ['you ambush', 'every card is beaten', 'you may add a card', 'Ana ended'],
    },
    { at: 5, kind: 'do', words: 'step.ambush2', claims: ['you ambush', 'Ben beat your card', 'Ben holds cards'] },
    {
      at: 7,
      kind: 'read',
      words: 'step.ambushDone',
      claims: ['Ben took the cards', 'you attack', 'you sit left of Ben'],
    },
  ],
};

export const PARTS: readonly Part[] = [FIRST, AMBUSH];

/** A part's stops in order: its notes, and a plain 'do' step at every other move of the learner. */
export function stepsOf(p: Part): Step[] {
  const out: Step[] = [];
  for (let at = 0; at <= p.actions.length; at++) {
    const here = p.notes.filter((n) => n.at === at);
    out.push(...here.filter((n) => n.kind === 'read'));
    const doNote = here.find((n) => n.kind === 'do');
    if (doNote) out.push(doNote);
    else if (p.actions[at]?.seat === LEARNER) out.push({ at, kind: 'do', claims: ['you are to play'] });
  }
  return out;
}

/** Every stop of the lesson, numbered across the parts. */
export const ALL_STEPS: readonly { part: number; step: Step }[] = PARTS.flatMap((p, part) =>
  stepsOf(p).map((step) => ({ part, step })),
);
