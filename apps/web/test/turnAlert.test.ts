/** Turn alerts (issue #40): off by default; a notification only out of sight and when allowed. */
import { describe, expect, it } from 'vitest';
import { turnAlert } from '../src/shell/logic/turnAlert.js';

const base = { enabled: true, turnBegan: true, hidden: true, permission: 'granted' as const };

describe('turn alert', () => {
  it('does nothing while the setting is off, or when no turn began', () => {
    expect(turnAlert({ ...base, enabled: false })).toEqual({ vibrate: false, notify: false });
    expect(turnAlert({ ...base, turnBegan: false })).toEqual({ vibrate: false, notify: false });
  });

  it('vibrates on a turn, and notifies only a hidden page whose player allowed it', () => {
    expect(turnAlert(base)).toEqual({ vibrate: true, notify: true });
    expect(turnAlert({ ...base, hidden: false })).toEqual({ vibrate: true, notify: false });
    expect(turnAlert({ ...base, permission: 'default' })).toEqual({ vibrate: true, notify: false });
    expect(turnAlert({ ...base, permission: 'denied' })).toEqual({ vibrate: true, notify: false });
    expect(turnAlert({ ...base, permission: 'unsupported' })).toEqual({ vibrate: true, notify: false });
  });
});
