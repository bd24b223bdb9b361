/**
 * Chat that arrives where it is seen (issue #40, finding 4): a count of unread lines on the chat tab
 * and on the phone's ☰ button, and a toast with the sender and the line while the chat is closed. The
 * toast is a polite live region, so a screen reader hears the line too. Tapping the toast, or ☰
 * while lines are unread, opens the chat on them.
 */
import { clearOnLangChange, sayLive } from './a11y/liveLine.js';
import { h, setText } from './dom.js';
import { t } from './i18n/index.js';
import { chatNews } from './logic/chatCue.js';
import type { ClientTable } from './store/snapshot.js';

export interface ChatCueParts {
  /** The phone's ☰ button (hidden on wide screens). */
  panelBtn: HTMLElement;
  /** The side panel; its chat tab carries the count too. */
  side: HTMLElement;
  /** Whether the chat is on screen now (its tab chosen and the panel shown). */
  chatOpen: () => boolean;
  /** Shows the chat (on a phone: opens the panel on it). */
  openChat: () => void;
  /** The name this page joined with (tells a watcher's own lines). */
  myName: () => string | null;
}

const TOAST_MS = 6000;

export class ChatCue {
  readonly toast: HTMLElement;
  private unread = 0;
  private lastSeq: number | null = null;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private badges: HTMLElement[] = [];

  constructor(private readonly p: ChatCueParts) {
    this.toast = h('button', {
      testid: 'chat-toast',
      class: 'chat-toast',
      hidden: true,
      onclick: () => p.openChat(),
    });
    // Its own live region beside the button: a button's changing text is not announced everywhere.
    this.live = h('div', { class: 'sr-only', testid: 'chat-live', role: 'log', 'aria-live': 'polite' });
    this.unclear = clearOnLangChange(this.live);
    // Whatever opened the chat (a tab, ☰ on a phone), its lines are read now.
    p.side.addEventListener('click', () => queueMicrotask(() => this.render()));
    p.panelBtn.addEventListener('click', () => {
      if (this.unread > 0) p.openChat();
      queueMicrotask(() => this.render());
    });
  }

  readonly live: HTMLElement;
  private readonly unclear: () => void;

  /** Counts and shows the lines that arrived since the last table. */
  update(tb: ClientTable): void {
    const news = chatNews(tb, this.lastSeq, this.p.myName());
    this.lastSeq = news.seq;
    const last = news.lines.at(-1);
    if (last && !this.p.chatOpen()) {
      this.unread += news.lines.length;
      setText(this.toast, t('chat.toast', { name: last.name, text: last.text }));
      this.toast.hidden = false;
      clearTimeout(this.hideTimer);
      this.hideTimer = setTimeout(() => {
        this.toast.hidden = true;
      }, TOAST_MS);
    }
    for (const c of news.lines) sayLive(this.live, t('chat.toast', { name: c.name, text: c.text }), 10);
    this.render();
  }

  /** The badges, as the chat is now open or not (called on every draw: a tab may have opened it). */
  render(): void {
    if (this.p.chatOpen()) {
      this.unread = 0;
      this.toast.hidden = true;
    }
    for (const b of this.badges) b.remove();
    this.badges = [];
    const chatTab = this.p.side.querySelector<HTMLElement>('[data-testid="tab-chat"]');
    const label = t('chat.unread', { n: this.unread });
    for (const [host, id] of [
      [this.p.panelBtn, 'panel-unread'],
      [chatTab, 'chat-unread'],
    ] as const) {
      if (!host) continue;
      if (this.unread > 0) {
        const b = h('span', { class: 'unread', testid: id, 'aria-hidden': 'true' }, String(this.unread));
        host.append(b);
        this.badges.push(b);
      }
      // The count in the button's name: the badge itself is only drawn.
      const name = host === chatTab ? t('top.chat') : t('top.panels');
      host.setAttribute('aria-label', this.unread > 0 ? `${name}, ${label}` : name);
    }
  }

  destroy(): void {
    this.unclear();
    clearTimeout(this.hideTimer);
  }
}
