/** Builds real schema states (the classes the server sends) from a rules-engine game. */

import { BetState, BlazeState, FeatherWon, PlayerSlot, WindowState } from '@blaze/protocol/schema';
import { encodeLogLine, encodeTableCard } from '@blaze/protocol/wire';
import { type GameState, viewFor } from '@blaze/rules';
import { ArraySchema } from '@colyseus/schema';

export const NAMES = ['Ana', 'Ben', 'Cleo', 'Dai', 'Eve'];

/** A BlazeState as the server would fill it for the client seated at `viewer` (null: spectator). */
export function stateFrom(g: GameState, viewer: number | null, status = 'playing'): BlazeState {
  const s = new BlazeState();
  s.status = status;
  const v = viewFor(g, viewer);
  for (let i = 0; i < 5; i++) {
    const p = new PlayerSlot();
    p.occupied = i < g.players;
    p.name = i < g.players ? (NAMES[i] ?? '') : '';
    p.connected = true;
    p.host = i === 0;
    p.handCount = g.hands[i]?.length ?? 0;
    // Only the viewer's own slot carries private fields, as with the server's StateView.
    if (i === viewer) {
      p.hand = new ArraySchema(...(g.hands[i] ?? []));
      p.betHand = (g.betCards[i] ?? []).join('');
    }
    s.players.push(p);
  }
  s.round = v.round;
  s.phase = v.phase;
  s.betting = v.betting;
  s.over = v.over;
  s.trump = v.trump;
  s.deckCount = v.deckCount;
  s.deck2Count = v.deck2Count;
  s.active = v.active;
  s.target = v.target;
  s.supporter = v.supporter ?? -1;
  for (const e of v.table) s.table.push(encodeTableCard(e));
  s.limit = v.limit;
  s.targetPassed = v.targetPassed;
  s.standing = new ArraySchema(...v.standing);
  if (v.window) {
    const w = new WindowState();
    w.seat = v.window.seat;
    w.cards = new ArraySchema(...v.window.cards);
    s.window = w;
  }
  s.discard = new ArraySchema(...v.discard);
  s.featherStack = new ArraySchema(...v.featherStack);
  for (const f of v.feathers) {
    const x = new FeatherWon();
    x.seat = f.seat;
    x.value = f.value;
    x.round = f.round;
    s.feathers.push(x);
  }
  for (const b of g.bets) {
    const x = new BetState();
    x.by = b.by;
    x.on = b.on;
    x.round = b.round;
    x.value = b.round <= g.roundLosers.length ? b.value : -1;
    s.bets.push(x);
  }
  s.out = new ArraySchema(...v.out);
  s.scores = new ArraySchema(...v.scores);
  s.roundLosers = new ArraySchema(...v.roundLosers);
  s.winner = v.winner ?? -1;
  return s;
}

/** One log line as the server puts it in the state's log ring. */
export function logEntry(kind: string, seat: number, other: number, cards: string[], value = -1, seq = 1): string {
  return encodeLogLine({ seq, kind, seat, other, cards, value, text: '' });
}
