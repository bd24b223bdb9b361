/** What the pool and its threads say to each other. */

import type { Action as Bla5tAction, View as Bla5tView, StrongMemory } from '@blaze/bla5t';
import type { SearchBudget } from '@blaze/bots';
import type { Action as DurakAction, View as DurakView } from '@blaze/durak';
import type { Action, PlayerView } from '@blaze/rules';

/**
 * A seat's view to search from, by game: never a whole state (R11; Durak's hidden hands; Bla5t's
 * face-down cards). Bla5t's bot adds what it remembers of its own looks and the discard pile (XT5).
 */
export type Ask =
  | { game: 'blaze'; view: PlayerView }
  | { game: 'durak'; view: DurakView }
  | { game: 'bla5t'; view: Bla5tView; memory: StrongMemory };

/** The games whose strong bot searches in the pool. */
export type PoolGame = Ask['game'];

export type DecisionRequest = Ask & {
  id: number;
  seed: string;
  /** Without `now`: functions do not cross threads. */
  budget: Omit<SearchBudget, 'now'>;
};

export type DecisionReply =
  | { id: number; ok: true; action: Action | DurakAction | Bla5tAction | null; iterations: number; ms: number }
  | { id: number; ok: false; error: string; ms: number };
