/// <reference lib="dom" />
/**
 * Battle of Durak in the browser (issue 37 item 4): a host on a phone (360×640) picks the game on
 * the home page and makes a table, sets 3 players in the lobby; a friend on a laptop (1280×800)
 * joins by the link; a bot takes the third seat at the start. They play one whole game by clicks on
 * their canvases (cards lit from @blaze/durak's legalActions, the Retreat / End / Pass buttons) to
 * the results. One refusal of the server is shown worded with its rule id. Screenshots of the lobby,
 * a battle and the results at both sizes go to /tmp/durweb-shots/, and every drawn box is checked
 * to lie inside its canvas without overlapping a box of another part.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, type Player, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';
import { createTablesWith } from '../support/tables.js';

const SHOTS = '/tmp/durweb-shots';
const poll = <T>(f: () => Promise<T> | T, timeout = 30_000) => expect.poll(f, { timeout, interval: 100 });

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Placed {
  box: Box;
  what: { kind: string; card?: string; index?: number; seat?: number };
}
interface Look {
  view: {
    viewer: number | null;
    awaited: number | null;
    over: boolean;
    hand: string[];
    table: { attack: string; defence: string | null }[];
  } | null;
  moves: { cards: string[]; retreat: boolean; end: string | null };
  placed: Placed[];
  canvas: { w: number; h: number };
}

declare global {
  interface Window {
    __durak?: { view(): Look['view']; moves(): Look['moves']; placed(): Placed[] };
  }
}

const look = (p: Page): Promise<Look | null> =>
  p.evaluate(() => {
    const d = window.__durak;
    const c = document.querySelector('[data-testid="durak-canvas"] canvas') as HTMLCanvasElement | null;
    if (!d || !c) return null;
    const r = c.getBoundingClientRect();
    return { view: d.view(), moves: d.moves(), placed: d.placed(), canvas: { w: r.width, h: r.height } };
  });

async function shot(p: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await p.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A hand card's uncovered strip (later cards lie over earlier ones): its left edge, mid-height. */
async function clickCard(p: Page, l: Look, card: string): Promise<void> {
  const placed = l.placed.find((x) => x.what.kind === 'hand' && x.what.card === card);
  if (!placed) throw new Error(`no card ${card} drawn`);
  const canvas = p.locator('[data-testid="durak-canvas"] canvas');
  await canvas.click({ position: { x: placed.box.x + 5, y: placed.box.y + placed.box.h / 2 } });
}

const inside = (b: Box, w: number, h: number) => b.x >= 0 && b.y >= 0 && b.x + b.w <= w + 0.5 && b.y + b.h <= h + 0.5;
const meets = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Nothing drawn leaves the canvas, and no two parts (hand, pairs, seats, piles) overlap. */
function checkLayout(l: Look, who: string): void {
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
async function move(p: Player, refusal: { shown: boolean }): Promise<boolean> {
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

describe('Battle of Durak in the browser', () => {
  const product = useProduct();

  it('a host and a friend and a bot play a whole game by clicks, at 360×640 and 1280×800', async () => {
    const { base } = product.server;
    const A = await newPlayer(product.browser, 'Ann', { viewport: { width: 360, height: 640 } });
    const B = await newPlayer(product.browser, 'Ben', { viewport: { width: 1280, height: 800 } });
    const a = A.page;
    const b = B.page;
    // The bot plays at once (a table setting the home page has no control for).
    await createTablesWith(a, { botDelayMs: 0 });
    await a.goto(base);
    await tid(a, 'name-input').fill('Ann');
    await tid(a, 'new-game').selectOption('durak');
    await tid(a, 'new-table').click();
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await poll(() => tid(a, 'seat-0').textContent()).toContain('Ann');
    // Durak's own options in the lobby, not Blaze's.
    expect(await tid(a, 'setting-window').count()).toBe(0);
    await tid(a, 'setting-players').selectOption('3');
    await poll(() => tid(a, 'setting-players').inputValue()).toBe('3');
    await tid(a, 'setting-ambush').check();
    await poll(() => tid(a, 'setting-ambush').isChecked()).toBe(true);
    expect(await tid(a, 'setting-team').isDisabled()).toBe(true);
    const invite = await tid(a, 'invite-link').inputValue();

    await b.goto(invite);
    await tid(b, 'name-input').fill('Ben');
    await tid(b, 'join-sit').click();
    await poll(() => tid(a, 'seat-1').textContent()).toContain('Ben');
    await poll(() => tid(b, 'setting-players').inputValue()).toBe('3');
    await shot(a, 'lobby-360');
    await shot(b, 'lobby-1280');

    await tid(a, 'start').click();
    for (const p of [a, b]) await poll(async () => (await look(p))?.view?.hand.length ?? 0).toBe(6);
    // The bot took the third seat.
    expect(await a.evaluate(() => window.__durak?.view()?.viewer)).toBe(0);
    const words = await tid(a, 'table-words').textContent();
    expect(words).toMatch(/Trump/);

    const refusal = { shown: false };
    let battleShots = false;
    const deadline = Date.now() + 360_000;
    let moves = 0;
    while (Date.now() < deadline) {
      if ((await tid(a, 'results').isVisible()) && (await tid(b, 'results').isVisible())) break;
      let acted = false;
      for (const p of [A, B]) acted = (await move(p, refusal)) || acted;
      if (acted) moves++;
      const la = await look(a);
      if (!battleShots && la?.view && la.view.table.length >= 2 && la.view.table.some((x) => x.defence !== null)) {
        const lb = await look(b);
        if (lb) {
          checkLayout(la, 'Ann');
          checkLayout(lb, 'Ben');
          await shot(a, 'battle-360');
          await shot(b, 'battle-1280');
          battleShots = true;
        }
      }
      await a.waitForTimeout(acted ? 60 : 40);
    }
    await poll(() => tid(a, 'results').isVisible(), 10_000).toBe(true);
    await poll(() => tid(b, 'results').isVisible(), 10_000).toBe(true);
    expect(moves).toBeGreaterThan(3);
    expect(refusal.shown).toBe(true);
    expect(await tid(a, 'durak-verdict').textContent()).toMatch(/Durak|Nobody/);
    expect(await tid(a, 'durak-rematch').isVisible()).toBe(true);
    await shot(a, 'results-360');
    await shot(b, 'results-1280');
    expect([...A.errors, ...B.errors]).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  }, 480_000);
});
