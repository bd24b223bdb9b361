/**
 * What this seat may do now, from `@blaze/durak`'s own legalActions (the client does not restate the
 * rules): the view is all a seat knows, and it is all legalActions reads for the awaited seat.
 */
import { type Action, legalActions, type State, type View } from '@blaze/durak';

export interface Moves {
  /** Cards of the hand playable now, and how. */
  cards: Map<string, 'attack' | 'defend'>;
  retreat: boolean;
  /** The attacker ends, an ambusher passes (the same action, D5.7 / D9.2). */
  end: 'end' | 'pass' | null;
}

export const NO_MOVES: Moves = { cards: new Map(), retreat: false, end: null };

/** The view as the rules' state, for the one seat it shows a hand of. */
function stateOf(v: View): State {
  const hands = v.handCounts.map((_, s) => (s === v.viewer ? v.hand : []));
  return {
    ...v,
    seed: '',
    deck: [],
    hands,
    known: hands.map(() => []),
    graveyard: [],
    ambushers: [],
    battles: 0,
    log: [],
  } as unknown as State;
}

export function movesOf(v: View | null): Moves {
  if (!v || v.viewer === null || v.over || v.awaited !== v.viewer) return NO_MOVES;
  const acts: Action[] = legalActions(stateOf(v), v.viewer);
  const cards = new Map<string, 'attack' | 'defend'>();
  let retreat = false;
  let end: Moves['end'] = null;
  for (const a of acts) {
    if (a.type === 'attack' || a.type === 'defend') cards.set(a.card, a.type);
    else if (a.type === 'retreat') retreat = true;
    else end = v.ambusher === v.viewer ? 'pass' : 'end';
  }
  return { cards, retreat, end };
}
