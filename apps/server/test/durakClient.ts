/** What a Durak client reads from its decoded state (@blaze/durak/wire), for the tests. */
import type { View } from '@blaze/durak';
import { decide } from '@blaze/durak/bots';
import { readDurakWire } from '@blaze/durak/wire';
import type { Player } from './helpers.js';
import { personPlays } from './person.js';

export interface DecodedWire {
  view: { size: number; forEach(f: (text: string, key: string) => void): void };
  seats: { view?: string }[];
}

// biome-ignore lint/suspicious/noExplicitAny: the decoded state is read by reflection, untyped.
export const wireOf = (p: Player): DecodedWire | undefined => (p.room.state as any)?.wire;

/** The public view with this client's own seat's private part over it; null before the first game. */
export function durakView(p: Player): View | null {
  const w = wireOf(p);
  if (!w?.view || w.view.size === 0) return null;
  const pub: [string, string][] = [];
  w.view.forEach((text: string, key: string) => {
    pub.push([key, text]);
  });
  const mine = p.seat >= 0 ? (w.seats[p.seat]?.view ?? '') : '';
  return { ...readDurakWire(pub, mine, p.seat >= 0 ? p.seat : null), log: [] };
}

/**
 * A person who, when awaited, moves as a bot of `strength` would from their own decoded view. Seats
 * left to their clocks alone can play for ever: every timeout retreats or opens with the lowest card
 * (DT4), and once nobody can beat what the others open with, the same cards go round and round (seeded
 * play, two clock-played seats beside a bot: 9 games in 300 with a normal bot, 60 with an easy one).
 */
export function playDurak(p: Player, strength = 'easy'): { stop(): void } {
  return personPlays(
    p,
    () => {
      const v = durakView(p);
      if (!v || v.over || v.awaited !== p.seat) return null;
      const key = JSON.stringify([p.room.state.gameNumber, v.table, v.hand, v.awaited, v.attacker, v.defender]);
      return { key, action: decide(strength, v, Math.random) };
    },
    { delayMs: 3, everyMs: 50 },
  );
}
