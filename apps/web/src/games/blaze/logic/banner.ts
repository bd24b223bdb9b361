/** The banner: what is expected of this client now, and the clock that runs on it. */
import { allRejected, hasLegalExtension, type Seat } from '@blaze/rules';
import type { MessageKey, Params } from '../../../shell/host.js';
import { type ClientTable, type DeadlineInfo, nameOf } from '../../../shell/host.js';
import { needsBet, roleOf } from './highlights.js';

export interface Banner {
  key: MessageKey;
  params: Params;
  /** Epoch ms when the clock on this banner runs out, or null. */
  deadline: number | null;
  /** True when the banner asks this client to act. */
  yourMove: boolean;
}

function deadlineFor(t: ClientTable, seat: Seat, kinds: DeadlineInfo['kind'][]): number | null {
  const d = t.deadlines.find((x) => x.seat === seat && kinds.includes(x.kind));
  return d ? d.at : null;
}

export function banner(t: ClientTable): Banner {
  const v = t.view;
  const me = t.mySeat;
  const mk = (key: MessageKey, params: Params = {}, deadline: number | null = null, yourMove = false): Banner => ({
    key,
    params,
    deadline,
    yourMove,
  });
  // Nothing moves until the server can save again: said first, so nobody wonders why the table stands.
  if (t.savingDelayed) return mk('banner.savingDelayed');
  // A start waits for the server's record: everyone sees it coming (seats and settings are held).
  if (t.starting && t.status !== 'playing') return mk('banner.starting');
  if (t.status === 'lobby' || !v) return mk('banner.lobby');
  if (v.over || t.status === 'finished') {
    if (v.winner !== null && v.winner === me) return mk('banner.gameOver.you');
    return mk('banner.gameOver', { name: v.winner === null ? '?' : nameOf(t, v.winner) });
  }
  const seated = v.viewer !== null && me >= 0;

  if (v.betting) {
    if (seated && needsBet(t, me)) return mk('banner.placeBet', {}, deadlineFor(t, me, ['bet']), true);
    return mk(seated ? 'banner.betPlaced' : 'banner.waitingBets', {}, nextDeadline(t, ['bet']));
  }
  if (seated && v.out.includes(me)) return mk('banner.out');

  const open = v.table.length > 0;
  const role = seated ? roleOf(t, me) : 'none';
  if (!open) {
    if (role === 'active') {
      return mk('banner.openChallenge', { target: nameOf(t, v.target) }, deadlineFor(t, me, ['attacker']), true);
    }
    return mk('banner.waitingFor', { name: nameOf(t, v.active) }, deadlineFor(t, v.active, ['attacker']));
  }
  const unrejected = !allRejected(v) && !v.targetPassed;
  if (role === 'target') {
    if (v.targetPassed) return mk('banner.passedWait');
    if (unrejected) return mk('banner.rejectOrPass', {}, deadlineFor(t, me, ['target']), true);
    return mk('banner.allRejected');
  }
  if (role === 'active' || role === 'supporter') {
    const standing = v.standing.includes(me) || !hasLegalExtension(v, me, v.hand);
    // The supporter's fresh cards may still go back (R5.3): the active player is told while it lasts.
    if (!standing && role === 'active' && v.window)
      // Unnamed: the supporter's seat is marked on the table, and a long name made the banner wrap.
      return mk(
        'banner.windowOpen',
        {},
        deadlineFor(t, me, ['attacker', 'window']) ?? deadlineFor(t, v.window.seat, ['window']),
        true,
      );
    if (!standing) return mk('banner.mayExtend', {}, deadlineFor(t, me, ['attacker', 'window']), true);
    if (unrejected) return mk('banner.waitingFor', { name: nameOf(t, v.target) }, deadlineFor(t, v.target, ['target']));
    return mk('banner.standing');
  }
  // Not involved, or watching: name whoever the table waits on.
  if (unrejected) return mk('banner.waitingFor', { name: nameOf(t, v.target) }, deadlineFor(t, v.target, ['target']));
  const attacker = v.standing.includes(v.active) && v.supporter !== null ? v.supporter : v.active;
  return mk('banner.waitingFor', { name: nameOf(t, attacker) }, deadlineFor(t, attacker, ['attacker']));
}

function nextDeadline(t: ClientTable, kinds: DeadlineInfo['kind'][]): number | null {
  let best: number | null = null;
  for (const d of t.deadlines) if (kinds.includes(d.kind) && (best === null || d.at < best)) best = d.at;
  return best;
}

/** Whole seconds left, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
