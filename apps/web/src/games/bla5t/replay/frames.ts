/**
 * What a Bla5t replay shows at each step: the public view of the state, with every face-down card
 * shown as well (a replay is served only once the game is over, and at a round's end every layout
 * is turned up anyway, X1.8), and the step's public log lines, as the server's log wrote them
 * (module redact for nobody, then its log fields). The engine scores a round and deals the next in
 * one action (X10.2), so that step is shown as two frames: the round's end, every card up with its
 * scores (read from the `revealed` and `scored` events), then the new deal.
 */
import type { Action, Card, Event, LayoutView, View } from '@blaze/bla5t';
import { viewFor } from '@blaze/bla5t';
import { bla5tModule } from '@blaze/bla5t/module';
import type { LogLine } from '../../../shell/host.js';
import { toldLines } from '../logWords.js';
import type { Step } from './steps.js';

export interface Frame {
  view: View;
  /** Cards face down in the game, shown here: `seat.slot` -> card. */
  open: Map<string, Card>;
  /** The step's public log lines worth telling. */
  lines: LogLine[];
  /** The action that led here, or null for the deal. */
  action: Action | null;
  /** The end of a round (its scores shown) or of the game. */
  end: 'round' | 'game' | null;
}

function linesOf(events: readonly Event[]): LogLine[] {
  const out: LogLine[] = [];
  for (const e of events) {
    const pub = bla5tModule.redact(e, null);
    if (!pub) continue;
    const f = bla5tModule.log.fields(pub);
    out.push({
      seq: out.length,
      kind: pub.type,
      seat: f.seat ?? -1,
      other: f.other ?? -1,
      cards: [...(f.cards ?? [])],
      value: f.value ?? -1,
      text: f.text ?? '',
    });
  }
  return toldLines(out);
}

/** The public view, with the drawn card shown whoever holds it. */
function shown(step: Step): Frame['view'] {
  const s = step.state;
  return { ...viewFor(s, null), drawn: s.drawn };
}

function openCards(step: Step): Map<string, Card> {
  const open = new Map<string, Card>();
  step.state.layouts.forEach((lay, seat) => {
    lay.forEach((x, slot) => {
      if (x && !x.up) open.set(`${seat}.${slot}`, x.card);
    });
  });
  return open;
}

/** The card a step left on the discard pile last, if any. */
function lastDiscard(events: readonly Event[]): Card | null {
  let top: Card | null = null;
  for (const e of events) {
    if (e.type === 'discarded') top = e.card;
    else if (e.type === 'placed' || e.type === 'took') top = e.out;
    else if (e.type === 'matched' && e.ok) top = e.card;
  }
  return top;
}

export function framesOf(steps: readonly Step[]): Frame[] {
  const frames: Frame[] = [];
  steps.forEach((step, i) => {
    const events = step.events;
    const at = events.findIndex((e) => e.type === 'revealed');
    const scored = events.find((e) => e.type === 'scored');
    const before = steps[i - 1];
    const nextRound = at >= 0 && before !== undefined && step.state.round !== before.state.round;
    if (at < 0 || !scored || scored.type !== 'scored' || !nextRound || !before) {
      const end = step.state.over ? 'game' : at >= 0 ? 'round' : null;
      frames.push({ view: shown(step), open: openCards(step), lines: linesOf(events), action: step.action, end });
      return;
    }
    // The round's end: the last state of the round, its layouts as revealed and its scores.
    const revealed = events[at] as Extract<Event, { type: 'revealed' }>;
    const dealAt = events.findIndex((e, k) => k > at && e.type === 'roundStarted');
    const endEvents = dealAt < 0 ? events : events.slice(0, dealAt);
    const base = shown(before);
    const layouts: LayoutView[] = revealed.layouts.map((l) => l.map((c) => (c === null ? null : { up: c })));
    frames.push({
      view: {
        ...base,
        layouts,
        drawn: null,
        discardTop: lastDiscard(endEvents) ?? base.discardTop,
        roundScores: [...scored.scores],
        totals: [...scored.totals],
        awaiting: { kind: 'scored', seats: [] },
      },
      open: new Map(),
      lines: linesOf(endEvents),
      action: step.action,
      end: 'round',
    });
    frames.push({
      view: shown(step),
      open: openCards(step),
      lines: linesOf(dealAt < 0 ? [] : events.slice(dealAt)),
      action: null,
      end: null,
    });
  });
  return frames;
}
