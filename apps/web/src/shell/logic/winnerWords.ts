/**
 * The winner in words for the person reading (issue #40, finding 8): the winner's own page says
 * "You win", as its log already did, not its own name in the third person ("Friend wins").
 */
import type { Seat } from '@blaze/rules';
import { t } from '../i18n/index.js';
import { type ClientTable, nameOf } from '../store/snapshot.js';

export function winnerWords(tb: ClientTable, winner: Seat | null): string {
  if (winner !== null && winner === tb.mySeat) return t('result.winner.you');
  return t('result.winner', { name: winner === null ? '?' : nameOf(tb, winner) });
}
