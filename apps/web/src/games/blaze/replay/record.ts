/**
 * A finished game's public record as GET /api/games/<id> serves it, and the steps the viewer walks:
 * every state rebuilt by the rules' own replay, each as the table view's snapshot. Pure.
 */
import type { GameRecord } from '@blaze/protocol';
import { type CardId, type GameState, replaySteps, viewFor } from '@blaze/rules';
import type { ClientTable, Settings } from '../../../shell/host.js';
import { LocalTable } from '../practice/localTable.js';

export type { GameRecord };

/** Public: what anyone may see during play. Open: every hand and every bet, as after the end. */
export type Openness = 'public' | 'open';

/** A place to jump to: the start of a round or the opening of a challenge. */
export type Mark =
  | { kind: 'round'; step: number; round: number }
  | { kind: 'challenge'; step: number; round: number; n: number };

export interface ReplayStepView {
  state: GameState;
  /** The table as a spectator saw it at this step (the log up to here). */
  table: ClientTable;
}

const SETTINGS: Settings = {
  firstPlayer: -1,
  windowMs: 0,
  clock: 'normal',
  botDelayMs: 0,
  reconnectSeconds: 60,
  private: true,
};

export type Built = { ok: true; steps: ReplayStepView[]; marks: Mark[] } | { ok: false; reason: string };

/** The game and rules version whose records this page rebuilds (a record names its own: protocol's gameRecord). */
export const REPLAYS = { rules: 'blaze', rulesVersion: 1 } as const;

export function buildSteps(record: GameRecord): Built {
  // Another game's actions, or another version's, would replay wrongly under these rules: said instead.
  if (record.rules !== REPLAYS.rules || record.rulesVersion !== REPLAYS.rulesVersion)
    return { ok: false, reason: `UNKNOWN_GAME ${record.rules} ${record.rulesVersion}` };
  const steps = replaySteps(record.options, record.actions);
  if (!Array.isArray(steps)) return { ok: false, reason: steps.code };
  // The same public log the server writes, step by step (the practice table writes it that way too).
  const names = record.names.slice(0, record.options.players);
  const local = new LocalTable({
    players: record.options.players,
    seed: record.options.seed,
    ...(record.options.deck ? { deck: record.options.deck } : {}),
    ...(record.options.startSeat !== undefined ? { startSeat: record.options.startSeat } : {}),
    names,
    human: 0,
    settings: SETTINGS,
  });
  local.gameNumber = record.game;
  const out: ReplayStepView[] = [];
  for (const s of steps) {
    if (s.action && local.act(s.action)) return { ok: false, reason: `step ${s.index}` };
    const snap = local.snapshot();
    out.push({
      state: s.state,
      table: {
        ...snap,
        mySeat: -1,
        isHost: false,
        myBet: -1,
        view: viewFor(s.state, null),
        results: [],
        scoreboard: [],
      },
    });
  }
  return { ok: true, steps: out, marks: marksOf(steps.map((s) => s.state)) };
}

/** Rounds start where the round number changes; a challenge where an empty table gets its first card. */
export function marksOf(states: readonly GameState[]): Mark[] {
  const marks: Mark[] = [];
  let round = 0;
  let n = 0;
  states.forEach((s, step) => {
    if (s.round !== round) {
      round = s.round;
      n = 0;
      marks.push({ kind: 'round', step, round });
    }
    const before = states[step - 1];
    if (before && before.table.length === 0 && s.table.length > 0)
      marks.push({ kind: 'challenge', step, round, n: ++n });
  });
  return marks;
}

/** The snapshot shown at one step: with hands open, every bet's value too (nothing is secret now). */
export function shown(step: ReplayStepView, openness: Openness): ClientTable {
  if (openness === 'public' || !step.table.view) return step.table;
  const bets = step.state.bets.map((b) => ({ by: b.by, on: b.on, round: b.round, value: b.value }));
  return { ...step.table, view: { ...step.table.view, bets } };
}

export function handsAt(step: ReplayStepView): CardId[][] {
  return step.state.hands.map((h) => h.slice());
}
