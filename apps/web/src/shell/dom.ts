/** A tiny DOM builder: h('button', { testid: 'start', onclick }, 'Start'). */
type Attrs = Record<string, unknown> & { testid?: string; class?: string };
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'testid') el.setAttribute('data-testid', String(v));
    else if (k === 'class') el.className = String(v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k in el && k !== 'list') (el as unknown as Record<string, unknown>)[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
  return el;
}

/**
 * A press under way: the node a pointer went down on, until it comes up. A patch that rebuilt that
 * node between the pointer's down and up would lose the click (down on the old button, up on its
 * copy: the browser sends no click): Start pressed as a friend sits down, Play as another seat moves.
 */
let pressed: Node | null = null;
const held = new Map<HTMLElement, () => void>();
/** A pointer whose up never reaches the page (released outside the window) holds no patch for long. */
const HOLD_LIMIT_MS = 1000;
let limit: ReturnType<typeof setTimeout> | undefined;

function release(): void {
  pressed = null;
  clearTimeout(limit);
  // After the click: the browser sends pointerup, mouseup and click in one task.
  setTimeout(() => {
    if (pressed) return;
    const due = [...held.values()];
    held.clear();
    for (const run of due) run();
  }, 0);
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (e) => {
      pressed = e.target instanceof Node ? e.target : null;
      clearTimeout(limit);
      limit = setTimeout(release, HOLD_LIMIT_MS);
    },
    true,
  );
  for (const type of ['pointerup', 'pointercancel'] as const) document.addEventListener(type, release, true);
  window.addEventListener('blur', release);
}

/**
 * Rebuilds `el`'s content only when `key` changed, so inputs and open selects survive state patches.
 * While a pointer is down inside `el`, the rebuild waits for it to come up (the newest one wins), and
 * the focus the press gave a control goes to the same control rebuilt.
 */
export function patch(el: HTMLElement, key: string, build: () => Child[]): void {
  if (el.dataset.key === key) {
    held.delete(el);
    return;
  }
  if (pressed && el.contains(pressed)) {
    held.set(el, () => {
      const active = document.activeElement;
      const id = active instanceof HTMLElement && el.contains(active) ? active.dataset.testid : undefined;
      patch(el, key, build);
      if (id && !(document.activeElement instanceof HTMLElement && el.contains(document.activeElement)))
        el.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
    });
    return;
  }
  held.delete(el);
  el.dataset.key = key;
  el.replaceChildren(...(build().filter(Boolean) as (Node | string)[]));
}

/** Sets a text only when it differs: a patch that changes nothing touches no DOM. */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
