/** The lobby: five seats (sit, leave, bots, kick), the host's settings, Start, and the invite link. */
import { type BotStrength, botStrength, tableClock } from '@blaze/protocol';
import { h, patch } from './dom.js';
import { t } from './i18n/index.js';
import { seatOffer } from './seatOffer.js';
import type { Send } from './send.js';
import type { ClientTable } from './store/snapshot.js';

export const WINDOW_CHOICES = [1000, 2000, 3000, 5000, 8000];
/** The server's own list (its zod enum), 'off' first: friends may play with no clock at all. */
export const CLOCK_CHOICES = tableClock.options;

/** The host picks each bot's strength; everyone else reads it. */
function strengthPicker(seat: number, shown: string, host: boolean, held: boolean, send: Send): HTMLElement {
  // The server's own list of strengths (the zod enum it validates against), so the two never drift.
  const parsed = botStrength.safeParse(shown);
  const strength: BotStrength = parsed.success ? parsed.data : 'normal';
  if (!host) return h('span', { class: 'strength', testid: `strength-${seat}` }, t(`lobby.strength.${strength}`));
  const select = h(
    'select',
    { testid: `strength-${seat}`, 'aria-label': t('lobby.strength'), disabled: held },
    botStrength.options.map((k) => h('option', { value: k, selected: strength === k }, t(`lobby.strength.${k}`))),
  ) as HTMLSelectElement;
  select.addEventListener('change', () => {
    const picked = botStrength.safeParse(select.value);
    if (picked.success) send('botStrength', { seat, strength: picked.data });
  });
  return select;
}

/** Seats a game may start with (3-5 occupied). */
export function seatedCount(tb: ClientTable): number {
  return tb.seats.filter((s) => s.occupied).length;
}

/** Blaze's table: 3 to 5 players, all seated. */
const BLAZE_SEATED = { min: 3, max: 5 };

function startsWith(range: { min: number; max: number }, seated: number): boolean {
  return seated >= range.min && seated <= range.max;
}

/**
 * What this client may press in the lobby now. While a start waits for its record (`starting`) the
 * server refuses every change (STARTING), so the controls are disabled (not hidden: nothing jumps).
 */
export function lobbyOffers(tb: ClientTable): { start: boolean; seats: boolean; settings: boolean } {
  const n = seatedCount(tb);
  const open = !tb.starting;
  return { start: open && tb.isHost && startsWith(BLAZE_SEATED, n), seats: open, settings: open && tb.isHost };
}

/**
 * A game's own lobby options (a game on the generic wire: Durak's players, Ambush, Team Battle), in
 * place of Blaze's first player and window; `key` changes when they must be drawn again.
 */
export interface LobbyGameOptions {
  key: string;
  fields(enabled: boolean): HTMLElement[];
  /** How many seated people Start takes (bots fill the rest at the start), said when it cannot. */
  seated: { min: number; max: number };
}

