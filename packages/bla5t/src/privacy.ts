/**
 * What a Bla5t viewer may not see (X1.7), told to the conformance suite: face-down layout cards and
 * the draw pile it was not shown, another's drawn card, the seed. Card ids named by the public hero
 * and boss set are left out of the string search (the set is public, X1.5; where those cards lie is
 * what is secret, and this package's own privacy test checks positions).
 */
import type { Viewer } from '@blaze/game';
import type { PrivacyProbe } from '@blaze/game/conformance';
import type { Card, State } from './types.js';

function hiddenFrom(s: State, viewer: Viewer): Card[] {
  const out: Card[] = [];
  for (const lay of s.layouts) for (const x of lay) if (x && !x.up) out.push(x.card);
  out.push(...s.draw);
  if (s.drawn !== null && viewer !== s.active) out.push(s.drawn);
  if (viewer !== s.active) out.push(...s.pair);
  return out;
}

export const bla5tPrivacy: PrivacyProbe<State> = {
  secrets(s, player) {
    // The table's viewer is a player (its seat at the start); Stephania may have moved it (X12.5).
    const viewer = player === null ? null : (s.seatOf[player] ?? player);
    const known = new Set(viewer === null ? s.shownAll : (s.shown[viewer] ?? []));
    const named = new Set([...s.heroes, ...s.bossSet, ...s.publicHeroes, ...s.publicBosses]);
    return [s.opts.seed, ...hiddenFrom(s, viewer).filter((c) => !known.has(c) && !named.has(c))];
  },

  /** Another deal of what the viewer cannot see: face-down cards and the draw pile permuted, seed redrawn. */
  resample(s, player, rnd) {
    const viewer = player === null ? null : (s.seatOf[player] ?? player);
    const t = structuredClone(s) as State;
    const pool: Card[] = [];
    for (const lay of t.layouts) for (const x of lay) if (x && !x.up) pool.push(x.card);
    pool.push(...t.draw);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as Card, pool[i] as Card];
    }
    let k = 0;
    for (const lay of t.layouts) {
      lay.forEach((x, i) => {
        if (x && !x.up) lay[i] = { ...x, card: pool[k++] as Card };
      });
    }
    t.draw = t.draw.map(() => pool[k++] as Card);
    if (t.drawn !== null && viewer !== t.active) t.drawn = t.cards.find((c) => c !== t.drawn) ?? t.drawn;
    t.opts.seed = `resampled-${Math.floor(rnd() * 1e9)}`;
    t.rng = [1, 2, 3, Math.floor(rnd() * 1e9)];
    return t;
  },
};
