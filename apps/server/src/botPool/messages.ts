/** What the pool and its threads say to each other. */
import type { SearchBudget } from '@blaze/bots';
import type { Action, PlayerView } from '@blaze/rules';

export interface DecisionRequest {
  id: number;
  view: PlayerView;
  seed: string;
  /** Without `now`: functions do not cross threads. */
  budget: Omit<SearchBudget, 'now'>;
}

export type DecisionReply =
  | { id: number; ok: true; action: Action | null; iterations: number; ms: number }
  | { id: number; ok: false; error: string; ms: number };
