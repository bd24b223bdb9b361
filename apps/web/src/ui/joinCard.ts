/**
 * The join screen's view of a table before joining: who hosts, who sits (people and bots), how many
 * seats are free, whether a game runs. From GET /api/tables/:id/lookup; nothing there is secret.
 */
import { type TableCard, tableLookup } from '@blaze/protocol';
import { t, tn } from '../i18n/index.js';
import { h } from './dom.js';

/**
 * The table's card; 'gone' when the server says it has no such table (`exists: false`, a 200: a link
 * to a closed table is no failed request, so the console stays quiet), or no such id could be a table
 * (400); null when it gave no answer worth keeping (no network, restarting): ask again later.
 */
export async function fetchTableCard(tableId: string): Promise<TableCard | 'gone' | null> {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/lookup`, { cache: 'no-store' });
    if (res.status === 400) return 'gone';
    if (!res.ok) return null;
    const parsed = tableLookup.safeParse(await res.json());
    if (!parsed.success) return null;
    return parsed.data.exists ? parsed.data.card : 'gone';
  } catch {
    return null;
  }
}

/**
 * Whether "Join table" is offered: not when every seat is taken, nor while a start waits for its
 * record (its seats are the game's: someone joining to sit would only watch), so Watch is the offer.
 */
export function sitOffered(card: TableCard | null): boolean {
  return card === null || (card.free > 0 && card.status !== 'starting');
}

export function renderTableCard(el: HTMLElement, card: TableCard | null): void {
  if (!card) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const seats = card.seats.map((s) =>
    h(
      'li',
      { testid: `join-seat-${s.seat}`, class: s.bot ? 'bot' : '' },
      h('span', { class: 'seat-name' }, s.name),
      // "Bot 1" says it is a bot already; a person's host role is worth a tag.
      s.host ? h('span', { class: 'tags' }, t('lobby.host')) : null,
    ),
  );
  const parts = [
    h('p', { testid: 'join-status' }, t(`join.status.${card.status}`)),
    card.host ? h('p', { testid: 'join-host', class: 'join-host' }, t('join.host', { name: card.host })) : null,
    h('h3', {}, t('join.seated')),
    seats.length > 0
      ? h('ul', { class: 'join-seats', testid: 'join-seats' }, seats)
      : h('p', { class: 'msg' }, t('join.nobody')),
    h(
      'p',
      { class: 'msg', testid: 'join-free' },
      [
        card.free === 0 ? t('join.full') : tn('join.free', card.free),
        card.spectators > 0 ? t('top.watching', { n: card.spectators }) : '',
      ]
        .filter(Boolean)
        .join(' · '),
    ),
  ];
  el.replaceChildren(...parts.filter((x) => x !== null));
}
