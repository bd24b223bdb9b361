/**
 * D11.1 over a table's evening: each rematch is dealt by the last game's loser. The seeds are fixed
 * and chosen so that no loser is the lobby's dealer (seat 0): a table that kept the lobby's dealer,
 * or a nextDealer that kept the last dealer, fails here every run, not only when the seed is unlucky.
 */
import { describe, expect, it } from 'vitest';
import { playMatch } from '../src/bots/match.js';
import { createGame, nextDealer, type Seat } from '../src/engine.js';

const LOBBY_DEALER = 0;

/** Plays `games` normal-bot games in a row, each dealt as D11.1 says by the one before. */
function evening(players: 3 | 4, team: boolean, seeds: string[]) {
  let dealer: Seat = LOBBY_DEALER;
  const rows: { dealer: Seat; attacker: Seat; losers: Seat[]; next: Seat }[] = [];
  for (const seed of seeds) {
    // The next game is a fresh game with only its dealer chosen (D11.2): the dealer attacks first.
    const attacker = createGame({ players, team, seed, dealer }).attacker;
    const end = playMatch(Array(players).fill('normal'), { seed, team, dealer }).state;
    const next = nextDealer(end);
    rows.push({ dealer, attacker, losers: end.losers, next });
    dealer = next;
  }
  return rows;
}

describe('D11.1 rematches at fixed seeds', () => {
  it('D11.1 3 players: each next game is dealt by the last durak, who attacks first; none is the lobby dealer', () => {
    const rows = evening(3, false, ['d11-3-0', 'd11-3-2', 'd11-3-3']);
    for (const [i, r] of rows.entries()) {
      expect(r.losers.length, `game ${i + 1}`).toBe(1);
      expect(r.next, `game ${i + 1}`).toBe(r.losers[0]);
      // The premise that makes this test deterministic: the loser is never the lobby's dealer nor
      // the game's own dealer, so neither keeping one nor the other passes.
      expect(r.next, `game ${i + 1}`).not.toBe(LOBBY_DEALER);
      expect(r.next, `game ${i + 1}`).not.toBe(r.dealer);
      const following = rows[i + 1];
      if (following) expect([following.dealer, following.attacker]).toEqual([r.next, r.next]);
    }
    expect(rows.map((r) => r.dealer)).toEqual([0, 1, 2]);
  });

  it('D11.1 team battle: the losing team deals, the seat the tie-break picks, even when the dealer lost with it', () => {
    // Game 1: the dealer's team (seats 0 and 2) loses; the next dealer is 2, not the last dealer 0.
    const rows = evening(4, true, ['d11-4-true-1', 'd11-4-true-0']);
    expect(rows[0]?.losers).toEqual([0, 2]);
    expect(rows[0]?.next).toBe(2);
    expect(rows[1]?.dealer).toBe(2);
    expect(rows[1]?.attacker).toBe(2);
    for (const r of rows) {
      expect(r.losers).toContain(r.next);
      expect(r.next).not.toBe(LOBBY_DEALER);
      expect(r.next).not.toBe(r.dealer);
    }
  });
});
