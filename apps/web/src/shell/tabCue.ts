/**
 * The tab's title and icon show the game's turn cue (Blaze: logic/turnCue.ts) and are put back as they were when
 * the table page goes. Set on every draw, so a hidden tab changes too as the table's patches arrive.
 */
import type { TurnCue } from '../games/registry.js';

/** The page's icon (index.html: a red disc) with a yellow dot: readable at 16 px among other tabs. */
export const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>" +
    "<circle cx='8' cy='8' r='7' fill='#d0312d'/>" +
    "<circle cx='11.5' cy='4.5' r='4' fill='#ffd23f' stroke='#0b2f25' stroke-width='1.5'/></svg>",
)}`;

export interface TabCue {
  show(cue: TurnCue): void;
  restore(): void;
}

export function tabCue(doc: Document = document): TabCue {
  const title = doc.title;
  const link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  const icon = link?.getAttribute('href') ?? null;
  // Only touched when it changes: a draw runs on every patch, and a new icon href is a new fetch.
  const set = (nextTitle: string, nextIcon: string | null) => {
    if (doc.title !== nextTitle) doc.title = nextTitle;
    if (link && nextIcon !== null && link.getAttribute('href') !== nextIcon) link.setAttribute('href', nextIcon);
  };
  return {
    show: (cue) => set(cue.title, cue.badge ? TURN_ICON : icon),
    restore: () => set(title, icon),
  };
}
