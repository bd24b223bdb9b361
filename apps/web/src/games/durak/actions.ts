/** The buttons for the moves that are not a card: retreat (D5.5), end the attack (D5.7), pass (D9.2). */
import type { View } from '@blaze/durak';
import { h, patch } from '../../shell/host.js';
import type { Moves } from './legal.js';
import { dt } from './words.js';

export function renderActions(
  el: HTMLElement,
  v: View | null,
  moves: Moves,
  act: (type: 'retreat' | 'end') => void,
): void {
  const key = JSON.stringify([moves.retreat, moves.end, v?.awaited ?? null, dt('act.end')]);
  patch(el, key, () => [
    moves.retreat ? h('button', { testid: 'durak-retreat', onclick: () => act('retreat') }, dt('act.retreat')) : null,
    moves.end
      ? h(
          'button',
          { testid: `durak-${moves.end}`, class: 'primary', onclick: () => act('end') },
          dt(moves.end === 'end' ? 'act.end' : 'act.pass'),
        )
      : null,
  ]);
}

/** The banner: what this seat is asked to do now, or whom the table waits on. */
export function bannerWords(v: View | null, names: string[], moves: Moves): { text: string; yourMove: boolean } {
  if (!v) return { text: '', yourMove: false };
  const name = (s: number) => names[s] || `#${s + 1}`;
  if (v.over) return { text: dt('banner.over'), yourMove: false };
  const mine =
    v.viewer !== null && v.awaited === v.viewer && (moves.cards.size > 0 || moves.retreat || moves.end !== null);
  if (mine) {
    if (v.table.some((p) => p.defence === null)) return { text: dt('banner.defend'), yourMove: true };
    if (v.ambusher === v.viewer) return { text: dt('banner.ambush'), yourMove: true };
    if (v.table.length === 0) return { text: dt('banner.open', { name: name(v.defender) }), yourMove: true };
    return { text: dt('banner.continue'), yourMove: true };
  }
  if (v.awaited === null) return { text: dt('banner.waitAuto'), yourMove: false };
  return { text: dt('banner.wait', { name: name(v.awaited) }), yourMove: false };
}
