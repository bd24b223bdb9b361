/**
 * The join screen's view of a table before joining: who hosts, who sits (people and bots), how many
 * seats are free, whether a game runs. From GET /api/tables/:id/lookup; nothing there is secret.
 */

import { type TableCard, tableLookup } from '@blaze/protocol';
import { h } from './dom.js';
import { type MessageKey, t, tn } from './i18n/index.js';
import { noteMoved } from './net/moved.js';

/** Why a link leads to no table: the table closed, or no table ever had this id. */
export type NoTable = 'closed' | 'unknown';

/**
 * The table's card; 'closed' or 'unknown' when the server says it has no such table (`exists: false`,
 * a 200: a link to a closed table is no failed request, so the console stays quiet; `closed` says
 * whether it had one), 'unknown' when no such id could be a table (400); null when it gave no answer
 * worth keeping (no network, restarting): ask again later.
 */
export function fetchTableCard(tableId: string): Promise<TableCard | NoTable | null> {
  const early = asked.get(tableId);
  asked.delete(tableId);
  return early && Date.now() - early.at < FRESH_MS ? early.card : requestTableCard(tableId);
}

/** The router's early question (which game does the table play?), kept for the join screen's first. */
const asked = new Map<string, { at: number; card: Promise<TableCard | NoTable | null> }>();
const FRESH_MS = 5_000;

/**
 * The card, asked once for both the router and the join screen that follows it: the router's answer
 * is the join screen's first if it comes within a few seconds (one request per page open, not two).
 */
export function lookAheadTableCard(tableId: string): Promise<TableCard | NoTable | null> {
  const card = requestTableCard(tableId);
  asked.set(tableId, { at: Date.now(), card });
  return card;
}

async function requestTableCard(tableId: string): Promise<TableCard | NoTable | null> {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/lookup`, { cache: 'no-store' });
    if (res.status === 400) return 'unknown';
    if (!res.ok) return null;
    const parsed = tableLookup.safeParse(await res.json());
    if (!parsed.success) return null;
    if (parsed.data.exists) return parsed.data.card;
    if (parsed.data.movedTo) noteMoved(tableId, parsed.data.movedTo);
    return parsed.data.closed === true ? 'closed' : 'unknown';
  } catch {
    return null;
  }
}

/**
 * Whether "Join table" is offered: not when every seat is taken, nor while a game runs or a start
 * waits for its record (the server seats nobody then: someone joining to sit would only watch, and
 * takes a free seat from the results once the game ends), so Watch is the offer. Someone who held a
 * seat here (`returning`: this browser has the table's seat token and was not watching) gets it
 * back by token whatever the table is doing, so "Join table" stays theirs.
 */
export function sitOffered(card: TableCard | null, returning = false): boolean {
  if (returning || card === null) return true;
  return card.free > 0 && (card.status === 'lobby' || card.status === 'finished');
}

/** The card's first line: what the table is doing, and what joining now would do. */
export function statusKey(card: TableCard, returning: boolean): MessageKey {
  const running = card.status === 'playing' || card.status === 'starting';
  return returning && running ? 'join.status.yourSeat' : `join.status.${card.status}`;
}

export function renderTableCard(el: HTMLElement, card: TableCard | null, returning = false): void {
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
    h('p', { testid: 'join-status' }, t(statusKey(card, returning))),
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
