/**
 * @blaze/durak: Battle of Durak's pure rules (BATTLE_OF_DURAK.md; the DC contract). No I/O, no
 * clock, no zod: the game module with its option schema is `@blaze/durak/module`.
 */
export { beats, type Card, cost, FULL_DECK, isCard, rankOf, SUITS, type Suit, suitOf, VALUES } from './cards.js';
export {
  type Action,
  type Applied,
  applyAction,
  awaitedSeat,
  createGame,
  type ErrorCode,
  type Event,
  forcedAction,
  inGame,
  legalActions,
  nextDealer,
  nextInGame,
  type Options,
  type Pair,
  type RuleError,
  redactEvent,
  replay,
  type Seat,
  type State,
  teamsOf,
  trumpSuit,
  type View,
  viewFor,
} from './engine.js';
