/** The action buttons under the table: Play / Reject / Pass / Done, and the bet controls. */
import type { BetValue, Seat } from '@blaze/rules';
import { type ClientTable, h, nameOf, patch, t } from '../../shell/host.js';
import type { Highlights } from './logic/highlights.js';

export interface ActionHandlers {
  play(): void;
  reject(): void;
  pass(): void;
  stand(): void;
  chooseBetTarget(seat: Seat): void;
  bet(value: BetValue): void;
}

export function renderActions(
  el: HTMLElement,
  tb: ClientTable,
  hl: Highlights,
  betOn: Seat | null,
  selected: number,
  on: ActionHandlers,
): void {
  const key = JSON.stringify([
    tb.status,
    hl.role,
    hl.canPlay,
    hl.rejectTargets,
    hl.canPass,
    hl.canStand,
    hl.canBet,
    hl.betTargets,
    hl.betValues,
    betOn,
    selected,
    tb.seats.map((s) => s.name),
    t('act.play'),
  ]);
  patch(el, key, () => {
    if (tb.status !== 'playing') return [];
    if (hl.canBet) {
      // Each label stays with its buttons when the bar wraps on a phone.
      const group = (label: string, buttons: HTMLElement[]) =>
        h(
          'span',
          { class: 'group', role: 'group', 'aria-label': label },
          h('span', { class: 'label' }, label),
          buttons,
        );
      // The lowest upright phones (320x480) have no row to spare for the hint: it opens over the table
      // from this button instead (style.css), and the bar stays one row high.
      const toggle = h(
        'button',
        {
          testid: 'bet-hint-toggle',
          class: 'bet-hint-toggle',
          'aria-controls': 'bet-hint',
          'aria-expanded': String(el.classList.contains('hint-open')),
          'aria-label': t('act.betHintToggle'),
          onclick: () => toggle.setAttribute('aria-expanded', String(el.classList.toggle('hint-open'))),
        },
        '?',
      );
      return [
        group(
          t('act.betOn'),
          hl.betTargets.map((s) =>
            h(
              'button',
              { testid: `bet-on-${s}`, class: betOn === s ? 'chosen' : '', onclick: () => on.chooseBetTarget(s) },
              nameOf(tb, s),
            ),
          ),
        ),
        group(
          t('act.betValue'),
          hl.betValues.map((v) =>
            h(
              'button',
              {
                testid: `bet-${v}`,
                class: 'primary',
                disabled: betOn === null,
                // The hint is their description (a low sideways phone shows no row for it: style.css).
                'aria-describedby': 'bet-hint',
                title: t('act.betHint'),
                onclick: () => on.bet(v),
              },
              t('act.bet', { value: v }),
            ),
          ),
        ),
        toggle,
        // What a 0 and a 1 do (R9.2), right where they are chosen.
        h('span', { class: 'bet-hint', testid: 'bet-hint', id: 'bet-hint' }, t('act.betHint')),
      ];
    }
    const out = [];
    if (hl.role === 'active' || hl.role === 'supporter') {
      out.push(
        h('button', { testid: 'play', class: 'primary', disabled: !hl.canPlay, onclick: on.play }, t('act.play')),
      );
      out.push(h('button', { testid: 'stand', disabled: !hl.canStand, onclick: on.stand }, t('act.stand')));
    } else if (hl.role === 'target') {
      out.push(
        h(
          'button',
          { testid: 'reject', class: 'primary', disabled: hl.rejectTargets.length === 0, onclick: on.reject },
          t('act.reject'),
        ),
      );
      out.push(h('button', { testid: 'pass', disabled: !hl.canPass, onclick: on.pass }, t('act.pass')));
    }
    return out;
  });
}
