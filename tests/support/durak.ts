/// <reference lib="dom" />
/**
 * Battle of Durak's page as the browser tests read and drive it: what the page draws (window.__durak,
 * a test's and a curious reader's view, apps/web/src/games/durak/page.ts), a click on a hand card,
 * the layout's checks (inside the canvas, parts apart) and one move of a seat by clicks.
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Player, tid } from './blaze.js';
import { saveShot } from './shots.js';

export const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Placed {
  box: Box;
  what: { kind: string; card?: string; index?: number; seat?: number };
}
export interface Look {
  view: {
    viewer: number | null;
    awaited: number | null;
    over: boolean;
    hand: string[];
    table: { attack: string; defence: string | null }[];
    attacker: number;
    ambusher: number | null;
    deckCount: number;
  } | null;
  moves: { cards: string[]; retreat: boolean; end: string | null };
  placed: Placed[];
  canvas: { w: number; h: number };
}

declare global {
  interface Window {
    __durak?: { view(): Look['view']; moves(): Look['moves']; placed(): Placed[]; renders(): number };
  }
}

export const look = (p: Page): Promise<Look | null> =>
  p.evaluate(() => {
    const d = window.__durak;
    const c = document.querySelector('[data-testid="durak-canvas"] canvas') as HTMLCanvasElement | null;
    if (!d || !c) return null;
    const r = c.getBoundingClientRect();
    return { view: d.view(), moves: d.moves(), placed: d.placed(), canvas: { w: r.width, h: r.height } };
  });

export async function shot(p: Page, name: string): Promise<void> {
  await saveShot(p, 'durak', name);
}

/** A hand card's uncovered strip (later cards lie over earlier ones): its left edge, mid-height. */
export async function clickCard(p: Page, l: Look, card: string): Promise<void> {
  const placed = l.placed.find((x) => x.what.kind === 'hand' && x.what.card === card);
  if (!placed) throw new Error(`no card ${card} drawn`);
  const canvas = p.locator('[data-testid="durak-canvas"] canvas');
  await canvas.click({ position: { x: placed.box.x + 5, y: placed.box.y + placed.box.h / 2 } });
}

const inside = (b: Box, w: number, h: number) => b.x >= 0 && b.y >= 0 && b.x + b.w <= w + 0.5 && b.y + b.h <= h + 0.5;
const meets = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Nothing drawn leaves the canvas, and no two parts (hand, pairs, seats, piles) overlap. */
export function checkLayout(l: Look, who: string): void {
  const { w, h } = l.canvas;
  for (const p of l.placed) expect(inside(p.box, w, h), `${who}: ${JSON.stringify(p)} inside ${w}x${h}`).toBe(true);
  const part = (p: Placed) => (p.what.kind === 'trump' ? 'deck' : p.what.kind);
  for (const a of l.placed)
    for (const b of l.placed) {
      if (a === b || part(a) === part(b)) continue;
      expect(meets(a.box, b.box), `${who}: ${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
    }
}

/**
 * One move of this page's seat if it is awaited, by a click: a defender beats with the first lit
 * card or retreats; an attacker opens with the first lit card and then ends; an ambusher passes.
 */
export async function move(p: Player, refusal: { shown: boolean }): Promise<boolean> {
  const l = await look(p.page);
  const v = l?.view;
  if (!l || !v || v.over || v.viewer === null || v.awaited !== v.viewer) return false;
  const { cards, retreat, end } = l.moves;
  const defending = v.table.some((x) => x.defence === null);
  if (defending) {
    // Once: a card that cannot beat is sent, and the server's refusal is shown with its rule.
    const grey = v.hand.find((c) => !cards.includes(c));
    if (!refusal.shown && grey) {
      await clickCard(p.page, l, grey);
      // Worded with the rule it cites: D4.1 from the server, or DT1 when the turn moved on meanwhile.
      await poll(() => tid(p.page, 'durak-refusal').textContent(), 10_000).toMatch(/\((D4\.1|DT1)\)/);
      refusal.shown = true;
      return true;
    }
    if (cards[0]) await clickCard(p.page, l, cards[0]);
    // A defender with nothing that beats is retreated by the server after a moment (DT3): the
    // button may be gone by the time it is pressed.
    else if (retreat)
      await tid(p.page, 'durak-retreat')
        .click({ timeout: 3000 })
        .catch(() => {});
    else return false;
    return true;
  }
  // An attacker (not an ambusher: it passes) adds up to three cards, then ends.
  const ambushing = end === 'pass';
  if (cards[0] && (v.table.length === 0 || (!ambushing && v.table.length < 3))) {
    await clickCard(p.page, l, cards[0]);
    return true;
  }
  if (end) {
    await tid(p.page, `durak-${end}`)
      .click({ timeout: 3000 })
      .catch(() => {});
    return true;
  }
  return false;
}
