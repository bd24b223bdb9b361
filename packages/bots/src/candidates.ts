/**
 * The moves the search weighs: a small, sensible subset of the legal ones, read from the view only.
 * Listing every subset of a hand would drown the search, so plays come as whole value groups and
 * single cards, rejections as the cheap full answer plus one cheap card per open challenge (each with
 * and without trumps), and always the normal heuristic's own choice. The active player's extensions
 * that exceed the free room are included when a take-back window is open (R5.3), so the search prices
 * the priority take-back like any other move.
 */
import {
  type Action,
  type CardId,
  canBeat,
  challengeValue,
  type PlayerView,
  playableCards,
  roomFor,
  type Seat,
} from '@blaze/rules';
import { heuristicBot, planRejection, strength } from './heuristic.js';
import { betTargets, canPass, canStand, distinctBetValues, isTrump, mustBet, standingNow, targetOwes } from './view.js';

const key = (a: Action): string => JSON.stringify(a);

function groupsByValue(cards: readonly CardId[]): Map<number, CardId[]> {
  const m = new Map<number, CardId[]>();
  for (const c of cards) {
    const v = challengeValue(c);
    const g = m.get(v);
    if (g) g.push(c);
    else m.set(v, [c]);
  }
  return m;
}

export function candidateActions(view: PlayerView, rnd: () => number): Action[] {
  const seat = view.viewer;
  if (seat === null || view.over) return [];
  const out = new Map<string, Action>();
  const add = (a: Action | null) => {
    if (a !== null && !out.has(key(a))) out.set(key(a), a);
  };
  add(heuristicBot.decide(view, rnd));
  if (view.betting) {
    if (!mustBet(view)) return [...out.values()];
    for (const on of betTargets(view))
      for (const value of distinctBetValues(view)) add({ type: 'bet', seat, on, value });
    return [...out.values()];
  }
  const { trump } = view;
  const byStrength = (a: CardId, b: CardId) => strength(a, trump) - strength(b, trump);
  if (targetOwes(view)) {
    if (canPass(view)) add({ type: 'pass', seat });
    const plan = planRejection(view);
    if (plan !== null) add({ type: 'reject', seat, pairs: plan });
    const hand = view.hand.slice().sort(byStrength);
    for (const e of view.table) {
      if (e.rejection !== null) continue;
      const plain = hand.find((c) => !isTrump(c, trump) && canBeat(e.challenge, c, trump));
      const trumpCard = hand.find((c) => isTrump(c, trump) && canBeat(e.challenge, c, trump));
      if (plain) add({ type: 'reject', seat, pairs: [{ challenge: e.challenge, card: plain }] });
      if (trumpCard) add({ type: 'reject', seat, pairs: [{ challenge: e.challenge, card: trumpCard }] });
    }
  }
  if (seat === view.active || seat === view.supporter) {
    const opening = view.table.length === 0;
    const max = opening ? view.limit : roomFor(view, seat);
    const playable = playableCards(view, seat, view.hand);
    if (max > 0 && playable.length > 0) {
      for (const group of groupsByValue(playable).values()) {
        group.sort(byStrength);
        add({ type: 'play', seat, cards: group.slice(0, 1) });
        if (group.length > 1) add({ type: 'play', seat, cards: group.slice(0, max) });
      }
      if (!opening) {
        // Everything playable at once: unloading in phase 2, or a take-back with several cards.
        add({ type: 'play', seat, cards: playable.slice().sort(byStrength).slice(0, max) });
      }
    }
    if (!opening && !standingNow(view) && canStand(view)) add({ type: 'stand', seat: seat as Seat });
  }
  return [...out.values()];
}
