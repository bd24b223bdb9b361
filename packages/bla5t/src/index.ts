/** @blaze/bla5t: the rules of Bla5t – Extinction (BLA5T.md), pure and seeded (XC). */

export { easyDecide } from './bots.js';
export * from './cards.js';
export { applyAction, canAct, cardPoints, cardsInUse, createGame, powerChoices, replay, validSet } from './engine.js';
export { NormalBot } from './memory.js';
export { DEFAULT_BUDGET, LEAGUE_BUDGET, StrongBot, type StrongMemory } from './strong.js';
export type * from './types.js';
export { awaiting, legalActions, redactEvent, viewFor } from './view.js';
