/**
 * The cue outside the page (the tab's title and its icon) that the table waits on this person: what
 * the banner calls "your move" (placing a bet, rejecting or passing, opening, adding within the
 * window), so a player in another tab sees it there. The banner decides; this only words it.
 */

import type { ClientTable } from '../../../shell/host.js';
import { type Lang, t } from '../../../shell/host.js';
import { banner } from './banner.js';

export interface TurnCue {
  /** The document's title. */
  title: string;
  /** Whether the tab's icon carries the "your turn" dot. */
  badge: boolean;
}

/**
 * `live`: false while the link to the table is down (nothing can be played then, and the banner says
 * so), so the tab does not call someone back to a move they cannot make.
 */
export function turnCue(tb: ClientTable | null, l: Lang, live = true): TurnCue {
  const app = t('app.title', {}, l);
  const yours = live && tb !== null && banner(tb).yourMove;
  return { title: yours ? t('title.yourTurn', { app }, l) : app, badge: yours };
}
