/**
 * The Bla5t table as DOM: each seat's 2×2 square and its penalty slots beside it (X1.4), the draw
 * pile and the discard top between, this seat's square at the bottom. Buttons, so a tap, a click
 * and the keyboard all reach a slot, and a screen reader hears each one's words. Rebuilt from the
 * view on each change (a few dozen nodes); the focused slot keeps its focus across a rebuild.
 */
import { cardValue, type View } from '@blaze/bla5t';
import { h, t } from '../../shell/host.js';
import type { MarkKind } from './marks.js';
import { bt, cardName, cardTitle, powerMark } from './words.js';

export interface BoardInput {
  view: View;
  /** Per player (the table's seats at the game's start). */
  names: string[];
  /** Slots that may be tapped now (`seat.slot`). */
  lit: Set<string>;
  /** Slots chosen so far (a look's, a power's targets). */
  chosen: Set<string>;
  /** This seat's peeks still shown: `seat.slot` -> card (XN13: a few seconds, then face down). */
  peeks: Map<string, string>;
  /** The draw pile's top while a 9 or 10 shows it (X5.6). */
  drawPeek: string | null;
  drawLit: boolean;
  discardLit: boolean;
  /** Slots a public log line just touched (marks.ts): `seat.slot` -> how and when (epoch ms). */
  marks?: ReadonlyMap<string, { kind: MarkKind; since: number }>;
  /** Awaited seats' deadlines (epoch ms), by seat: each awaited seat shows its own countdown. */
  clocks?: ReadonlyMap<number, number>;
  onSlot(seat: number, slot: number): void;
  onDraw(): void;
  onDiscard(): void;
}

/** The player sitting at `seat` now (Stephania moves players, X12.5); -1 for the dummy. */
export const playerAt = (v: View, seat: number): number => v.seatOf.indexOf(seat);

export function seatName(v: View, names: string[], seat: number): string {
  if (seat === v.dummy) return bt('seat.dummy');
  const p = playerAt(v, seat);
  return names[p] || `#${p + 1}`;
}

/** A card's face: value, title and power mark. */
export function face(card: string, cls = ''): HTMLElement {
  const title = cardTitle(card);
  const value = String(cardValue(card));
  const kind = card.startsWith('h:') ? 'hero' : card.startsWith('b:') ? 'boss' : 'monster';
  return h(
    'span',
    { class: `b5-face ${kind} ${cls}` },
    h('span', { class: 'b5-value' }, value),
    // A long name (Stephania, Hyperion) gets a smaller font rather than an ellipsis (bla5t.css; the
    // page's style policy allows no inline style, so its length goes as an attribute).
    title !== value ? h('span', { class: 'b5-title', 'data-len': Math.min(title.length, 9) }, title) : null,
    powerMark(card) ? h('span', { class: 'b5-power' }, powerMark(card)) : null,
  );
}

