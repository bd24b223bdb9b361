/**
 * Which cards moved on the battlefield between two views, and from where to where: the scene slides
 * them (scene.ts) but always ends on the static drawing. Pure, so the diff is testable without Pixi.
 */
import type { View } from '@blaze/durak';

export type Slot = 'attack' | 'defence';

/** A card new on the battlefield: from the seat that played it to its place in a pair. */
export interface Arrival {
  card: string;
  from: number;
  pair: number;
  slot: Slot;
}

/** A card gone from the battlefield: from its place in the old view's pair to a seat or the graveyard. */
export interface Departure {
  card: string;
  pair: number;
  slot: Slot;
  to: { kind: 'grave' } | { kind: 'seat'; seat: number };
}

export interface Flights {
  arrive: Arrival[];
  leave: Departure[];
}

const NONE: Flights = { arrive: [], leave: [] };
/** More moved cards than a battle can hold at once is a jump (a seek, a reconnect), not moves to show. */
const MAX_MOVED = 24;

type Field = Pick<View, 'table' | 'defender' | 'graveyardCount' | 'viewer' | 'players'>;

export function flightsBetween(prev: Field | null, next: Field): Flights {
  if (!prev || prev.viewer !== next.viewer || prev.players !== next.players) return NONE;
  const before = new Set<string>();
  for (const p of prev.table) {
    before.add(p.attack);
    if (p.defence) before.add(p.defence);
  }
  const after = new Set<string>();
  const arrive: Arrival[] = [];
  next.table.forEach((p, i) => {
    after.add(p.attack);
    if (!before.has(p.attack)) arrive.push({ card: p.attack, from: p.by, pair: i, slot: 'attack' });
    if (p.defence) {
      after.add(p.defence);
      // Only the defender defends (D5.3); the battle's defender is still the defender in this view.
      if (!before.has(p.defence)) arrive.push({ card: p.defence, from: next.defender, pair: i, slot: 'defence' });
    }
  });
  const leave: Departure[] = [];
  // A battle ends whole: defended (to the graveyard) or retreated (to the old defender's hand).
  const to: Departure['to'] =
    next.graveyardCount > prev.graveyardCount ? { kind: 'grave' } : { kind: 'seat', seat: prev.defender };
  prev.table.forEach((p, i) => {
    if (!after.has(p.attack)) leave.push({ card: p.attack, pair: i, slot: 'attack', to });
    if (p.defence && !after.has(p.defence)) leave.push({ card: p.defence, pair: i, slot: 'defence', to });
  });
  if (arrive.length + leave.length > MAX_MOVED) return NONE;
  return { arrive, leave };
}
