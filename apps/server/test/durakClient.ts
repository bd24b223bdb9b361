/** What a Durak client reads from its decoded state (@blaze/durak/wire), for the tests. */
import type { View } from '@blaze/durak';
import { readDurakWire } from '@blaze/durak/wire';
import type { Player } from './helpers.js';

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
