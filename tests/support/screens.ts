/// <reference lib="dom" />
/**
 * Issue #10's layout checks, shared by the browser tests: the six sizes, the drawn boxes of the
 * table (seats, bets, piles, limit, challenge, hand) that must never intersect, the texts drawn on the
 * canvas (inside the canvas and their seat box, readable), and the page's own texts (never cut).
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Label, Region } from '../../apps/web/src/kit/types.js';
import { tid } from './blaze.js';

export type { Label, Region };

/** A box on the page in CSS pixels: a region, a text, a coach bubble. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const SIZES: [string, BrowserContextOptions, boolean][] = [
  [
    'phone-360x640',
    { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    true,
  ],
  [
    'phone-390x844',
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    true,
  ],
  // A phone held sideways: the short layout (apps/web/src/games/blaze/render/layout.ts), your box beside the hand.
  [
    'phone-landscape-740x360',
    { viewport: { width: 740, height: 360 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    true,
  ],
  ['tablet-768x1024', { viewport: { width: 768, height: 1024 }, hasTouch: true }, false],
  ['desktop-1280x800', { viewport: { width: 1280, height: 800 } }, false],
  ['desktop-1920x1080', { viewport: { width: 1920, height: 1080 } }, false],
];

/**
 * The smallest phone held sideways (568x320): layout.test.ts checks it too (not screens.test, to keep
 * CI's time): the bars give back height, the limit leaves your column (render/layout.ts).
 */
export const SMALL_LANDSCAPE: [string, BrowserContextOptions, boolean] = [
  'phone-landscape-568x320',
  { viewport: { width: 568, height: 320 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  true,
];

/**
 * Smallest font a canvas text may shrink to: a phone's second line of a seat box (render/fit.ts);
 * past it a text is said shorter, and a long name is cut with '…' (its seat's explainer says it whole).
 */
export const MIN_TEXT_PX = 9;

export const regions = (page: Page): Promise<Region[]> => page.evaluate(() => window.__blaze?.regions ?? []);
export const labels = (page: Page): Promise<Label[]> => page.evaluate(() => window.__blaze?.labels ?? []);
/** A page box half a pixel smaller all round (its neighbours may touch it). */
const inset = (r: { x: number; y: number; width: number; height: number }): Box => ({
  x: r.x + 0.5,
  y: r.y + 0.5,
  w: r.width - 1,
  h: r.height - 1,
});
export const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Every pair of drawn things of different kinds is apart (fanned hand cards and staggered pairs
 * overlap by design), all inside the visible canvas; the banner and action bar are outside it.
 * `seats`: how many seat boxes must be drawn.
 */
export async function expectCanvasClean(page: Page, label: string, seats: number, given?: Region[]): Promise<Region[]> {
  const rs = given ?? (await regions(page));
  // The visible part of the canvas: its host clips it, so a drawing past the host's edge is cut.
  const canvas = await page.locator('.canvas-host').boundingBox();
  expect(canvas).not.toBeNull();
  if (!canvas) return rs;
  expect(rs.filter((r) => r.kind === 'seat').length, `${label}: seat boxes`).toBe(seats);
  const inside = (r: Box, what: string) => {
    expect(r.x, `${label}: ${what} left`).toBeGreaterThanOrEqual(canvas.x - 0.5);
    expect(r.x + r.w, `${label}: ${what} right`).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
    expect(r.y, `${label}: ${what} top`).toBeGreaterThanOrEqual(canvas.y - 0.5);
    expect(r.y + r.h, `${label}: ${what} bottom`).toBeLessThanOrEqual(canvas.y + canvas.height + 0.5);
  };
  for (const r of rs) inside(r, r.id);
  for (let i = 0; i < rs.length; i++) {
    for (let j = i + 1; j < rs.length; j++) {
      const a = rs[i] as Region;
      const b = rs[j] as Region;
      if (a.kind === b.kind && (a.kind === 'table' || a.kind === 'hand')) continue;
      expect(overlap(a, b), `${label}: ${a.id} overlaps ${b.id}`).toBe(false);
    }
  }
  // Texts on the canvas: inside it, inside their seat box, readable (shrunk no further than MIN_TEXT_PX), and apart
  // (a text's box is its ink across, and a pixel and a half more above and below: the line's spacing).
  const texts = await labels(page);
  const ink = (l: Label): Box => ({ ...l, x: l.x + 0.5, y: l.y + 1.5, w: l.w - 1, h: l.h - 3 });
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i] as Label;
      const b = texts[j] as Label;
      expect(overlap(ink(a), ink(b)), `${label}: text "${a.text}" overlaps "${b.text}"`).toBe(false);
    }
  for (const l of texts) {
    inside(l, `text "${l.text}"`);
    expect(l.px, `${label}: text "${l.text}" is readable`).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    const box = rs.find((r) => r.id === l.owner);
    if (l.owner && box) {
      expect(
        l.x >= box.x - 1 && l.x + l.w <= box.x + box.w + 1 && l.y >= box.y - 1 && l.y + l.h <= box.y + box.h + 1,
        `${label}: text "${l.text}" stays in ${l.owner}`,
      ).toBe(true);
    }
  }
  // The banner (with the trump chip) and the action bar are outside the canvas, never over it (above
  // or under it, or beside it: 568x320's guided game has the banner at the head of the coach's column).
  for (const id of ['banner', 'actions']) {
    const box = await tid(page, id).boundingBox();
    if (box) expect(!overlap({ x: box.x, y: box.y, w: box.width, h: box.height }, inset(canvas)), id).toBe(true);
  }
  return rs;
}

