/**
 * Practice's bot pace: relaxed for a newcomer following every move, quick for someone who knows the
 * game. Kept in this browser; a stored value this version does not know (edited, or from another
 * version) counts as no choice rather than reaching the practice table.
 */
import { type BotPace, botPace } from '@blaze/protocol';
import { keys, load, save } from '../../../shell/host.js';

export const DEFAULT_PACE: BotPace = 'normal';

/** About how long a bot waits before its move (the practice table varies it by ±40%). */
export const PACE_MS: Record<BotPace, number> = { relaxed: 1200, normal: 600, quick: 200 };

export function parsePace(raw: string | null): BotPace {
  const r = botPace.safeParse(raw);
  return r.success ? r.data : DEFAULT_PACE;
}

export const loadPace = (): BotPace => parsePace(load(keys.practicePace));
export const savePace = (pace: BotPace): void => save(keys.practicePace, pace);
