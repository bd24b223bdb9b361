/**
 * One-tap chat lines (issue #40): a few phrases in the reader's language, sent as ordinary chat
 * lines (the server's chat message, its length and cleaning rules unchanged), so a phone player can
 * greet the table without the keyboard covering it.
 */

import { h } from './dom.js';
import { type MessageKey, t } from './i18n/index.js';
import type { Send } from './send.js';

export const PHRASES: readonly MessageKey[] = ['chat.phrase.1', 'chat.phrase.2', 'chat.phrase.3', 'chat.phrase.4'];

export function quickPhrases(send: Send): HTMLElement {
  return h(
    'div',
    { class: 'phrases', role: 'group', 'aria-label': t('chat.phrases'), testid: 'phrases' },
    PHRASES.map((key, k) =>
      h('button', { testid: `phrase-${k + 1}`, onclick: () => send('chat', { text: t(key) }) }, t(key)),
    ),
  );
}