function slotButton(b: BoardInput, seat: number, slot: number): HTMLElement {
  const v = b.view;
  const x = v.layouts[seat]?.[slot] ?? null;
  const k = `${seat}.${slot}`;
  const peek = b.peeks.get(k);
  const up = x !== null && 'up' in x ? x.up : null;
  const shown = up ?? peek ?? null;
  const mark = b.marks?.get(k);
  const cls = [
    'b5-card',
    x === null ? 'empty' : shown ? 'up' : 'down',
    peek && !up ? 'peek' : '',
    b.lit.has(k) ? 'lit' : '',
    b.chosen.has(k) ? 'chosen' : '',
    mark ? `mark-${mark.kind}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const what = x === null ? bt('slot.empty') : shown ? cardName(shown) : bt('slot.down');
  const el = h(
    'button',
    {
      class: cls,
      testid: `b5-slot-${seat}-${slot}`,
      'data-key': `slot-${k}`,
      'aria-label': bt('slot.label', { who: seatName(v, b.names, seat), slot, what }),
      'aria-pressed': b.chosen.has(k) ? 'true' : undefined,
      disabled: x === null,
      onclick: () => b.onSlot(seat, slot),
      // The board is rebuilt on every change: the mark's animation goes on where it was.
      style: mark ? `animation-delay: -${Math.max(0, Date.now() - mark.since)}ms` : undefined,
    },
    shown ? face(shown) : null,
  );
  return el;
}

/** This seat's own name, said once: a learner left unnamed is "You" already, not "You (you)". */
export function mineName(name: string): string {
  const you = bt('seat.you');
  return name.toLowerCase() === you.toLowerCase() ? name : `${name} (${you})`;
}

/** Seconds left until `at`, as the banner says them. */
export const secondsLeft = (at: number, now: number): string =>
  t('banner.seconds', { n: Math.max(0, Math.ceil((at - now) / 1000)) });

/** An awaited seat's countdown; the page's ticker rewrites its text from `data-at`. */
function seatClock(seat: number, at: number): HTMLElement {
  return h(
    'span',
    { class: 'b5-badge clock', testid: `b5-clock-${seat}`, 'data-at': String(at) },
    secondsLeft(at, Date.now()),
  );
}

function seatBox(b: BoardInput, seat: number, mine: boolean): HTMLElement {
  const v = b.view;
  const lay = v.layouts[seat] ?? [];
  const p = playerAt(v, seat);
  const awaited = v.awaiting.seats.includes(seat) && !v.over;
  const badges = [
    seat === v.caller ? h('span', { class: 'b5-badge caller', testid: `b5-caller-${seat}` }, bt('seat.caller')) : null,
    awaited ? h('span', { class: 'b5-badge turn' }, `▶ ${bt('seat.turn')}`) : null,
    awaited && b.clocks?.has(seat) ? seatClock(seat, b.clocks.get(seat) as number) : null,
  ];
  const total = p >= 0 ? (v.totals[p] ?? 0) : null;
  const last = p >= 0 && v.roundScores ? v.roundScores[p] : null;
  const extra: HTMLElement[] = [];
  for (let s = 4; s < lay.length; s++) extra.push(slotButton(b, seat, s));
  return h(
    'section',
    {
      class: `b5-seat${mine ? ' mine' : ''}${awaited ? ' awaited' : ''}${seat === v.caller ? ' caller' : ''}`,
      testid: `b5-seat-${seat}`,
    },
    h(
      'header',
      {},
      h('span', { class: 'b5-name' }, mine ? mineName(seatName(v, b.names, seat)) : seatName(v, b.names, seat)),
      ...badges,
      total !== null
        ? h(
            'span',
            { class: 'b5-total', testid: `b5-total-${seat}` },
            bt('seat.total', { n: total }) +
              (last !== null && last !== undefined ? ` (${last >= 0 ? '+' : ''}${last})` : ''),
          )
        : null,
    ),
    h(
      'div',
      { class: 'b5-layout' },
      h(
        'div',
        { class: 'b5-square' },
        [0, 1, 2, 3].map((s) => slotButton(b, seat, s)),
      ),
      extra.length ? h('div', { class: 'b5-extra' }, extra) : null,
    ),
  );
}

export function renderBoard(el: HTMLElement, b: BoardInput): void {
  const v = b.view;
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
  const me = v.viewer;
  const order: number[] = [];
  for (let k = 1; k <= v.seats; k++) {
    const s = ((me ?? -1) + k + v.seats) % v.seats;
    if (s !== me) order.push(s);
  }
  if (me === null) order.sort((a, c) => a - c);
  const top = v.discardTop;
  const draw = h(
    'button',
    {
      class: `b5-pile draw${b.drawLit ? ' lit' : ''}`,
      testid: 'b5-draw',
      'data-key': 'draw',
      disabled: v.drawCount === 0 && !b.drawPeek,
      onclick: b.onDraw,
    },
    h('span', { class: `b5-card ${b.drawPeek ? 'up peek' : 'down'}` }, b.drawPeek ? face(b.drawPeek) : null),
    h('span', { class: 'b5-label' }, bt('pile.draw', { n: v.drawCount })),
  );
  const discard = h(
    'button',
    {
      class: `b5-pile discard${b.discardLit ? ' lit' : ''}`,
      testid: 'b5-discard',
      'data-key': 'discard',
      onclick: b.onDiscard,
    },
    h('span', { class: `b5-card ${top ? 'up' : 'empty'}` }, top ? face(top) : null),
    h(
      'span',
      { class: 'b5-label' },
      bt('pile.discard', { n: v.discardCount }),
      v.topProtected ? h('span', { class: 'b5-protected' }, ` · ${bt('pile.protected')}`) : null,
    ),
  );
  const drawn = v.drawn
    ? h(
        'div',
        { class: 'b5-pile drawn', testid: 'b5-drawn' },
        h('span', { class: 'b5-card up lit' }, face(v.drawn)),
        h('span', { class: 'b5-label' }, bt('pile.drawn')),
      )
    : null;
  el.replaceChildren(
    ...[
      h(
        'div',
        { class: `b5-others n${order.length}` },
        order.map((s) => seatBox(b, s, false)),
      ),
      h('div', { class: 'b5-center' }, draw, discard, drawn),
      v.roundScores
        ? h(
            'p',
            { class: 'b5-scores', testid: 'b5-scores' },
            bt('scores.last', {
              scores: v.roundScores.map((n, p) => `${b.names[p] || `#${p + 1}`} ${n >= 0 ? '+' : ''}${n}`).join(' · '),
            }),
          )
        : null,
      me !== null ? seatBox(b, me, true) : null,
    ].filter((x): x is HTMLElement => x !== null),
  );
  if (focused) el.querySelector<HTMLElement>(`[data-key="${focused}"]`)?.focus();
}
