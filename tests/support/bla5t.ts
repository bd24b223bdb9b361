/// <reference lib="dom" />
/**
 * What the Bla5t browser tests share: the page's debug hook (window.__bla5t: the view, the moves lit,
 * the peeks shown), screenshots to artifacts/screenshots/bla5t, and the board's layout check (no sideways
 * scroll, every seat box and pile inside the board and apart, no seat's name or total cut).
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveShot } from './shots.js';

export const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

export interface Look {
  view: {
    viewer: number | null;
    round: number;
    active: number;
    caller: number | null;
    over: boolean;
    awaiting: { kind: string; seats: number[] };
    turnsStarted: number[];
    roundScores: number[] | null;
    drawn: string | null;
    layouts: unknown[][];
  } | null;
  moves: { kind: string; look: number; power: string | null; claim: number[]; blast: boolean; place: number[] };
  peeks: Record<string, string>;
}

declare global {
  interface Window {
    __bla5t?: {
      view(): Look['view'];
      moves(): Look['moves'];
      peeks(): Record<string, string>;
      send(type: string, payload: object): void;
      roundEnd(): Look['view'];
      pinRoundEnd(on: boolean): void;
      holdTable(on: boolean): void;
      marks(): Record<string, string>;
      /** Shows this view instead of the wire's (a step the test cannot reach by play); null: the wire's. */
      feed(view: unknown): void;
      /** The page's last sends, oldest first. */
      sent(): { type: string; payload: Record<string, unknown> }[];
    };
  }
}

export const look = (p: Page): Promise<Look | null> =>
  p.evaluate(() => {
    const d = window.__bla5t;
    return d ? { view: d.view(), moves: d.moves(), peeks: d.peeks() } : null;
  });

export async function shot(p: Page, name: string): Promise<void> {
  await saveShot(p, 'bla5t', name);
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  id: string;
}

/** The board does not scroll sideways; seat boxes and the piles lie inside it, apart. */
export async function checkLayout(p: Page, who: string): Promise<void> {
  const r = await p.evaluate(() => {
    const board = document.querySelector('[data-testid="bla5t-board"]') as HTMLElement;
    const b = board.getBoundingClientRect();
    const parts = [...board.querySelectorAll<HTMLElement>('.b5-seat, .b5-pile')].map((el) => {
      const q = el.getBoundingClientRect();
      return { x: q.x, y: q.y, w: q.width, h: q.height, id: el.dataset.testid ?? el.className };
    });
    const cut = [...board.querySelectorAll<HTMLElement>('.b5-name, .b5-total, .b5-label')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent);
    return { sideways: board.scrollWidth - board.clientWidth, left: b.x, right: b.x + b.width, parts, cut };
  });
  expect(r.sideways, `${who}: the board scrolls sideways`).toBeLessThanOrEqual(1);
  expect(r.cut, `${who}: cut text`).toEqual([]);
  const meets = (a: Rect, b: Rect) =>
    a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
  for (const a of r.parts) {
    expect(a.x >= r.left - 0.5 && a.x + a.w <= r.right + 0.5, `${who}: ${a.id} inside`).toBe(true);
    for (const b of r.parts) if (a !== b) expect(meets(a, b), `${who}: ${a.id} meets ${b.id}`).toBe(false);
  }
}

/**
 * Records every slot mark (marks.ts) the page ever draws, however short: `testid mark-kind`. A mark
 * lasts 1.5 s, so a test reads this record rather than racing the mark. Also `animation <name>`: the
 * CSS animations the marks ran ('none' where the person asked for reduced motion).
 */
export async function watchMarks(p: Page): Promise<void> {
  await p.evaluate(() => {
    const w = window as unknown as { __marksSeen?: Set<string> };
    if (w.__marksSeen) return;
    const seen = new Set<string>();
    w.__marksSeen = seen;
    const note = () => {
      for (const el of document.querySelectorAll<HTMLElement>('button.mark-moved, button.mark-seen')) {
        seen.add(`${el.dataset.testid} ${el.classList.contains('mark-moved') ? 'mark-moved' : 'mark-seen'}`);
        seen.add(`animation ${getComputedStyle(el).animationName}`);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

export const marksSeen = (p: Page): Promise<string[]> =>
  p.evaluate(() => [...((window as unknown as { __marksSeen?: Set<string> }).__marksSeen ?? [])]);
