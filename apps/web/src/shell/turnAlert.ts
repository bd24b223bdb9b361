/**
 * The turn-alert setting (off by default, remembered) and the alerts it allows (logic/turnAlert.ts).
 * Turning it on is a click: the one moment a browser lets a page ask for notifications.
 */

import { h } from './dom.js';
import { t } from './i18n/index.js';
import { turnAlert } from './logic/turnAlert.js';
import { load, save } from './net/storage.js';

const KEY = 'blaze.turnAlerts';
const permission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

export class TurnAlerts {
  readonly button = h('button', { testid: 'turn-alerts', class: 'turn-alerts' });
  private on = load(KEY) === '1';

  constructor() {
    this.button.addEventListener('click', () => {
      this.on = !this.on;
      save(KEY, this.on ? '1' : '0');
      if (this.on && permission() === 'default') void Notification.requestPermission().catch(() => {});
      this.label();
    });
    this.label();
  }

  label(): void {
    this.button.textContent = t(this.on ? 'alerts.on' : 'alerts.off');
    this.button.setAttribute('aria-pressed', this.on ? 'true' : 'false');
  }

  /** Called on every draw: `turnBegan` when a move asked of this player has just begun. */
  turn(turnBegan: boolean, title: string): void {
    const a = turnAlert({ enabled: this.on, turnBegan, hidden: document.hidden, permission: permission() });
    if (a.vibrate) navigator.vibrate?.(200);
    if (a.notify) {
      try {
        new Notification(title, { tag: 'blaze-turn' });
      } catch {
        // a browser that lists Notification but refuses the constructor (Android Chrome): the tab cue stays
      }
    }
  }
}
