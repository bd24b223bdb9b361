/**
 * Who the game waits for now (R4.7, R5.2, R5.4, R9.1): the one answer the server's clocks, practice
 * and the bots' playouts need, kept next to the rules it follows so it cannot drift from them.
 * Several seats may be due at once (everyone while betting; target and both attackers during a
 * challenge); the take-back window is due with no seat, as a table timer (R5.4 (a)).
 */
import { isStanding } from './predicates.js';
import type { GameState, Seat } from './types.js';

export type DueRole = 'window' | 'attacker' | 'target' | 'bet';

export interface Due {
  /** null: a table timer no person answers (the take-back window). */
  seat: Seat | null;
  role: DueRole;
}

/**
 * In a fixed order (bettors by seat; or the opener; or the target, then the active player and the
 * supporter; the window last), so a caller that acts on the first one is deterministic.
 * Empty exactly when the game is over: a game in progress always waits for someone.
 */
export function due(s: GameState): Due[] {
  if (s.over) return [];
  const out: Due[] = [];
  if (s.betting) {
    for (let seat = 0; seat < s.players; seat++) {
      let placed = false;
      for (const b of s.bets) if (b.round === s.round && b.by === seat) placed = true;
      if (!placed) out.push({ seat, role: 'bet' });
    }
    return out;
  }
  if (s.table.length === 0) return [{ seat: s.active, role: 'attacker' }];
  if (!s.targetPassed && s.table.some((e) => e.rejection === null)) out.push({ seat: s.target, role: 'target' });
  if (!isStanding(s, s.active, s.hands[s.active] ?? [], s.standing)) out.push({ seat: s.active, role: 'attacker' });
  const sup = s.supporter;
  if (sup !== null && !isStanding(s, sup, s.hands[sup] ?? [], s.standing)) out.push({ seat: sup, role: 'attacker' });
  if (s.window !== null) out.push({ seat: null, role: 'window' });
  return out;
}
