/// <reference lib="dom" />
/**
 * An advanced Bla5t table (issue 38): the host picks the hero and boss set in the lobby (X12.7), a
 * friend by the link sees it, the game starts with it. The steps a game reaches only by chance (a
 * carry-over with Jimbo, Lola and Leo or Enzo, X11; the secret midpoint change, X12.7; Maga, X12.6)
 * are fed to the page through its debug hook over the running game, and their controls are used:
 * the choices are the rules' own, the rule and the XT4 default are shown with the seat's clock, and
 * what the page sends is the action the rules take (apps/server/test/bla5tSteps.test.ts proves the
 * server side over websockets). Screens at 360x640 and 1280x800: artifacts/screenshots/bla5t-advanced.
 */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { look, poll } from '../support/bla5t.js';
import { newPlayer, tid } from '../support/blaze.js';
import { useProduct } from '../support/product.js';
import { domProblems } from '../support/screens.js';
import { saveShot } from '../support/shots.js';
import { createTablesWith } from '../support/tables.js';

const SMALL = { width: 360, height: 640 };
const DESK = { width: 1280, height: 800 };

async function shots(p: Page, name: string): Promise<void> {
  for (const [size, vp] of [
    ['360x640', SMALL],
    ['1280x800', DESK],
  ] as const) {
    await p.setViewportSize(vp);
    await p.waitForTimeout(150);
    await saveShot(p, 'bla5t-advanced', `${name}-${size}`, { fullPage: true });
    expect(await domProblems(p), `${name} ${size}`).toEqual([]);
  }
}

/** The running game's view with another step awaited of `seats` (the rest as the wire has it). */
async function feed(p: Page, awaiting: { kind: string; seats: number[] }, extra: object = {}): Promise<void> {
  await p.evaluate(
    ([a, x]) => {
      const real = window.__bla5t?.view();
      window.__bla5t?.feed(real ? { ...real, awaiting: a, ...x } : null);
    },
    [awaiting, extra] as const,
  );
}

const lastSent = (p: Page) => p.evaluate(() => window.__bla5t?.sent().at(-1) ?? null);

