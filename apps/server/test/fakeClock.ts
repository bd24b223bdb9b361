/** The hand-driven clock the table loop's own tests use (packages/game/test), for the room's timers too. */
export { fakeClock } from '../../../packages/game/test/fakeClock.js';
