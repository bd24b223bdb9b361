/** viewFor (R11): what one seat, or a spectator (null), may see. Copies, so a view never aliases the state. */
import type { GameEvent, GameState, PlayerView, Seat } from './types.js';

export function viewFor(s: GameState, viewer: Seat | null): PlayerView {
  const seated = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.players;
  const me = seated ? viewer : null;
  const revealedRounds = s.roundLosers.length;
  return {
    viewer: me,
    players: s.players,
    round: s.round,
    phase: s.phase,
    betting: s.betting,
    over: s.over,
    trump: s.trump,
    deckCount: s.deck.length,
    deck2Count: s.deck2.length,
    hand: me === null ? [] : (s.hands[me] ?? []).slice(),
    handCounts: s.hands.map((h) => h.length),
    betHand: me === null ? [] : (s.betCards[me] ?? []).slice(),
    active: s.active,
    target: s.target,
    supporter: s.supporter,
    table: s.table.map((e) => ({ challenge: e.challenge, by: e.by, rejection: e.rejection })),
    limit: s.limit,
    targetPassed: s.targetPassed,
    standing: s.standing.slice(),
    window: s.window === null ? null : { seat: s.window.seat, cards: s.window.cards.slice() },
    discard: s.discard.slice(),
    featherStack: s.featherStack.slice(),
    feathers: s.feathers.map((f) => ({ seat: f.seat, value: f.value, round: f.round })),
    bets: s.bets.map((b) => ({
      by: b.by,
      on: b.on,
      round: b.round,
      value: b.by === me || b.round <= revealedRounds ? b.value : null,
    })),
    out: s.out.slice(),
    scores: s.scores.slice(),
    roundLosers: s.roundLosers.slice(),
    winner: s.winner,
  };
}

/** An event as `viewer` may see it (R11.2): drawn and dealt cards and bet values are private. */
export function redactEvent(e: GameEvent, viewer: Seat | null): GameEvent {
  switch (e.type) {
    case 'drew':
      return e.seat === viewer ? { ...e, cards: e.cards?.slice() ?? null } : { ...e, cards: null };
    case 'betPlaced':
      return e.by === viewer ? { ...e } : { ...e, value: null };
    case 'roundStarted':
      return { ...e, hands: e.hands.map((h, seat) => (seat === viewer && h ? h.slice() : null)) };
    case 'opened':
    case 'extended':
    case 'rejected':
    case 'passed':
    case 'stood':
    case 'tookBack':
    case 'windowClosed':
    case 'discarded':
    case 'took':
    case 'phaseTwo':
    case 'betsRevealed':
    case 'feather':
    case 'roundOver':
    case 'gameOver':
      return e;
    default: {
      const never: never = e;
      return never;
    }
  }
}