/**
 * The page's own words: no visible text is cut (an element narrower than its text, a text past the
 * window's edge), and the top bar's controls do not overlap. Answers what is wrong, by element.
 */
export function domProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${(el as HTMLElement).dataset?.testid ? `[${(el as HTMLElement).dataset.testid}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    // Words only for screen readers sit in a clipped 1-px box (a11y.css): not on screen, not cut.
    const clipped = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).clip;
        if (c && c !== 'auto') return true;
      }
      return false;
    };
    const visible = (el: Element) => {
      if (clipped(el)) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('[hidden]') || el.tagName === 'CANVAS' || el.tagName === 'OPTION') continue;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      const field = el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'BUTTON';
      if (!own && !field) continue;
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > vw + 0.5) out.push(`past the window's edge: ${describe(el)}`);
      const cs = getComputedStyle(el);
      // Text wider than its box: cut (a box that hides or scrolls it) or spilling over its neighbours.
      if (el.tagName !== 'INPUT' && cs.display !== 'inline' && el.scrollWidth > el.clientWidth + 1)
        out.push(
          `${cs.overflowX === 'visible' ? 'spills' : 'cut'}: ${describe(el)} (${el.scrollWidth} > ${el.clientWidth})`,
        );
      if (el.tagName === 'SELECT') {
        const s = el as HTMLSelectElement;
        const text = s.selectedOptions[0]?.textContent ?? '';
        // A select shows its chosen option: measure it with the select's own font.
        const c = document.createElement('canvas').getContext('2d');
        if (c) {
          c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const need = c.measureText(text).width;
          const room = s.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight) - 14;
          if (need > room + 1) out.push(`cut: ${describe(el)} shows "${text}" in ${Math.round(room)} px`);
        }
      }
    }
    // The top bar: its controls side by side, none over another.
    const bar = document.querySelector('.topbar');
    if (bar) {
      const items = [...bar.querySelectorAll('a, button, select, span[data-testid]')].filter(
        (e) => visible(e) && !e.closest('[hidden]'),
      );
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          const a = (items[i] as Element).getBoundingClientRect();
          const b = (items[j] as Element).getBoundingClientRect();
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            out.push(`top bar: ${describe(items[i] as Element)} overlaps ${describe(items[j] as Element)}`);
        }
      }
    }
    return out;
  });
}
