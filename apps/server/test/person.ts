/** A person at a generic table in the tests: they move when their own decoded view awaits them. */
import { type ActionBase, messageOf } from '@blaze/game';
import type { Player } from './helpers.js';

/**
 * `next` reads the player's view: null while they are not awaited, else the move they make and a key
 * for the view it answers. One move per key, as a person sends: a move sent again and again before
 * the patch answering it arrives would be refused each time, and refusals count toward the edge's
 * rate limit. Looked at after each patch and every `everyMs`; sent `delayMs` after it is chosen.
 */
export function personPlays(
  p: Player,
  next: () => { key: string; action: ActionBase | null } | null,
  o: { delayMs: number; everyMs: number },
): { stop(): void } {
  let stopped = false;
  let busy = false;
  let lastKey = '';
  const tick = () => {
    if (stopped || busy || p.room.state.status !== 'playing') return;
    const n = next();
    if (!n || n.key === lastKey) return;
    lastKey = n.key;
    const a = n.action;
    if (!a) return;
    busy = true;
    setTimeout(() => {
      busy = false;
      if (stopped) return;
      const { type, ...rest } = messageOf(a) as { type: string };
      p.room.send(type, rest);
    }, o.delayMs);
  };
  p.onPatch.push(tick);
  const timer = setInterval(tick, o.everyMs);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
