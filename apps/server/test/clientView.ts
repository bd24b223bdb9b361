/**
 * What a colyseus.js client knows, as the rules' PlayerView, and how a person's action goes on the
 * wire. Free of vitest so benches (which are not tests) can use it too.
 */
import type { BlazeState } from '@blaze/protocol/schema';
import { readTable } from '@blaze/protocol/wire';
import type { Action, CardId, PlayerCount, PlayerView, TableEntry } from '@blaze/rules';
import type { Room } from 'colyseus.js';

/** A PlayerView rebuilt from what a client decoded: exactly what this client knows. */
export function viewFromState(s: BlazeState, seat: number): PlayerView {
  const n = s.players.filter((x) => x.occupied).length as PlayerCount;
  const players = Math.max(3, Math.min(5, s.scores.length || n)) as PlayerCount;
  const me = s.players[seat];
  const table: TableEntry[] = readTable(s).map((e) => ({
    challenge: e.challenge,
    by: e.by,
    rejection: e.rejection === '' ? null : e.rejection,
  }));
  return {
    viewer: seat,
    players,
    round: s.round as 1 | 2,
    phase: s.phase as 1 | 2,
    betting: s.betting,
    over: s.over,
    trump: s.trump,
    deckCount: s.deckCount,
    deck2Count: s.deck2Count,
    hand: me ? [...(me.hand ?? [])] : [],
    // Not ArraySchema.slice: that builds a tracked ArraySchema and re-parents every Player into it, a
    // parent more on each call (12% of a load generator's CPU, growing with the run).
    handCounts: s.players.map((x) => x.handCount).slice(0, players),
    betHand: me ? ([...(me.betHand ?? '')].map(Number) as (0 | 1)[]) : [],
    active: s.active,
    target: s.target,
    supporter: s.supporter < 0 ? null : s.supporter,
    table,
    limit: s.limit,
    targetPassed: s.targetPassed,
    standing: [...s.standing],
    window: s.window ? { seat: s.window.seat, cards: [...s.window.cards] as CardId[] } : null,
    discard: [...s.discard],
    featherStack: [...s.featherStack],
    feathers: s.feathers.map((f) => ({ seat: f.seat, value: f.value, round: f.round as 1 | 2 })),
    bets: s.bets.map((b) => ({
      by: b.by,
      on: b.on,
      round: b.round as 1 | 2,
      value: b.value < 0 ? (b.by === seat && me && me.myBet >= 0 ? (me.myBet as 0 | 1) : null) : (b.value as 0 | 1),
    })),
    out: [...s.out],
    scores: [...s.scores],
    roundLosers: [...s.roundLosers],
    winner: s.winner < 0 ? null : s.winner,
  };
}

/** Sends an action as a person would: the message for its type, without a seat. */
export function send(p: { room: Room }, a: Action): void {
  switch (a.type) {
    case 'play':
      p.room.send('play', { cards: a.cards });
      break;
    case 'reject':
      p.room.send('reject', { pairs: a.pairs });
      break;
    case 'bet':
      p.room.send('bet', { on: a.on, value: a.value });
      break;
    case 'pass':
    case 'stand':
      p.room.send(a.type, {});
      break;
    default:
      break;
  }
}
