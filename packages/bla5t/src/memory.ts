/**
 * The normal bot (XT5): it remembers what its own events told it (its looks, its drawn card, public
 * takes and swaps of its cards) and decides from a View plus that memory. One instance per seat;
 * feed it every event redacted for its seat (`observe`), then ask it (`decide`).
 */

import { easyDecide } from './bots.js';
import { cardValue } from './cards.js';
import type { Action, Card, Event, Seat, View, Where } from './types.js';

/** A card of unknown value is counted at about the deck's mean. */
const UNKNOWN = 6;

export class NormalBot {
  /** Own slot -> the card remembered there. */
  private mine = new Map<number, Card>();
  private seat: Seat;

  constructor(seat: Seat) {
    this.seat = seat;
  }

  /** Learn from one event as this seat saw it. */
  observe(e: Event): void {
    const me = this.seat;
    const isMe = (w: Where) => w.seat === me;
    switch (e.type) {
      case 'roundStarted':
      case 'seated':
        this.mine.clear();
        break;
      case 'looked':
        if (e.seat === me && e.card !== null && e.at !== 'drawPile' && isMe(e.at)) this.mine.set(e.at.slot, e.card);
        break;
      case 'took':
        if (e.seat === me) this.mine.set(e.slot, e.card);
        break;
      case 'matched':
        if (e.seat === me) {
          if (e.ok) this.mine.delete(e.slot);
          else this.mine.set(e.slot, e.card);
        }
        break;
      case 'swapped': {
        const a = isMe(e.a) ? this.mine.get(e.a.slot) : undefined;
        const b = isMe(e.b) ? this.mine.get(e.b.slot) : undefined;
        // A card that comes from another layout is unknown to us unless both sides are ours.
        if (isMe(e.a)) this.set(e.a.slot, isMe(e.b) ? b : undefined);
        if (isMe(e.b)) this.set(e.b.slot, isMe(e.a) ? a : undefined);
        break;
      }
      case 'shuffled':
        if (e.seat === me && e.swap) {
          const [i, j] = e.slots;
          const a = this.mine.get(i);
          this.set(i, this.mine.get(j));
          this.set(j, a);
        }
        break;
      case 'claimed':
        if (e.seat === me && e.card !== null) this.mine.set(e.slot, e.card);
        break;
      case 'flipped':
        if (e.at.seat === me && e.card !== null) this.mine.set(e.at.slot, e.card);
        break;
      default:
        break;
    }
  }

  /** What it remembers of its own slots (the strong bot's search reads it, never changes it). */
  known(): ReadonlyMap<number, Card> {
    return this.mine;
  }

  /** A card it put into its own slot itself (the `placed` event does not repeat it). */
  remember(slot: number, c: Card): void {
    this.mine.set(slot, c);
  }

  /** The same bot with the same memory, to ask without changing this one. */
  clone(): NormalBot {
    const b = new NormalBot(this.seat);
    b.mine = new Map(this.mine);
    return b;
  }

  private set(slot: number, c: Card | undefined): void {
    if (c === undefined) this.mine.delete(slot);
    else this.mine.set(slot, c);
  }

  /** Own occupied slots with what the bot believes is there (face-up cards it can read). */
  private own(v: View): { slot: number; card: Card | null }[] {
    const lay = v.layouts[this.seat] ?? [];
    const out: { slot: number; card: Card | null }[] = [];
    for (let slot = 0; slot < lay.length; slot++) {
      const x = lay[slot];
      if (x === null || x === undefined) continue;
      out.push({ slot, card: 'up' in x ? x.up : (this.mine.get(slot) ?? null) });
    }
    return out;
  }

  private estimate(v: View): number {
    let sum = 0;
    for (const x of this.own(v)) sum += x.card === null ? UNKNOWN : cardValue(x.card);
    return sum;
  }

  decide(v: View, rnd: () => number): Action | null {
    const seat = this.seat;
    if (v.viewer !== seat || v.over || !v.awaiting.seats.includes(seat)) return null;
    const own = this.own(v);
    const lay = v.layouts[seat] ?? [];
    // The face-down card believed worst (the first in slot order among equals); playouts call this a lot.
    const worst = (): { slot: number; value: number } | undefined => {
      let best: { slot: number; value: number } | undefined;
      for (const x of own) {
        const l = lay[x.slot];
        if (l === null || l === undefined || !('down' in l)) continue;
        const value = x.card === null ? UNKNOWN : cardValue(x.card);
        if (best === undefined || value > best.value) best = { slot: x.slot, value };
      }
      return best;
    };
    switch (v.awaiting.kind) {
      case 'action': {
        const top = v.discardTop;
        if (top !== null) {
          const same = own.find((x) => x.card !== null && cardValue(x.card) === cardValue(top));
          if (same) return { type: 'match', seat, slot: same.slot };
          const w = worst();
          if (!v.topProtected && w && cardValue(top) <= 2 && w.value > cardValue(top) + 2) {
            return { type: 'take', seat, slot: w.slot };
          }
        }
        break;
      }
      case 'drawn': {
        const d = v.drawn;
        const w = worst();
        if (d !== null && w && cardValue(d) < w.value - 1) {
          this.mine.set(w.slot, d);
          return { type: 'placeDrawn', seat, slot: w.slot };
        }
        return { type: 'discardDrawn', seat };
      }
      case 'power': {
        const p = v.pendingPower ?? '';
        const unknown = own.find((x) => x.card === null && 'down' in (lay[x.slot] ?? {}));
        if ((/^m(7|9)/.test(p) || p === 'h:apo') && (unknown || p === 'h:apo')) {
          return {
            type: 'power',
            seat,
            targets: p === 'h:apo' ? [] : [{ seat, slot: (unknown as { slot: number }).slot }],
          };
        }
        return { type: 'skipPower', seat };
      }
      case 'helmut': {
        const slot = v.helmutAsk[0];
        if (slot === undefined) return null;
        return { type: 'claim', seat, slot, helmut: this.mine.get(slot) === 'h:helmut' };
      }
      case 'blast': {
        // Safely low: every card known and at most 3, or an estimate well under the others'.
        const allKnown = own.every((x) => x.card !== null);
        const est = this.estimate(v);
        return (allKnown && est <= 3) ||
          (allKnown && est <= 5 && (v.turnsStarted[seat] ?? 0) > 6) ||
          // A round must end (X8.4): a long one is called anyway.
          (v.turnsStarted[seat] ?? 0) > 15
          ? { type: 'blast', seat }
          : { type: 'endTurn', seat };
      }
      default:
        break;
    }
    return easyDecide(v, rnd);
  }
}
