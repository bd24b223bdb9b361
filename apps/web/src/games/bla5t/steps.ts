/**
 * The controls of the steps outside a turn that ask one choice of a seat (XT1): the carry-over
 * choices before a deal (X11, all at once), the secret midpoint set change (X12.7, one player) and
 * Maga's and Fawkes's boss effects (X12.6, one player). Each names its rule and its timeout default
 * (XT4); the choices offered are the rules package's own (legalActions, canAct), never restated here.
 */
import { type Action, ALL_BOSSES, type Card, canAct, type View, validSet, type Where } from '@blaze/bla5t';
import { h } from '../../shell/host.js';
import { type Moves, stateOf } from './legal.js';
import { bt, cardTitle } from './words.js';

export const STEP_KINDS = new Set(['carry', 'change', 'maga', 'fawkes']);

/** The heroes a set is picked from (X12.7): Lola and Leo are one choice worth two cards. */
export const HERO_CHOICES: readonly (readonly Card[])[] = [
  ['h:jayce'],
  ['h:apo'],
  ['h:helmut'],
  ['h:herman'],
  ['h:daisy'],
  ['h:carol'],
  ['h:stephania'],
  ['h:jimbo'],
  ['h:enzo'],
  ['h:lola', 'h:leo'],
];

export interface StepCtx {
  view: View;
  moves: Moves;
  advanced: boolean;
  /** The boss effect's targets chosen so far (lit slots clicked on the board). */
  chosen: Where[];
  act(type: string, payload: object): void;
}

const note = (testid: string, text: string) => h('p', { class: 'b5-note', testid }, text);

/** A carry-over choice in words: what the next deal does for this seat (X11.1-X11.4). */
export function carryWords(use: readonly string[], v: View): string {
  const av = v.carryOptions;
  const enzo = av?.enzo === 'down' ? bt('carry.enzoDown') : av?.enzo === 'up' ? bt('carry.enzoUp') : null;
  if (use.includes('jimbo')) return bt('carry.jimbo', { n: av?.jimbo ?? 4 });
  const parts = [...(use.includes('duo') ? [bt('carry.duo')] : []), ...(enzo ? [enzo] : [])];
  return parts.length > 0 ? parts.join(' + ') : bt('carry.none');
}

function carry(c: StepCtx): HTMLElement[] {
  const av = c.view.carryOptions;
  const choices = c.moves.other.filter((a): a is Extract<Action, { type: 'carryOver' }> => a.type === 'carryOver');
  const conflict = av !== null && av.jimbo !== null && (av.enzo !== null || av.duo);
  return [
    h(
      'div',
      { class: 'b5-step-row' },
      choices.map((a, i) =>
        h(
          'button',
          {
            testid: `b5-carry-${a.use.join('-') || 'none'}`,
            class: i === 0 ? '' : 'primary',
            onclick: () => c.act('carryOver', { use: a.use }),
          },
          carryWords(a.use, c.view),
        ),
      ),
    ),
    ...(conflict ? [note('b5-carry-conflict', bt('carry.conflict'))] : []),
    note('b5-step-default', bt('carry.timeout')),
  ];
}

