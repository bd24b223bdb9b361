/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Helpers for the browser journeys: pages that speak to the real client through its UI, a per-page
 * decoder of every Colyseus frame the page receives (what the client could possibly hold), and a
 * simple "player" that reads `window.__blaze` and clicks what a sensible person would click.
 */

import { SchemaSerializer } from 'colyseus.js';
import type { Browser, BrowserContext, BrowserContextOptions, Page, WebSocket } from 'playwright-core';
import type { BlazeDebug } from '../../apps/web/src/shell/debugHook.js';
import { readLog, readTable } from '../../packages/protocol/src/wire.js';
import { quickPace } from './browser.js';
import { saveShot } from './shots.js';

export const shot = (page: Page, name: string): Promise<string> => saveShot(page, '', name);

export const CARD_RE = /^[ryb][1-9F][ab]$/;

// ---- the wire: every state frame a page receives, decoded in the test process ------------------

/** Colyseus 0.16 protocol codes (colyseus.js Protocol). */
const JOIN_ROOM = 10;
const ROOM_STATE = 14;
const ROOM_STATE_PATCH = 15;

/** JSON of a decoded BlazeState, loosely typed: only what the checks read. */
export interface WireState {
  status: string;
  trump: string;
  players: { occupied: boolean; name: string; hand?: string[]; betHand?: number[]; myBet?: number }[];
  /** wire.ts text, one per challenge. */
  table: string[];
  window?: { seat: number; cards: string[] };
  discard: string[];
  /** wire.ts lines. */
  log: string[];
  deadlines: string;
  clockBase: number;
  [k: string]: unknown;
}

/** One websocket of a page, decoded with the state's own reflection (as the client would). */
class Socket {
  serializer: SchemaSerializer | null = null;
  frames = 0;
  hasState = false;
  closed = false;
}

/**
 * Decodes every frame of every Colyseus websocket a page opens (reloads included) and runs `check`
 * after each state frame, so nothing the page was ever sent escapes inspection.
 */
export class Wire {
  private sockets_: Socket[] = [];
  /** Every card id that was public (table, window, discard, trump) in any decoded state. */
  readonly everPublic = new Set<string>();
  readonly problems: string[] = [];
  stateFrames = 0;

  constructor(
    readonly label: string,
    page: Page,
  ) {
    page.on('websocket', (ws) => this.attach(ws));
  }

