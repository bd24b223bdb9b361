/**
 * Playing the hand from the keyboard: arrows move the focus (left/right) or the challenge a rejection
 * goes onto (up/down), space selects, Enter plays or rejects, Escape clears the selection. Typing in a
 * field, and Enter or Space on a focused button, are left alone.
 */
import type { CardId } from './types.js';

export interface HandKeysTarget {
  /** The hand as shown, left to right. */
  hand: () => CardId[];
  focus: () => number;
  setFocus: (k: number) => void;
  /** Up (+1) or down (-1) through the challenges a rejection can go onto. */
  cycleTarget: (d: 1 | -1) => void;
  toggle: (card: CardId) => void;
  /** Enter: the move the selection makes (play, or reject when you are the target). */
  enter: (focused: CardId | undefined) => void;
  clear: () => void;
}

export function attachHandKeys(target: HandKeysTarget): () => void {
  const onKey = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement | null)?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (tag === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    const hand = target.hand();
    const focus = target.focus();
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        if (hand.length === 0) return;
        const d = e.key === 'ArrowLeft' ? -1 : 1;
        target.setFocus((focus + d + hand.length) % hand.length);
        e.preventDefault();
        return;
      }
      case 'ArrowUp':
      case 'ArrowDown':
        target.cycleTarget(e.key === 'ArrowUp' ? 1 : -1);
        e.preventDefault();
        return;
      case ' ': {
        const card = hand[focus];
        if (card) target.toggle(card);
        e.preventDefault();
        return;
      }
      case 'Enter':
        target.enter(hand[focus]);
        e.preventDefault();
        return;
      case 'Escape':
        target.clear();
        return;
    }
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
