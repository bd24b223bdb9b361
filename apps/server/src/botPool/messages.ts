/** What the pool and its threads say to each other. */
import type { SearchBudget } from '@blaze/bots';
import type { Action as DurakAction, View as DurakView } from '@blaze/durak';
import type { Action, PlayerView } from '@blaze/rules';

/** A seat's view to search from, by game: never a whole state (R11; Durak's hidden hands). */
export type Ask = { game: 'blaze'; view: PlayerView } | { game: 'durak'; view: DurakView };

/** The games whose strong bot searches in the pool. */
export type PoolGame = Ask['game'];

export type DecisionRequest = Ask & {
  id: number;
  seed: string;
  /** Without `now`: functions do not cross threads. */
  budget: Omit<SearchBudget, 'now'>;
};

export type DecisionReply =
  | { id: number; ok: true; action: Action | DurakAction | null; iterations: number; ms: number }
  | { id: number; ok: false; error: string; ms: number };
