/** Side panels: the game log in words, the rules in our own words, and chat. */

import type { GameClient } from '../games/registry.js';
import { h, patch } from './dom.js';
import { t } from './i18n/index.js';
import { quickPhrases } from './quickPhrases.js';
import type { Send } from './send.js';
import type { ClientTable } from './store/snapshot.js';

export type Tab = 'log' | 'rules' | 'chat';

/** The game's words for its log lines, and its rules (Blaze's when it gives none). */
export type PanelWords = Pick<GameClient, 'logWords' | 'toldLines'> & {
  /** The rules tab's paragraphs, in the page's language. */
  rules?: () => string[];
};

export class SidePanels {
  readonly el: HTMLElement;
  private body = h('div', { class: 'panel-body' });
  // Focusable, so the keyboard can scroll a long log (axe: scrollable-region-focusable).
  private logList = h('ul', { class: 'log', testid: 'log', tabIndex: 0 });
  private chatList = h('ul', { class: 'chat', testid: 'chat-list' });
  private chatInput = h('input', { testid: 'chat-input', maxLength: 200 });
  private tabs: Record<Tab, HTMLButtonElement>;
  private tab: Tab = 'log';

  constructor(
    private send: Send,
    /** The game's words for its log lines. */
    private game: PanelWords,
  ) {
    const mk = (tab: Tab) => h('button', { testid: `tab-${tab}`, onclick: () => this.show(tab) });
    this.tabs = { log: mk('log'), rules: mk('rules'), chat: mk('chat') };
    this.el = h(
      'aside',
      { class: 'side', testid: 'side' },
      h('nav', { class: 'tabs' }, Object.values(this.tabs)),
      this.body,
    );
    this.chatInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.sendChat();
    });
    this.relabel();
    this.show('log');
  }

  private sendChat(): void {
    const text = this.chatInput.value.trim();
    if (!text) return;
    this.send('chat', { text });
    this.chatInput.value = '';
  }

  relabel(): void {
    this.tabs.log.textContent = t('top.log');
    this.tabs.rules.textContent = t('top.rules');
    this.tabs.chat.textContent = t('top.chat');
    this.chatInput.placeholder = t('chat.placeholder');
    // A Tab stop of its own (to scroll it), so it has a name even while no move is in it yet.
    this.logList.setAttribute('aria-label', t('log.title'));
    this.logList.dataset.key = '';
    this.show(this.tab);
  }

  /** The tab chosen now. */
  current(): Tab {
    return this.tab;
  }

  show(tab: Tab): void {
    this.tab = tab;
    for (const [k, b] of Object.entries(this.tabs)) b.classList.toggle('chosen', k === tab);
    if (tab === 'log') this.body.replaceChildren(h('h3', {}, t('log.title')), this.logList);
    else if (tab === 'rules')
      this.body.replaceChildren(
        h('h3', {}, t('rules.title')),
        // One paragraph per part of a turn (it was one block of 14 sentences).
        h(
          'div',
          { class: 'rules', testid: 'rules' },
          (this.game.rules?.() ?? t('rules.body').split('\n')).map((part) => h('p', {}, part)),
        ),
      );
    else
      this.body.replaceChildren(
        h('h3', {}, t('chat.title')),
        this.chatList,
        h(
          'div',
          { class: 'row' },
          this.chatInput,
          h('button', { testid: 'chat-send', onclick: () => this.sendChat() }, t('chat.send')),
        ),
        quickPhrases(this.send),
      );
  }

  update(tb: ClientTable): void {
    const last = tb.log[tb.log.length - 1];
    patch(this.logList, `${tb.log.length}:${last?.seq ?? 0}:${t('log.title')}`, () =>
      this.game
        .toldLines(tb.log)
        .slice(-200)
        .reverse()
        .map((e) => h('li', { 'data-kind': e.kind }, this.game.logWords(e, tb))),
    );
    const lc = tb.chat[tb.chat.length - 1];
    const before = this.chatList.dataset.key;
    patch(this.chatList, `${tb.chat.length}:${lc?.seq ?? 0}`, () =>
      tb.chat.slice(-100).map((c) => h('li', {}, h('b', {}, `${c.name}: `), c.text)),
    );
    // The newest line in sight (a phone's short panel showed the oldest ones).
    if (this.chatList.dataset.key !== before) this.chatList.scrollTop = this.chatList.scrollHeight;
  }
}
