/**
 * What a Blaze viewer may not see (R11.3), told to the conformance suite: another player's hand, the
 * cards and order of every deck (deck 2 and the box included), others' unrevealed bet values, the
 * seed. The turned trump card is public wherever it goes (R2.4: drawn last, in plain sight).
 */
import type { Viewer } from '@blaze/game';
import type { PrivacyProbe } from '@blaze/game/conformance';
import type { CardId, GameState } from '@blaze/rules';

/** The card places a viewer cannot see into, in a fixed order: others' hands, deck, deck 2, box. */
function hiddenPlaces(s: GameState, viewer: Viewer): CardId[][] {
  const places: CardId[][] = [];
  s.hands.forEach((h, seat) => {
    if (seat !== viewer) places.push(h);
  });
  places.push(s.deck, s.deck2, s.box);
  return places;
}

export const blazePrivacy: PrivacyProbe<GameState> = {
  secrets(s, viewer) {
    const out: string[] = [s.seed];
    for (const place of hiddenPlaces(s, viewer)) for (const c of place) if (c !== s.trump) out.push(c);
    return out;
  },

  /** The same game to this viewer: hidden cards redealt (sizes kept), hidden bet values and the seed redrawn. */
  resample(s, viewer, rnd) {
    const t = structuredClone(s) as GameState;
    const places = hiddenPlaces(t, viewer);
    const pool = places.flat().filter((c) => c !== t.trump);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as CardId, pool[i] as CardId];
    }
    let k = 0;
    for (const place of places) {
      for (let i = 0; i < place.length; i++) if (place[i] !== t.trump) place[i] = pool[k++] as CardId;
    }
    const revealed = t.roundLosers.length;
    t.bets = t.bets.map((b) => (b.by === viewer || b.round <= revealed ? b : { ...b, value: rnd() < 0.5 ? 0 : 1 }));
    t.seed = `resampled-${Math.floor(rnd() * 1e9)}`;
    t.rng = [1, 2, 3, Math.floor(rnd() * 1e9)];
    return t;
  },
};
