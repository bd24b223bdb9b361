/**
 * Bots (XT5) deciding from a View. `easy` is forgetful: it keeps nothing between calls, so it plays
 * its turn from what the view shows (low drawn cards replace an unknown card, no powers, no Blast but
 * by chance). `normal` is built in ./memory.ts from a View plus its own remembered events.
 */
import { cardValue } from './cards.js';
import type { Action, View } from './types.js';

function ownSlots(v: View, faceDownOnly: boolean): number[] {
  const out: number[] = [];
  const lay = v.viewer === null ? undefined : v.layouts[v.viewer];
  if (lay === undefined) return out;
  for (let i = 0; i < lay.length; i++) {
    const x = lay[i];
    if (x != null && (!faceDownOnly || 'down' in x)) out.push(i);
  }
  return out;
}

export function easyDecide(v: View, rnd: () => number): Action | null {
  const seat = v.viewer;
  if (seat === null || v.over || !v.awaiting.seats.includes(seat)) return null;
  switch (v.awaiting.kind) {
    case 'look':
      return { type: 'look', seat, slots: ownSlots(v, false).slice(0, v.looksToMake) };
    case 'action': {
      if (v.drawCount > 0) return { type: 'draw', seat };
      const mine = ownSlots(v, false);
      return mine.length > 0 ? { type: 'match', seat, slot: mine[0] as number } : null;
    }
    case 'drawn': {
      const down = ownSlots(v, true);
      if (v.drawn !== null && cardValue(v.drawn) <= 3 && down.length > 0) {
        return { type: 'placeDrawn', seat, slot: down[Math.floor(rnd() * down.length)] as number };
      }
      return { type: 'discardDrawn', seat };
    }
    case 'keep': {
      const pair = v.pair ?? [];
      const low = [...pair].sort((a, b) => cardValue(a) - cardValue(b))[0];
      return low === undefined ? null : { type: 'keep', seat, card: low };
    }
    case 'power':
      return { type: 'skipPower', seat };
    case 'swap':
      return { type: 'swap', seat, slot: null };
    case 'helmut': {
      const slot = v.helmutAsk[0];
      return slot === undefined ? null : { type: 'claim', seat, slot, helmut: false };
    }
    case 'maga':
    case 'fawkes':
      return { type: 'power', seat, targets: [] };
    case 'change':
      return { type: 'changeSet', seat, heroes: [...v.heroes], bossSet: [...v.bossSet] };
    case 'carry':
      return { type: 'carryOver', seat, use: [] };
    case 'blast':
      // Forgetful: it calls by a hunch that grows with the round's length, so its games end.
      return rnd() < 0.1 * ((v.turnsStarted[seat] ?? 0) - 1) ? { type: 'blast', seat } : { type: 'endTurn', seat };
    default:
      return null;
  }
}
