/**
 * What a turn that just began calls for beyond the page (issue #40): nothing unless the player turned
 * turn alerts on (off by default); then a vibration, and a browser notification only when the page is
 * out of sight and the browser says the player allowed them.
 */
export interface TurnAlertInput {
  /** The player's setting. */
  enabled: boolean;
  /** This draw is the start of a move asked of this player. */
  turnBegan: boolean;
  /** The page is not visible (another tab, minimised). */
  hidden: boolean;
  /** Notification.permission, or 'unsupported'. */
  permission: NotificationPermission | 'unsupported';
}

export function turnAlert(i: TurnAlertInput): { vibrate: boolean; notify: boolean } {
  if (!i.enabled || !i.turnBegan) return { vibrate: false, notify: false };
  return { vibrate: true, notify: i.hidden && i.permission === 'granted' };
}
