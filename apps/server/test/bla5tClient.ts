/** A Bla5t client for the tests: what it reads from its decoded state, and a person who plays from it. */
import { easyDecide, type View } from '@blaze/bla5t';
import { readBla5tWire } from '@blaze/bla5t/wire';
import type { Player } from './helpers.js';
import { personPlays } from './person.js';

interface DecodedWire {
  view: { size: number; forEach(f: (text: string, key: string) => void): void };
  seats: { view?: string }[];
}

// biome-ignore lint/suspicious/noExplicitAny: the decoded state is read by reflection, untyped.
const wireOf = (p: Player): DecodedWire | undefined => (p.room.state as any)?.wire;

/** The public view with this client's own seat's private part over it; null before the first game. */
export function bla5tView(p: Player): View | null {
  const w = wireOf(p);
  if (!w?.view || w.view.size === 0) return null;
  const pub: [string, string][] = [];
  w.view.forEach((text: string, key: string) => {
    pub.push([key, text]);
  });
  const mine = p.seat >= 0 ? (w.seats[p.seat]?.view ?? '') : '';
  return readBla5tWire(pub, mine, p.seat >= 0 ? p.seat : null);
}

/** A person who, when awaited, moves as an easy bot would from their own decoded view. */
export function playEasy(p: Player, delayMs = 0): { stop(): void } {
  return personPlays(
    p,
    () => {
      const v = bla5tView(p);
      if (!v || v.over || v.viewer === null || !v.awaiting.seats.includes(v.viewer)) return null;
      return { key: JSON.stringify([p.room.state.gameNumber, v]), action: easyDecide(v, Math.random) };
    },
    { delayMs, everyMs: 40 },
  );
}
