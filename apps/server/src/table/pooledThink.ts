/**
 * A generic table's strong bots search in the bot pool's threads (TableGame.pooledSearch), never on
 * the event loop that every table of the process shares: the table loop's `think` hook.
 */
import type { View as Bla5tView, StrongMemory } from '@blaze/bla5t';
import type { View as DurakView } from '@blaze/durak';
import type { ActionBase } from '@blaze/game';
import type { PoolGame } from '../botPool/messages.js';
import { type Decision, sharedBotPool } from '../botPool/pool.js';
import { newSeed } from '../ids.js';

/** The pool's answer for a bot seat, or null to decide in place (not strong, or not pooled). */
export function pooledThink(
  game: PoolGame | undefined,
  strength: string,
  view: unknown,
  stale: () => boolean,
  memory: unknown,
): Promise<ActionBase | null> | null {
  if (strength !== 'strong' || game === undefined) return null;
  let asked: Promise<Decision<unknown>>;
  switch (game) {
    case 'durak':
      asked = sharedBotPool().decideDurak(view as DurakView, newSeed(), stale);
      break;
    case 'bla5t':
      // Its search needs what the bot remembers (XT5); a bot that gives none decides in place.
      if (memory === null || memory === undefined) return null;
      asked = sharedBotPool().decideBla5t(view as Bla5tView, memory as StrongMemory, newSeed(), stale);
      break;
    case 'blaze':
      // Blaze's room asks the pool itself (room/blazeLoop.ts, its loop's `think`); a generic table never holds Blaze.
      return null;
  }
  return asked.then((d) => (d.source === 'stale' ? null : (d.action as ActionBase | null)));
}