function change(c: StepCtx): HTMLElement[] {
  const v = c.view;
  const heroBoxes: [readonly Card[], HTMLInputElement][] = [];
  const bossBoxes: [Card, HTMLInputElement][] = [];
  const picked = () => ({
    heroes: heroBoxes.filter(([, b]) => b.checked).flatMap(([cards]) => cards),
    bossSet: bossBoxes.filter(([, b]) => b.checked).map(([card]) => card),
  });
  const apply = h('button', { testid: 'b5-change-apply', class: 'primary', disabled: true }, bt('change.apply'));
  // The rules judge the ticked set (X12.7: 4 heroes, Lola and Leo together; 2 of the 4 bosses).
  const judge = () => {
    const p = picked();
    const same = (x: Card[], y: Card[]) => x.length === y.length && x.every((c) => y.includes(c));
    // The same set is Keep's: Change waits for another whole set.
    (apply as HTMLButtonElement).disabled =
      !validSet(p.heroes, p.bossSet) || (same(p.heroes, v.heroes) && same(p.bossSet, v.bossSet));
  };
  apply.addEventListener('click', () => c.act('changeSet', picked()));
  const tick = (testid: string, on: boolean, text: string) => {
    const el = h('input', { type: 'checkbox', testid, checked: on }) as HTMLInputElement;
    el.addEventListener('change', judge);
    return { el, label: h('label', {}, el, text) };
  };
  const heroes = HERO_CHOICES.map((cards) => {
    const t = tick(
      `b5-set-${cards.join('-')}`,
      cards.every((x) => v.heroes.includes(x)),
      cards.map(cardTitle).join(' + '),
    );
    heroBoxes.push([cards, t.el]);
    return t.label;
  });
  const bosses = ALL_BOSSES.map((card) => {
    const t = tick(`b5-set-${card}`, v.bossSet.includes(card), cardTitle(card));
    bossBoxes.push([card, t.el]);
    return t.label;
  });
  judge();
  return [
    h('fieldset', {}, h('legend', {}, bt('lobby.heroes')), ...heroes),
    h(
      'div',
      { class: 'b5-step-row' },
      h('fieldset', {}, h('legend', {}, bt('lobby.bossSet')), ...bosses),
      h(
        'button',
        {
          testid: 'b5-change-keep',
          onclick: () => c.act('changeSet', { heroes: [...v.heroes], bossSet: [...v.bossSet] }),
        },
        bt('change.keep'),
      ),
      apply,
    ),
    note('b5-step-default', bt('change.timeout')),
  ];
}

function boss(c: StepCtx): HTMLElement[] {
  return [
    h(
      'div',
      { class: 'b5-step-row' },
      h(
        'button',
        { testid: 'b5-boss-done', class: 'primary', onclick: () => c.act('power', { targets: c.chosen }) },
        `${bt('boss.done')} (${c.chosen.length})`,
      ),
    ),
    note('b5-step-default', bt('boss.timeout')),
  ];
}

/** The step's controls, or null when this is not one of these steps. */
export function stepControls(c: StepCtx): HTMLElement | null {
  const k = c.moves.kind;
  const parts = k === 'carry' ? carry(c) : k === 'change' ? change(c) : k === 'maga' || k === 'fawkes' ? boss(c) : null;
  return parts ? h('div', { class: 'b5-step', testid: `b5-step-${k}` }, ...parts) : null;
}

/** The slots a boss effect's next target may be: each one the rules accept with those chosen. */
export function bossTargets(v: View, advanced: boolean, moves: Moves, chosen: Where[]): Set<string> {
  const out = new Set<string>();
  if (v.viewer === null) return out;
  const s = stateOf(v, advanced);
  for (const a of moves.other) {
    if (a.type !== 'power' || a.targets.length !== 1) continue;
    const w = a.targets[0] as Where;
    if (chosen.some((x) => x.seat === w.seat && x.slot === w.slot)) continue;
    // Maga's targets do not constrain each other (any number, each once: legalActions lists them all);
    // her looks cannot be tried on the view's blank state (no one's past looks in it). Fawkes's can:
    // canAct applies his at-most-2-per-layout (X12.6).
    if (moves.kind === 'maga' || canAct(s, { type: 'power', seat: v.viewer, targets: [...chosen, w] }))
      out.add(`${w.seat}.${w.slot}`);
  }
  return out;
}

/** What the others read while one of these steps is awaited (the midpoint's chooser, XN33). */
export function waitWords(v: View, name: (seat: number) => string): string | null {
  const a = v.awaiting;
  if (a.kind === 'carry') return bt('carry.wait');
  if (a.kind === 'change') return bt('change.wait', { name: name(a.seats[0] ?? 0) });
  if (a.kind === 'maga' || a.kind === 'fawkes') return bt('boss.wait', { name: name(a.seats[0] ?? 0) });
  return null;
}
