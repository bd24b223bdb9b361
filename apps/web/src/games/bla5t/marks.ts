/**
 * Which layout slots a public log line says were touched (X1.5: who acted, which kind, which
 * slots; never a hidden value), so every client can mark them a moment: a swap's two slots, a
 * 6-Shuffle's two (the same whether it really swapped or pretended, X5.3: the line carries no
 * more), a flip, a card placed, taken, matched or dealt as a penalty, Daisy's discard, and the
 * slots looked at. Only the log is read: whatever this marks, every seat and spectator marks too.
 */
import type { LogLine } from '../../shell/host.js';

/** `moved`: a card changed place or face; `seen`: somebody looked at it (the card stayed). */
export type MarkKind = 'moved' | 'seen';
export interface Mark {
  /** `seat.slot`, as the board keys its slot buttons. */
  key: string;
  kind: MarkKind;
}

type Line = Pick<LogLine, 'kind' | 'seat' | 'other' | 'value' | 'text'> & { cards: readonly string[] };

const slotKeys = (text: string): string[] => [...text.matchAll(/(\d+)\.(\d+)/g)].map((m) => `${m[1]}.${m[2]}`);
const at = (seat: number, slot: number): string[] =>
  Number.isInteger(seat) && seat >= 0 && Number.isInteger(slot) && slot >= 0 ? [`${seat}.${slot}`] : [];

function keysOf(l: Line): { keys: string[]; kind: MarkKind } | null {
  switch (l.kind) {
    case 'swapped':
      return { keys: slotKeys(l.text), kind: 'moved' };
    case 'shuffled':
      return {
        keys: l.text
          .split(',')
          .filter((x) => /^\d+$/.test(x))
          .flatMap((x) => at(l.seat, Number(x))),
        kind: 'moved',
      };
    case 'flipped':
      return { keys: at(l.other, l.value), kind: 'moved' };
    case 'placed':
    case 'took':
    case 'matched':
    case 'penalty':
      return { keys: at(l.seat, l.value), kind: 'moved' };
    case 'powerUsed':
      // Daisy's discard names no slot on its own line; the power's public targets do (X12.5).
      return l.cards[0] === 'h:daisy' ? { keys: slotKeys(l.text), kind: 'moved' } : null;
    case 'looked':
      return l.text === 'drawPile' ? null : { keys: at(l.other, l.value), kind: 'seen' };
    default:
      return null;
  }
}

/** The marks of one line, each slot once. */
export function marksOf(line: Line): Mark[] {
  const r = keysOf(line);
  if (!r) return [];
  return [...new Set(r.keys)].map((key) => ({ key, kind: r.kind }));
}

/** How long a mark stays on a slot (the CSS animation runs as long). */
export const MARK_MS = 1500;
