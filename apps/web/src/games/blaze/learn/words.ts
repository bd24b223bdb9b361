/** The coach's lines: what a step is about, and exactly what to press. */
import type { Action } from '@blaze/rules';
import { lt } from '../i18n/learn.js';
import { cardsWords, cardWords } from '../logic/cards.js';
import { LEARNER, type Lesson, type Moment } from './script.js';

/**
 * What a step is about. The names, cards and trump in the words are the step's facts, read off the
 * table (claims.ts checks them there), so the words cannot name what the table does not show.
 */
export function lessonWords(m: Moment & { lesson: Lesson }, names: readonly string[]): string {
  const f = m.kind === 'watch' ? m.facts : {};
  const params = {
    name: f.seat === undefined ? '' : (names[f.seat] ?? ''),
    card: f.card ? cardWords(f.card) : '',
    challenge: f.challenge ? cardWords(f.challenge) : '',
    trump: f.trump ? cardWords(f.trump) : '',
    value: f.value ?? '',
  };
  if (m.lesson === 'roundOver') return lt(f.kept ? 'lesson.roundOver.kept' : 'lesson.roundOver.changed', params);
  // Said of a rejection just seen (its Firebird a trump: claims.ts), or of the learner's own move.
  if (m.lesson === 'firebird' && f.card) return lt('lesson.firebird.seen', params);
  if (m.lesson === 'feather' && f.seat === LEARNER) return lt('lesson.feather.you', params);
  return lt(`lesson.${m.lesson}`, params);
}

/** The move a step asks for, in words that name the cards and buttons. */
export function moveWords(a: Action, names: readonly string[]): string {
  switch (a.type) {
    case 'play':
      return lt('move.open', { cards: cardsWords(a.cards) });
    case 'reject': {
      const p = a.pairs[0];
      return p ? lt('move.reject', { card: cardWords(p.card), challenge: cardWords(p.challenge) }) : '';
    }
    case 'pass':
      return lt('move.pass');
    case 'stand':
      return lt('move.stand');
    case 'bet':
      return lt('move.bet', { name: names[a.on] ?? '', value: a.value });
    case 'closeWindow':
      return '';
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** The action-bar buttons a step asks the learner to press (for the highlight). */
export function buttonsFor(m: Moment): string[] {
  if (m.kind !== 'do') return [];
  const a = m.action;
  switch (a.type) {
    case 'play':
      return ['play'];
    case 'reject':
      return ['reject'];
    case 'pass':
      return ['pass'];
    case 'stand':
      return ['stand'];
    case 'bet':
      return [`bet-on-${a.on}`, `bet-${a.value}`];
    case 'closeWindow':
      return [];
    default: {
      const never: never = a;
      return never;
    }
  }
}
