/**
 * Keyboard focus never falls to <body> when a state change hides or rebuilds the control that held
 * it (Start hides the lobby, a rebuilt action bar replaces its buttons, the game's end shows the
 * results): a keyboard or screen-reader player would have to find their way back from the top.
 * It goes to the same control rebuilt, else to where the page now is.
 */

/** Whether focus can rest on `el` now: in the page, shown, not disabled. */
function usable(el: HTMLElement): boolean {
  return el.isConnected && el.getClientRects().length > 0 && !(el as HTMLButtonElement).disabled;
}

export interface FocusPlan {
  /** Where a lost focus goes when the same control is not there any more. */
  fallback: () => HTMLElement | null;
  /** An overlay that just opened and takes the focus, but from a field being typed in (the results). */
  opened?: () => HTMLElement | null;
}

/** Whether the focus rests nowhere a keyboard can act from. */
function lost(): boolean {
  const a = document.activeElement;
  return !(a instanceof HTMLElement) || a === document.body || !usable(a);
}

/** Whether the focus is in a field someone types into. */
function typing(): boolean {
  const tag = document.activeElement?.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Runs `render` inside `scope`, then puts a focus it lost back where it belongs. */
export function keepFocus(scope: HTMLElement, plan: FocusPlan, render: () => void): void {
  const active = document.activeElement;
  const held = active instanceof HTMLElement && active !== scope && scope.contains(active) ? active : null;
  const id = held?.dataset.testid;
  render();
  const opened = plan.opened?.() ?? null;
  if (opened) {
    // Once every part of the page has redrawn (the screen-reader table rebuilds its own buttons).
    // Whoever is typing (a chat line) keeps their field; any other focus moves to what just opened.
    // A second redraw before then may have rebuilt it: the same control by its testid.
    queueMicrotask(() => {
      const id = opened.dataset.testid;
      const now =
        opened.isConnected || !id ? opened : scope.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`);
      if (now && (lost() || !typing())) now.focus({ preventScroll: true });
    });
    return;
  }
  if (!held || usable(held)) return;
  const again = id ? scope.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`) : null;
  (again && usable(again) ? again : plan.fallback())?.focus({ preventScroll: true });
}
