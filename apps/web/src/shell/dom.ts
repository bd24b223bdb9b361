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

/** Rebuilds `el`'s content only when `key` changed, so inputs and open selects survive state patches. */
export function patch(el: HTMLElement, key: string, build: () => Child[]): void {
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(...(build().filter(Boolean) as (Node | string)[]));
}

/** Sets a text only when it differs: a patch that changes nothing touches no DOM. */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
