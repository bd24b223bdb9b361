/**
 * A table that moved (its host switched games, issue 36 item 5): the page goes to the new table's
 * link, in the app (its router runs on popstate), where the seat token the server sent is waiting.
 * A link to the old table leads there too (main.ts asks movedTo before opening a table).
 */
const moves = new Map<string, string>();

/** The join page's look-up said this table moved (joinCard.ts). */
export function noteMoved(from: string, to: string): void {
  moves.set(from, to);
}

/** Where a table moved to, if a look-up said so. */
export function movedTo(id: string): string | undefined {
  return moves.get(id);
}

export function moveTo(table: string): void {
  history.pushState(null, '', `/t/${encodeURIComponent(table)}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