/** `back`: between games, the way back to the results (their Rematch is this Start). */
export function renderLobby(
  el: HTMLElement,
  tb: ClientTable,
  o: { send: Send; invite: string; back?: () => void; game?: LobbyGameOptions },
): void {
  const key = JSON.stringify([
    o.game?.key ?? '',
    tb.seats,
    tb.settings,
    tb.mySeat,
    tb.isHost,
    tb.starting,
    o.back !== undefined,
    t('lobby.title'),
  ]);
  patch(el, key, () => {
    const { send } = o;
    const host = tb.isHost;
    const seated = tb.mySeat >= 0;
    const may = lobbyOffers(tb);
    if (o.game) may.start = !tb.starting && host && startsWith(o.game.seated, seatedCount(tb));
    const held = !may.seats;
    const rows = tb.seats.map((s) => {
      const mine = s.seat === tb.mySeat;
      const tags = [
        mine ? t('lobby.you') : '',
        s.host ? t('lobby.host') : '',
        s.bot ? t('lobby.bot') : '',
        s.occupied && !s.bot && !s.connected ? t('lobby.offline') : '',
      ].filter(Boolean);
      return h(
        'li',
        { testid: `seat-${s.seat}`, class: mine ? 'mine' : '' },
        h('span', { class: 'seat-no' }, t('lobby.seat', { n: s.seat + 1 })),
        h('span', { class: 'seat-name' }, s.occupied ? s.name : t('lobby.empty')),
        tags.length ? h('span', { class: 'tags' }, tags.join(' · ')) : null,
        s.occupied && s.bot ? strengthPicker(s.seat, s.strength ?? '', host, held, send) : null,
        h(
          'span',
          { class: 'seat-actions' },
          // Anyone not seated (a spectator too) may take a free seat.
          !s.occupied && !seated
            ? h(
                'button',
                { testid: `sit-${s.seat}`, disabled: held, onclick: () => send('sit', { seat: s.seat }) },
                t('lobby.sit'),
              )
            : null,
          mine
            ? h('button', { testid: 'leave', disabled: held, onclick: () => send('leave', {}) }, t('lobby.leave'))
            : null,
          host && !s.occupied
            ? h(
                'button',
                { testid: `add-bot-${s.seat}`, disabled: held, onclick: () => send('addBot', { seat: s.seat }) },
                t('lobby.addBot'),
              )
            : null,
          host && s.occupied && s.bot
            ? h(
                'button',
                { testid: `remove-bot-${s.seat}`, disabled: held, onclick: () => send('removeBot', { seat: s.seat }) },
                t('lobby.removeBot'),
              )
            : null,
          host && s.occupied && !s.bot && !mine
            ? h(
                'button',
                { testid: `kick-${s.seat}`, disabled: held, onclick: () => send('kick', { seat: s.seat }) },
                t('lobby.kick'),
              )
            : null,
        ),
      );
    });
    const st = tb.settings;
    const first = h(
      'select',
      { testid: 'setting-first', disabled: !may.settings },
      h('option', { value: '-1', selected: st.firstPlayer < 0 }, t('lobby.random')),
      tb.seats.map((s) =>
        h(
          'option',
          { value: String(s.seat), selected: st.firstPlayer === s.seat },
          `${t('lobby.seat', { n: s.seat + 1 })}${s.occupied ? ` · ${s.name}` : ''}`,
        ),
      ),
    );
    first.addEventListener('change', () => send('settings', { firstPlayer: Number(first.value) }));
    const windowChoices = WINDOW_CHOICES.includes(st.windowMs) ? WINDOW_CHOICES : [...WINDOW_CHOICES, st.windowMs];
    const win = h(
      'select',
      { testid: 'setting-window', disabled: !may.settings },
      windowChoices.map((ms) =>
        h('option', { value: String(ms), selected: st.windowMs === ms }, t('lobby.seconds', { n: ms / 1000 })),
      ),
    );
    win.addEventListener('change', () => send('settings', { windowMs: Number(win.value) }));
    const clock = h(
      'select',
      { testid: 'setting-clock', disabled: !may.settings },
      CLOCK_CHOICES.map((c) => h('option', { value: c, selected: st.clock === c }, t(`lobby.clock.${c}`))),
    );
    clock.addEventListener('change', () => send('settings', { clock: clock.value as (typeof CLOCK_CHOICES)[number] }));
    const n = seatedCount(tb);
    const range = o.game?.seated ?? BLAZE_SEATED;
    const canStart = startsWith(range, n);
    const copy = h('button', { testid: 'copy-invite', class: 'primary' }, t('lobby.invite'));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(o.invite);
      } catch {
        // clipboard may be blocked: the link is shown and selectable anyway
      }
      copy.textContent = t('lobby.copied');
      setTimeout(() => {
        copy.textContent = t('lobby.invite');
      }, 1500);
    });
    return [
      o.back ? h('button', { testid: 'back-to-results', onclick: o.back }, t('lobby.backToResults')) : null,
      h('h2', {}, t('lobby.title')),
      h(
        'div',
        { class: 'invite row' },
        h('input', {
          testid: 'invite-link',
          'aria-label': t('lobby.invite'),
          readOnly: true,
          value: o.invite,
          onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
        }),
        copy,
      ),
      // The seat rows carry the Sit buttons here; the offer only says so.
      seatOffer(tb, send, false),
      h('ul', { class: 'seats' }, rows),
      h(
        'fieldset',
        { class: 'settings', testid: 'settings' },
        h('legend', {}, t('lobby.settings')),
        ...(o.game
          ? o.game.fields(may.settings)
          : [h('label', {}, t('lobby.firstPlayer'), first), h('label', {}, t('lobby.window'), win)]),
        h('label', {}, t('lobby.clock'), clock),
      ),
      host
        ? h(
            'button',
            {
              testid: 'start',
              class: 'primary big',
              // Held by a start under way, Start keeps the focus of whoever pressed it (a disabled
              // button cannot hold it: it fell to the page's heading, away from the wait being said).
              disabled: !may.start && !held,
              'aria-disabled': held ? 'true' : undefined,
              // Read with it: why it is held.
              'aria-describedby': held ? 'lobby-starting' : undefined,
              onclick: (e: Event) => {
                if ((e.currentTarget as HTMLElement).getAttribute('aria-disabled') !== 'true') send('start', {});
              },
            },
            t('lobby.start'),
          )
        : null,
      // Where the eye is after pressing Start (and in place of "waiting for the host"): the wait, said.
      held
        ? h('p', { class: 'msg', testid: 'starting', id: 'lobby-starting' }, t('banner.starting'))
        : !host
          ? h('p', { class: 'msg' }, t('lobby.waitHost'))
          : !canStart
            ? h('p', { class: 'msg' }, t('lobby.needPlayers', range))
            : null,
    ];
  });
}
