/**
 * The table in words stays open while the focus moves from it to another control of the table (issue
 * #40, finding 5). It opened on :focus-within alone: a click on Play after choosing a card in it took
 * the focus out, the panel closed between the press and the release, Play jumped 300 px down under
 * the pointer and the click was lost. It closes once the focus leaves the table altogether.
 */
export function holdMirrorOpen(mirror: HTMLElement, table: HTMLElement): () => void {
  const open = () => mirror.classList.add('open');
  const leave = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (to !== null && table.contains(to)) return;
    mirror.classList.remove('open');
  };
  mirror.addEventListener('focusin', open);
  table.addEventListener('focusout', leave);
  return () => {
    mirror.removeEventListener('focusin', open);
    table.removeEventListener('focusout', leave);
  };
}
