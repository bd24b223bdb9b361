/** The deck's labels: their room and deck 2's words. Pure, so the tests can check every layout's. */
import { type Lang, t, tn } from '../../../shell/host.js';
import type { Layout } from './layout.js';

/** The deck's words may be as wide as its zone (the trump card lies beside the deck), at least 1.6 cards. */
export function deckLabelRoom(L: Layout): number {
  return Math.max(L.cardW * L.tableScale * 1.6, L.zones.deck.w - 4);
}

/**
 * Deck 2's count in words, then the count alone for a zone too narrow for them at a readable size
 * ('Stapel 2: 17' was drawn at 8.5 px at 568x320, five players: a 62-px zone, and a wider one made
 * the cards 38 px). The deck's explanation and the table in words (a11y/mirror.ts) still name it.
 */
export function deck2Forms(n: number): string[] {
  return [t('table.deck2', { n }), t('table.deck2.short', { n })];
}

/**
 * The feather chip's words: how many feathers are left, as a count ('2 feathers left'), then the count
 * alone for a narrow chip. 'feathers 2' beside a top token showing 3 (its value, phase 2) read as a
 * contradiction (issue #40): one number is a count of feathers, the other the value of the next one.
 */
export function featherForms(n: number, l?: Lang): string[] {
  return [tn('table.feathersLeft', n, {}, l), t('table.feathersLeft.short', { n }, l)];
}
