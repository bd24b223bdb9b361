/**
 * The only randomness in the rules: a small seeded generator (sfc32 seeded by cyrb128), kept as
 * plain numbers in the state so a game is a pure function of its seed and its actions.
 */
export type RngState = readonly [number, number, number, number];

export function seedRng(seed: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** One sfc32 step on a mutable state: the value in [0, 1). */
function step(m: [number, number, number, number]): number {
  const [a, b, c, d] = m;
  const t = (((a + b) | 0) + d) | 0;
  m[3] = (d + 1) | 0;
  m[0] = b ^ (b >>> 9);
  m[1] = (c + (c << 3)) | 0;
  const r = (c << 21) | (c >>> 11);
  m[2] = (r + t) | 0;
  return (t >>> 0) / 4294967296;
}

/** Next value in [0, 1) and the generator's next state. */
export function nextRandom(s: RngState): [number, RngState] {
  const m: [number, number, number, number] = [s[0], s[1], s[2], s[3]];
  const r = step(m);
  return [r, [m[0] >>> 0, m[1] >>> 0, m[2] >>> 0, m[3] >>> 0]];
}

/** Fisher–Yates with the seeded generator; returns a new array and the advanced generator. */
export function shuffle<T>(items: readonly T[], rng: RngState): [T[], RngState] {
  const out = items.slice();
  let s = rng;
  for (let i = out.length - 1; i > 0; i--) {
    const [r, n] = nextRandom(s);
    s = n;
    const j = Math.floor(r * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, s];
}

/** The same numbers as nextRandom from seedRng(seed), as a stream that allocates nothing per draw. */
export function randomStream(seed: string): () => number {
  const m = seedRng(seed).slice() as [number, number, number, number];
  return () => step(m);
}