describe('Bla5t advanced: the host set, carry-over, the midpoint change', () => {
  const product = useProduct();

  it('the host picks a set a friend sees; the steps have their own controls', async () => {
    const A = await newPlayer(product.browser, 'Ann', { viewport: DESK });
    const B = await newPlayer(product.browser, 'Ben', { viewport: DESK });
    const a = A.page;
    const b = B.page;
    await createTablesWith(a, { botDelayMs: 0, clock: 'relaxed' });
    await a.goto(product.server.base);
    await tid(a, 'name-input').fill('Ann');
    await tid(a, 'new-game').selectOption('bla5t');
    await tid(a, 'new-table').click();
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await tid(a, 'setting-players').selectOption('3');
    expect(await tid(a, 'setting-set').count(), 'no set before advanced').toBe(0);
    await tid(a, 'setting-advanced').check();
    // The rules' default: the basic set (X12.7).
    await poll(() => tid(a, 'set-shown').textContent()).toMatch(/Jayce, Apo, Helmut, Herman; Gordon, Futura/);
    // A half set is not sent: the hint counts, the shown set stays.
    await tid(a, 'set-h:helmut').uncheck();
    await tid(a, 'set-h:herman').uncheck();
    await poll(() => tid(a, 'set-hint').textContent()).toContain('2 of 4');
    await tid(a, 'set-h:jimbo').check();
    await poll(() => tid(a, 'set-hint').textContent()).toContain('3 of 4');
    expect(await tid(a, 'set-shown').textContent()).toContain('Helmut');
    await tid(a, 'set-h:lola-h:leo').check();
    await poll(() => tid(a, 'set-hint').textContent()).toContain('5 of 4');
    await tid(a, 'set-h:apo').uncheck();
    await poll(() => tid(a, 'set-shown').textContent()).toMatch(/Jayce, Jimbo, Lola, Leo; Gordon, Futura/);
    await tid(a, 'set-b:futura').uncheck();
    await tid(a, 'set-b:maga').check();
    await poll(() => tid(a, 'set-shown').textContent()).toMatch(/Jayce, Jimbo, Lola, Leo; Gordon, Maga, Hyperion/);

    await b.goto(await tid(a, 'invite-link').inputValue());
    await tid(b, 'name-input').fill('Ben');
    await tid(b, 'join-sit').click();
    await poll(() => tid(a, 'seat-1').textContent()).toContain('Ben');
    // Ben sees the host's set, and may not change it.
    await poll(() => tid(b, 'set-shown').textContent()).toMatch(/Jayce, Jimbo, Lola, Leo; Gordon, Maga/);
    expect(await tid(b, 'set-h:jimbo').isChecked()).toBe(true);
    expect(await tid(b, 'set-h:jimbo').isDisabled()).toBe(true);
    await shots(a, 'lobby-host');
    await shots(b, 'lobby-friend');

    await tid(a, 'start').click();
    await poll(async () => (await look(a))?.moves.kind).toBe('look');
    await poll(async () => (await look(b))?.moves.kind).toBe('look');
    // The game plays the host's set (createGame had it).
    const set = await a.evaluate(() => {
      const v = window.__bla5t?.view() as unknown as { heroes: string[]; bossSet: string[] };
      return [v.heroes, v.bossSet];
    });
    expect(set).toEqual([
      ['h:jayce', 'h:jimbo', 'h:lola', 'h:leo'],
      ['b:gordon', 'b:maga'],
    ]);

    // X11 carry-over, the conflict case: Jimbo (5 cards held) and a face-down Enzo.
    await feed(a, { kind: 'carry', seats: [0, 1] }, { carryOptions: { jimbo: 5, duo: false, enzo: 'down' } });
    await feed(b, { kind: 'carry', seats: [0] }, { carryOptions: null });
    await poll(() => tid(a, 'b5-step-carry').isVisible()).toBe(true);
    expect(await tid(a, 'b5-carry-none').textContent()).toMatch(/Enzo: look at 3 cards \(X11\.4/);
    expect(await tid(a, 'b5-carry-jimbo').textContent()).toMatch(/Jimbo: be dealt 5 cards and look at none \(X11\.2\)/);
    expect(await tid(a, 'b5-carry-conflict').textContent()).toContain('X11.6');
    expect(await tid(a, 'b5-step-default').textContent()).toMatch(/On timeout: no optional effect.*XT4/);
    await poll(() => tid(a, 'deadline').textContent()).toMatch(/^\d+s$/);
    await shots(a, 'carry-conflict');
    // The same step in German and Japanese, citing the same rules.
    for (const [code, re] of [
      ['de', /Jimbo: 5 Karten erhalten und keine ansehen \(X11\.2\)/],
      ['ja', /ジンボ：5枚配られ、1枚も見ない（X11\.2）/],
    ] as const) {
      await tid(a, 'language').selectOption(code);
      await poll(() => tid(a, 'b5-carry-jimbo').textContent()).toMatch(re);
      expect(await tid(a, 'b5-step-default').textContent()).toContain('XT4');
      await shots(a, `carry-conflict-${code}`);
    }
    await tid(a, 'language').selectOption('en');
    await tid(a, 'b5-carry-jimbo').click();
    expect(await lastSent(a)).toEqual({ type: 'carryOver', payload: { use: ['jimbo'] } });
    // Lola and Leo, no conflict; Ben (nothing to choose) reads that choices are awaited.
    await feed(a, { kind: 'carry', seats: [0, 1] }, { carryOptions: { jimbo: null, duo: true, enzo: null } });
    await poll(() => tid(a, 'b5-carry-duo').textContent()).toMatch(/Lola and Leo: be dealt 3 cards \(X11\.3\)/);
    expect(await tid(a, 'b5-carry-conflict').count()).toBe(0);
    expect(await tid(a, 'b5-carry-jimbo').count()).toBe(0);
    await tid(a, 'b5-carry-duo').click();
    expect(await lastSent(a)).toEqual({ type: 'carryOver', payload: { use: ['duo'] } });
    await poll(() => tid(b, 'banner-text').textContent()).toMatch(/Carry-over choices .* awaited \(X11\.7\)/);
    expect(await tid(b, 'b5-step-carry').count()).toBe(0);

    // X12.7 the midpoint change: Ann chooses, in secret; Ben only reads that a choice is awaited.
    await feed(a, { kind: 'change', seats: [0] });
    await feed(b, { kind: 'change', seats: [0] });
    await poll(() => tid(a, 'b5-step-change').isVisible()).toBe(true);
    expect(await tid(a, 'b5-set-h:jimbo').isChecked()).toBe(true);
    expect(await tid(a, 'b5-change-apply').isDisabled()).toBe(true);
    expect(await tid(a, 'b5-step-default').textContent()).toMatch(/On timeout: the set is kept \(XT4\)/);
    await poll(() => tid(b, 'banner-text').textContent()).toMatch(/Ann may change the hero and boss set in secret/);
    expect(await tid(b, 'b5-step-change').count()).toBe(0);
    expect(await tid(b, 'b5-set-h:jimbo').count()).toBe(0);
    await tid(a, 'b5-set-h:jimbo').uncheck();
    expect(await tid(a, 'b5-change-apply').isDisabled(), '3 heroes').toBe(true);
    await tid(a, 'b5-set-h:carol').check();
    await tid(a, 'b5-set-b:maga').uncheck();
    await tid(a, 'b5-set-b:fawkes').check();
    await poll(() => tid(a, 'b5-change-apply').isDisabled()).toBe(false);
    await shots(a, 'change-chooser');
    await shots(b, 'change-other');
    await tid(a, 'b5-change-apply').click();
    expect(await lastSent(a)).toEqual({
      type: 'changeSet',
      payload: { heroes: ['h:jayce', 'h:carol', 'h:lola', 'h:leo'], bossSet: ['b:gordon', 'b:fawkes'] },
    });
    await tid(a, 'b5-change-keep').click();
    expect(await lastSent(a)).toEqual({
      type: 'changeSet',
      payload: { heroes: ['h:jayce', 'h:jimbo', 'h:lola', 'h:leo'], bossSet: ['b:gordon', 'b:maga'] },
    });

    // X12.6 Maga: the other layouts' cards are lit, Ann's own are not; Done sends those chosen.
    await feed(a, { kind: 'maga', seats: [0] });
    await poll(() => tid(a, 'b5-step-maga').isVisible()).toBe(true);
    const board = '[data-testid="bla5t-board"]';
    expect(await a.locator(`${board} [data-testid^="b5-slot-0-"].lit`).count()).toBe(0);
    expect(await a.locator(`${board} [data-testid^="b5-slot-1-"].lit`).count()).toBeGreaterThan(0);
    await tid(a, 'b5-slot-1-0').click();
    await tid(a, 'b5-slot-2-1').click();
    await poll(() => tid(a, 'b5-boss-done').textContent()).toContain('(2)');
    await shots(a, 'maga');
    await tid(a, 'b5-boss-done').click();
    expect(await lastSent(a)).toEqual({
      type: 'power',
      payload: {
        targets: [
          { seat: 1, slot: 0 },
          { seat: 2, slot: 1 },
        ],
      },
    });

    // Back to the wire: the real looks are still Ann's to make.
    await a.evaluate(() => window.__bla5t?.feed(null));
    await poll(async () => (await look(a))?.moves.kind).toBe('look');
    expect([...A.errors, ...B.errors]).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  });
});
