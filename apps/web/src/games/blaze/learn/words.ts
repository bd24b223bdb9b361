/** The coach's lines: what a step is about, and exactly what to press. */
import type { Action } from '@blaze/rules';
import { lt } from '../i18n/learn.js';
import { cardsWords, cardWords } from '../logic/cards.js';
import type { Lesson, Moment } from './script.js';

export function lessonWords(l: Lesson): string {
  return lt(`lesson.${l}`);
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
