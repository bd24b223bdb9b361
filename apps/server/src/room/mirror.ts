/**
 * The game mirror: copies what R11 allows into the schema. Public fields come from the spectator's
 * view (viewFor(state, null)), so nothing private can reach them; each seat's hand, betting cards and
 * hidden bet go into that seat's PlayerSlot, whose @view() fields only its owner's StateView shows.
 */

import { CLOCK_STEP_MS, encodeDeadlines, encodeTableCard, type WireDeadline } from '@blaze/protocol';
import type { BetState, BlazeState, FeatherWon, PlayerSlot } from '@blaze/protocol/schema';
import { BetState as BetStateClass, FeatherWon as FeatherClass, WindowState } from '@blaze/protocol/schema';
import { type GameState, type PlayerView, viewFor } from '@blaze/rules';
import { setField, syncList, syncObjects, syncSet } from './sync.js';

/** Deadlines up to this far past clockBase take 2 characters (tenths of a second, base 36). */
const SHORT_SPAN_MS = (36 * 36 - 1) * CLOCK_STEP_MS;

/**
 * The clocks' deadlines, soonest first, as one short text against state.clockBase (wire.ts). The
 * base moves (a 9-byte number, once) only when a deadline would lie before it or more than about
 * two minutes after it; every other patch carries the short text alone.
 */
export function mirrorDeadlines(state: BlazeState, list: readonly WireDeadline[], now = Date.now()): void {
  const base = state.clockBase;
  let text = list.some((d) => d.at - base > SHORT_SPAN_MS) ? null : encodeDeadlines(list, base);
  if (text === null) {
    // Now (on the grid) is before every deadline still to come.
    const fresh = Math.min(Math.floor(now / CLOCK_STEP_MS) * CLOCK_STEP_MS, ...list.map((d) => d.at));
    state.clockBase = fresh;
    text = encodeDeadlines(list, fresh) ?? '';
  }
  setField(state, 'deadlines', text);
}

export function mirrorGame(state: BlazeState, game: GameState): void {
  const v = viewFor(game, null);
  mirrorPublic(state, v);
  for (let i = 0; i < state.players.length; i++) {
    const slot = state.players[i] as PlayerSlot;
    if (i >= game.players) {
      clearPrivate(slot);
      setField(slot, 'handCount', 0);
      continue;
    }
    setField(slot, 'handCount', v.handCounts[i] ?? 0);
    // Seat i's own cards go only into slot i (its owner's @view() fields). Read straight from the
    // state rather than through viewFor(game, i): a whole view per seat per action was the hot spot.
    // A hand travels as a set (every client sorts its own for display): a play rewrites one slot.
    syncSet(slot.hand, game.hands[i] ?? []);
    setField(slot, 'betHand', (game.betCards[i] ?? []).join(''));
    // The public bets hide this round's values until revealed; the owner still sees theirs here.
    const hidden = v.bets.find((b) => b.by === i && b.round === game.round && b.value === null);
    const mine = hidden ? game.bets.find((b) => b.by === i && b.round === game.round) : undefined;
    setField(slot, 'myBet', mine?.value ?? -1);
  }
}

/** A slot's private fields, emptied whenever its occupant changes so nobody inherits a hand. */
export function clearPrivate(slot: PlayerSlot): void {
  syncList(slot.hand, []);
  setField(slot, 'betHand', '');
  setField(slot, 'myBet', -1);
}

function mirrorPublic(state: BlazeState, v: PlayerView): void {
  setField(state, 'round', v.round);
  setField(state, 'phase', v.phase);
  setField(state, 'betting', v.betting);
  setField(state, 'over', v.over);
  setField(state, 'trump', v.trump);
  setField(state, 'deckCount', v.deckCount);
  setField(state, 'deck2Count', v.deck2Count);
  setField(state, 'active', v.active);
  setField(state, 'target', v.target);
  setField(state, 'supporter', v.supporter ?? -1);
  syncList(
    state.table,
    v.table.map((e) => encodeTableCard(e)),
  );
  setField(state, 'limit', v.limit);
  setField(state, 'targetPassed', v.targetPassed);
  syncList(state.standing, v.standing);
  if (v.window === null) {
    if (state.window !== undefined) state.window = undefined;
  } else {
    if (state.window === undefined) state.window = new WindowState();
    setField(state.window, 'seat', v.window.seat);
    syncList(state.window.cards, v.window.cards);
  }
  syncList(state.discard, v.discard);
  syncList(state.featherStack, v.featherStack);
  syncObjects(
    state.feathers,
    v.feathers,
    () => new FeatherClass(),
    (f: FeatherWon, x) => {
      setField(f, 'seat', x.seat);
      setField(f, 'value', x.value);
      setField(f, 'round', x.round);
    },
  );
  syncObjects(
    state.bets,
    v.bets,
    () => new BetStateClass(),
    (b: BetState, x) => {
      setField(b, 'by', x.by);
      setField(b, 'on', x.on);
      setField(b, 'round', x.round);
      setField(b, 'value', x.value ?? -1);
    },
  );
  syncList(state.out, v.out);
  syncList(state.scores, v.scores);
  syncList(state.roundLosers, v.roundLosers);
  setField(state, 'winner', v.winner ?? -1);
}