  private attach(ws: WebSocket): void {
    const sock = new Socket();
    this.sockets_.push(sock);
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') return;
      try {
        this.onFrame(sock, new Uint8Array(payload));
      } catch (e) {
        this.problems.push(`${this.label}: frame ${sock.frames} failed to decode: ${String(e)}`);
      }
    });
    ws.on('close', () => {
      sock.closed = true;
    });
  }

  private onFrame(sock: Socket, buf: Uint8Array): void {
    sock.frames++;
    const it = { offset: 1 };
    const code = buf[0];
    if (code === JOIN_ROOM) {
      // reconnection token, serializer id: each a length byte and UTF-8 bytes; then the handshake.
      const tokenLen = buf[it.offset++] ?? 0;
      it.offset += tokenLen;
      const idLen = buf[it.offset++] ?? 0;
      it.offset += idLen;
      const s = new SchemaSerializer();
      if (buf.byteLength > it.offset) s.handshake(buf as unknown as Buffer, it);
      sock.serializer = s;
      return;
    }
    if (code !== ROOM_STATE && code !== ROOM_STATE_PATCH) return;
    if (!sock.serializer) throw new Error('state before handshake');
    if (code === ROOM_STATE) {
      sock.serializer.setState(buf as unknown as Buffer, it);
      sock.hasState = true;
    } else sock.serializer.patch(buf as unknown as Buffer, it);
    this.stateFrames++;
    this.afterState(this.json(sock));
  }

  private json(sock: Socket): WireState {
    const state = sock.serializer?.getState() as { toJSON(): WireState } | undefined;
    if (!state) throw new Error('no state yet');
    return state.toJSON();
  }

  /** Each socket of the page, oldest first: frames seen, whether a whole state arrived, closed. */
  sockets(): string[] {
    return this.sockets_.map((s) => `${s.frames}f${s.hasState ? '+state' : ''}${s.closed ? ' closed' : ''}`);
  }

  /** The latest decoded state of the page's newest socket. */
  latest(): WireState | null {
    for (let k = this.sockets_.length - 1; k >= 0; k--) {
      const s = this.sockets_[k];
      if (s?.hasState && s.serializer) return this.json(s);
    }
    return null;
  }

  private afterState(st: WireState): void {
    for (const c of publicCards(st)) this.everPublic.add(c);
    // At most one slot may carry private fields: the page's own (none for a spectator).
    const holders = st.players
      .map((p, i) => ({ i, p }))
      .filter(({ p }) => (p.hand?.length ?? 0) > 0 || (p.betHand?.length ?? 0) > 0 || (p.myBet ?? -1) >= 0);
    if (holders.length > 1) {
      this.problems.push(`${this.label}: private fields of seats ${holders.map((h) => h.i).join(',')} arrived`);
    }
    // Every card id anywhere in the state is the holder's own, or public now or before.
    const own = new Set(holders[0]?.p.hand ?? []);
    for (const c of cardIdsIn(st)) {
      if (!own.has(c) && !this.everPublic.has(c)) {
        this.problems.push(`${this.label}: card ${c} arrived though it was never public nor the page's own`);
      }
    }
  }

  /** Seats whose private fields the page holds now (over its newest socket). */
  holders(): number[] {
    const st = this.latest();
    if (!st) return [];
    return st.players.flatMap((p, i) =>
      (p.hand?.length ?? 0) > 0 || (p.betHand?.length ?? 0) > 0 || (p.myBet ?? -1) >= 0 ? [i] : [],
    );
  }
}

export function publicCards(st: WireState): string[] {
  const out: string[] = [];
  if (st.trump) out.push(st.trump);
  for (const e of readTable({ table: st.table ?? [] })) {
    out.push(e.challenge);
    if (e.rejection) out.push(e.rejection);
  }
  out.push(...(st.window?.cards ?? []), ...(st.discard ?? []));
  // The public log names the cards of public events: a card played and taken within one patch is
  // seen only there (never on the table of any decoded state), yet it was public.
  for (const e of readLog({ log: st.log ?? [] })) if (PUBLIC_LOG_KINDS.has(e.kind)) out.push(...e.cards);
  return out;
}

const PUBLIC_LOG_KINDS = new Set(['opened', 'extended', 'rejected', 'took', 'tookBack', 'discarded', 'roundStarted']);

/** Every string anywhere in a JSON value that looks like a card id. */
export function cardIdsIn(x: unknown, out = new Set<string>()): Set<string> {
  if (typeof x === 'string') {
    if (CARD_RE.test(x)) out.add(x);
  } else if (Array.isArray(x)) for (const v of x) cardIdsIn(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) cardIdsIn(v, out);
  return out;
}

/** The read-only debug hook the client exposes (apps/web/src/shell/debugHook.ts): tests read the real type. */
export type BlazeHook = BlazeDebug;

// ---- pages -------------------------------------------------------------------------------------

export interface Player {
  name: string;
  ctx: BrowserContext;
  page: Page;
  wire: Wire;
  errors: string[];
  consoleErrors: string[];
}

/**
 * A person's own browser: a context of their own and a page in it. Its service worker is blocked unless
 * `options.serviceWorkers` says 'allow': each new context otherwise installs it, which fetches and stores
 * the whole client (some 60 files) and then serves every request through its fetch handler, about a
 * third of a context's Chromium CPU (0.4 of 1.2-1.3 core-s for a home page and a table page, measured
 * with and without, 8 contexts each way) while its page tests nothing about it. The files that test
 * the offline copy (headers, learnPractice, durakLearn, bla5tLearn) and the three whole-game journeys,
 * played as players run them, allow it.
 */
