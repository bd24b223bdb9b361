/**
 * What lights up and which buttons work, computed with @blaze/rules' own predicates on the snapshot,
 * so a highlight is exactly what the server accepts.
 */
import {
  type BetValue,
  type CardId,
  checkPass,
  checkPlay,
  checkReject,
  checkStand,
  playableCards,
  rejectOptions,
  type Seat,
} from '@blaze/rules';
import type { ClientTable } from '../../../shell/host.js';

export type Role = 'active' | 'supporter' | 'target' | 'none';

export interface Highlights {
  role: Role;
  /** Hand cards that can be chosen now (given the current selection). */
  lit: Set<CardId>;
  /** The selection is a legal play as it stands. */
  canPlay: boolean;
  /** Unrejected challenge cards the selected card may reject. */
  rejectTargets: CardId[];
  canPass: boolean;
  canStand: boolean;
  canBet: boolean;
  betTargets: Seat[];
  betValues: BetValue[];
}

const NONE: Highlights = {
  role: 'none',
  lit: new Set(),
  canPlay: false,
  rejectTargets: [],
  canPass: false,
  canStand: false,
  canBet: false,
  betTargets: [],
  betValues: [],
};

export function roleOf(t: ClientTable, seat: Seat): Role {
  const v = t.view;
  if (!v || seat < 0) return 'none';
  if (seat === v.active) return 'active';
  if (seat === v.target) return 'target';
  if (v.supporter !== null && seat === v.supporter) return 'supporter';
  return 'none';
}

/** Whether `seat` still has to place a bet this round. */
export function needsBet(t: ClientTable, seat: Seat): boolean {
  const v = t.view;
  if (!v?.betting || seat < 0 || seat >= v.players) return false;
  return !v.bets.some((b) => b.by === seat && b.round === v.round);
}

export function highlights(t: ClientTable, selected: readonly CardId[], pending: readonly CardId[] = []): Highlights {
  const v = t.view;
  const me = t.mySeat;
  if (t.status !== 'playing' || !v || v.viewer === null || me < 0) return NONE;
  const hand = v.hand.filter((c) => !pending.includes(c));
  const sel = selected.filter((c) => hand.includes(c));
  const role = roleOf(t, me);
  const out: Highlights = { ...NONE, role, lit: new Set() };

  if (needsBet(t, me)) {
    out.canBet = true;
    out.betTargets = [];
    for (let s = 0; s < v.players; s++) if (s !== me) out.betTargets.push(s);
    out.betValues = [...new Set(v.betHand)].sort() as BetValue[];
    return out;
  }

  if (role === 'active' || role === 'supporter') {
    const playable = playableCards(v, me, hand);
    for (const c of playable) {
      if (sel.includes(c) || checkPlay(v, me, hand, [...sel, c]) === null) out.lit.add(c);
    }
    out.canPlay = sel.length > 0 && checkPlay(v, me, hand, sel) === null;
    out.canStand = checkStand(v, me, v.standing) === null;
  } else if (role === 'target') {
    const options = rejectOptions(v, me, hand);
    for (const c of options.keys()) out.lit.add(c);
    const first = sel[0];
    if (first !== undefined) {
      out.rejectTargets = (options.get(first) ?? []).filter(
        (ch) => checkReject(v, me, hand, [{ challenge: ch, card: first }]) === null,
      );
    }
    out.canPass = checkPass(v, me) === null;
  }
  return out;
}
