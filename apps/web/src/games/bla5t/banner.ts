/**
 * The banner's words for a Bla5t table, online and in practice: what this seat is asked to do now,
 * or whom the table waits for. One place, so practice says what the table says.
 */
import type { View } from '@blaze/bla5t';
import { seatName } from './board.js';
import type { Moves } from './legal.js';
import { waitWords } from './steps.js';
import { bt, cardName } from './words.js';

/** What this seat is asked to do, by the kind of step it is awaited for. */
function askWords(view: View, m: Moves): string {
  switch (m.kind) {
    case 'look':
      return bt('banner.look', { n: m.look });
    case 'action':
      return bt('banner.action');
    case 'drawn':
      return bt('banner.drawn', { card: view.drawn ? cardName(view.drawn) : '' });
    case 'power':
      return m.power
        ? bt('banner.power', { card: cardName(view.pendingPower ?? ''), how: bt(`how.${m.power}`) })
        : bt('banner.other');
    case 'swap':
      return bt('banner.swap');
    case 'helmut':
      return bt('banner.helmut');
    case 'blast':
      return bt('banner.blast');
    case 'keep':
      return bt('banner.keep');
    case 'carry':
      return bt('carry.title');
    case 'change':
      return bt('change.title');
    case 'maga':
      return bt('boss.maga');
    case 'fawkes':
      return bt('boss.fawkes');
    default:
      return bt('banner.other');
  }
}

export function bannerWords(view: View, names: string[], m: Moves): { text: string; yourMove: boolean } {
  const name = (seat: number) => seatName(view, names, seat);
  if (view.over) return { text: bt('banner.over'), yourMove: false };
  if (m.kind !== 'none') return { text: askWords(view, m), yourMove: true };
  if (view.viewer === null) return { text: bt('banner.watch'), yourMove: false };
  const a = view.awaiting;
  const called = view.caller !== null ? `${bt('banner.called', { name: name(view.caller) })} ` : '';
  if (a.kind === 'look') return { text: called + bt('banner.lookWait'), yourMove: false };
  if (a.kind === 'helmut') return { text: called + bt('banner.helmutWait'), yourMove: false };
  if (a.kind === 'blast') return { text: bt('banner.waitBlast', { name: name(view.active) }), yourMove: false };
  const step = waitWords(view, name);
  if (step) return { text: step, yourMove: false };
  return { text: called + bt('banner.wait', { name: name(a.seats[0] ?? view.active) }), yourMove: false };
}