export async function newPlayer(
  browser: Browser,
  name: string,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 800 } },
  /** 'test': the client's quick test pace (support/browser.ts); 'product': the pace players get. */
  pace: 'test' | 'product' = 'test',
): Promise<Player> {
  // One context each: localStorage (name, seat token) is per person, as on separate devices.
  const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
  if (pace === 'test') await quickPace(ctx);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  // Console errors are not failures by themselves (colyseus.js logs some), but they explain one.
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${name}: ${m.text()}`.slice(0, 300));
  });
  return { name, ctx, page, wire: new Wire(name, page), errors, consoleErrors };
}

/**
 * The whole-game journeys' two people as players come: Ann, the host, on an upright phone, and Ben, her
 * friend, at a desktop, each with the client's service worker (newPlayer blocks it elsewhere).
 */
export async function phoneHostDesktopFriend(browser: Browser): Promise<[Player, Player]> {
  const ann = await newPlayer(browser, 'Ann', { viewport: { width: 360, height: 640 }, serviceWorkers: 'allow' });
  const ben = await newPlayer(browser, 'Ben', { viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  return [ann, ben];
}

export const tid = (page: Page, id: string) => page.getByTestId(id);

/** A round's summary covers the table until tapped (or a few seconds pass): tap it, as a person would. */
export async function dismissSummary(page: Page): Promise<boolean> {
  // One look first: most moves end no round, and each round trip to a page that draws in software on
  // a loaded machine is slow (the wait and the visibility check below took 1.6 s a move).
  const quiet = await page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="round-summary"]');
    return !window.__blaze?.summaryDue && (!el || el.hidden || el.getClientRects().length === 0);
  });
  if (quiet) return false;
  // A round that just ended shows its summary a moment later, over the table: a click meant for a card
  // would close it instead. Let it come first.
  await page
    .waitForFunction(() => !window.__blaze?.summaryDue, null, {
      timeout: 10_000,
      polling: 50,
    })
    .catch(() => {});
  const summary = tid(page, 'round-summary');
  if (!(await summary.isVisible())) return false;
  await summary.click().catch(() => {});
  return true;
}

/** What a page shows now, read in one round trip. */
export interface Seen {
  status: string | null;
  mySeat: number;
  role: 'active' | 'supporter' | 'target' | 'none';
  betting: boolean;
  tableLen: number;
  /** Challenge cards not yet rejected. */
  unrejected: number;
  standing: boolean;
  hand: { card: string; x: number; y: number; lit?: boolean }[];
  challenges: { card: string; x: number; y: number; lit?: boolean }[];
  selected: string[];
  pending: boolean;
  /** Action-bar buttons: enabled, chosen (bet target), and their centre in page pixels. */
  buttons: Record<string, { enabled: boolean; chosen: boolean; x: number; y: number }>;
  myHand: string[];
  /** No round summary is up or about to come up (dismissSummary has nothing to do). */
  summaryQuiet: boolean;
}

export function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const b = window.__blaze;
    const s = b?.snapshot ?? null;
    const v = s?.view ?? null;
    const me = b?.mySeat ?? -1;
    let role: Seen['role'] = 'none';
    if (v && me >= 0) {
      if (v.active === me) role = 'active';
      else if (v.target === me) role = 'target';
      else if (v.supporter === me) role = 'supporter';
    }
    const buttons: Seen['buttons'] = {};
    for (const el of document.querySelectorAll<HTMLButtonElement>('[data-testid="actions"] button')) {
      const id = el.dataset.testid;
      const r = el.getBoundingClientRect();
      if (id) {
        buttons[id] = {
          enabled: !el.disabled,
          chosen: el.classList.contains('chosen'),
          x: r.left + r.width / 2,
          y: r.top + r.height / 2,
        };
      }
    }
    return {
      status: s?.status ?? null,
      mySeat: me,
      role,
      betting: v?.betting ?? false,
      tableLen: v?.table.length ?? 0,
      unrejected: v ? v.table.filter((e) => e.rejection === null).length : 0,
      standing: v ? v.standing.includes(me) : false,
      hand: b?.hand ?? [],
      challenges: b?.challenges ?? [],
      selected: [...(b?.ui.selected ?? [])],
      pending: b?.ui.pending != null,
      buttons,
      myHand: [...(v?.hand ?? [])],
      summaryQuiet: (() => {
        const el = document.querySelector<HTMLElement>('[data-testid="round-summary"]');
        return !b?.summaryDue && (!el || el.hidden || el.getClientRects().length === 0);
      })(),
    };
  });
}

export interface StepOptions {
  /** Never press Done: the server's attacker clock stands for this page. */
  idleAttacker?: boolean;
  /** Tap (touch) instead of mouse clicks. */
  touch?: boolean;
  /** Leave a round's summary up (a test that reads it). */
  keepSummary?: boolean;
}

/**
 * One sensible move through the UI, if any is expected: bet, open, reject (or pass), or press Done.
 * Returns what it did ('' for nothing).
 */
export async function step(page: Page, o: StepOptions = {}): Promise<string> {
  // One look at the page, the summary included (each look is slow on a loaded machine).
  let s = await seen(page);
  if (!o.keepSummary && !s.summaryQuiet) {
    if (await dismissSummary(page)) return 'dismiss-summary';
    s = await seen(page);
  }
  if (s.status !== 'playing' || s.pending) return '';
  const press = async (x: number, y: number) => {
    if (o.touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  };
  // Real pointer input at the button's place (the bar is rebuilt on state changes, so no waiting
  // for a stable element: whatever button is there now gets the click, as for a person).
  const button = async (id: string) => {
    const b = s.buttons[id];
    if (b) await press(b.x, b.y);
  };
  const btn = (id: string) => s.buttons[id]?.enabled === true;

  if (s.betting) {
    const targets = Object.keys(s.buttons).filter((k) => k.startsWith('bet-on-'));
    if (targets.length === 0) return '';
    const chosen = targets.find((k) => s.buttons[k]?.chosen);
    if (!chosen) {
      await button(targets[0] as string);
      return 'choose-bet-target';
    }
    const value = ['bet-1', 'bet-0'].find((k) => btn(k));
    if (!value) return '';
    await button(value);
    return value;
  }

  const lit = s.hand.filter((h) => h.lit);
  if (s.role === 'target') {
    const onto = s.challenges.find((c) => c.lit);
    if (s.selected.length > 0 && onto) {
      await press(onto.x, onto.y);
      return `reject-onto-${onto.card}`;
    }
    if (s.unrejected === 0) return '';
    const card = lit.find((h) => !s.selected.includes(h.card));
    if (s.selected.length === 0 && card) {
      await press(card.x, card.y);
      return `select-${card.card}`;
    }
    if (btn('pass')) {
      await button('pass');
      return 'pass';
    }
    return '';
  }

  if (s.role === 'active' || s.role === 'supporter') {
    if (s.selected.length > 0 && btn('play')) {
      await button('play');
      return 'play';
    }
    if (s.tableLen === 0 && s.role === 'active') {
      if (s.selected.length > 0) {
        await page.keyboard.press('Escape');
        return 'clear';
      }
      const card = lit[0];
      if (!card) return '';
      await press(card.x, card.y);
      return `select-${card.card}`;
    }
    if (s.selected.length > 0) {
      await page.keyboard.press('Escape');
      return 'clear';
    }
    if (!s.standing && btn('stand') && !o.idleAttacker) {
      await button('stand');
      return 'stand';
    }
  }
  return '';
}
