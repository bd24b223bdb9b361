/**
 * What a Durak viewer may not see (D1.7), told to the conformance suite: the seed, the deck's
 * cards (but the trump card, public from the deal, D3.3), and the cards in another's hand that
 * nobody saw go there (cards taken on a retreat and the drawn trump card were public, D1.5).
 */
import type { Viewer } from '@blaze/game';
import type { PrivacyProbe } from '@blaze/game/conformance';
import type { Card } from './cards.js';
import type { State } from './engine.js';

/** Per hidden place: the indexes of its cards the viewer cannot know. */
function hidden(s: State, viewer: Viewer): { place: Card[]; at: number[] }[] {
  const out: { place: Card[]; at: number[] }[] = [];
  s.hands.forEach((h, seat) => {
    if (seat === viewer) return;
    const known = s.known[seat] ?? [];
    out.push({ place: h, at: h.flatMap((c, i) => (known.includes(c) || c === s.trump ? [] : [i])) });
  });
  out.push({ place: s.deck, at: s.deck.flatMap((c, i) => (c === s.trump ? [] : [i])) });
  return out;
}

export const durakPrivacy: PrivacyProbe<State> = {
  secrets(s, viewer) {
    const out: string[] = [s.seed];
    for (const { place, at } of hidden(s, viewer)) for (const i of at) out.push(place[i] as Card);
    return out;
  },
  /** The same game to this viewer: unknown cards redealt among the hidden places, sizes kept; another seed. */
  resample(s, viewer, rnd) {
    const t = structuredClone(s) as State;
    const places = hidden(t, viewer);
    const pool = places.flatMap(({ place, at }) => at.map((i) => place[i] as Card));
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as Card, pool[i] as Card];
    }
    let k = 0;
    for (const { place, at } of places) for (const i of at) place[i] = pool[k++] as Card;
    t.seed = `resampled-${Math.floor(rnd() * 1e9)}`;
    return t;
  },
};
