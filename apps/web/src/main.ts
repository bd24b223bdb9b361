/** Entry: a tiny router. The home page is light; the table page (Pixi, Colyseus) loads on demand. */
import './noEval.js';
import './style.css';
import './shell/a11y/a11y.css';
import { DEFAULT_GAME, GAMES, gameMeta, gamePage, loadGame, openTable } from './games/registry.js';
import { homePage } from './shell/home.js';
import { initLang, onLangChange } from './shell/i18n/index.js';
import { lookAheadTableCard } from './shell/joinCard.js';
import { isTableId } from './shell/net/endpoint.js';
import { movedTo } from './shell/net/moved.js';
import { registerServiceWorker } from './shell/offline.js';
import { clientFor, otherGamePage } from './shell/otherGame.js';

initLang();
registerServiceWorker();
const root = document.getElementById('app') as HTMLElement;
let dispose: (() => void) | null = null;

function tableIdOf(path: string): string | null {
  const m = /^\/t\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

function gameIdOf(path: string): string | null {
  const m = /^\/r\/([A-Za-z0-9_-]+-\d+)\/?$/.exec(path);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** The game a table plays, from its card; null when the server did not say (offline, no such table). */
async function tableGame(id: string): Promise<string | null> {
  // An id no table can have is not asked about: the table page says so at once.
  if (!isTableId(id)) return null;
  const card = await lookAheadTableCard(id);
  return typeof card === 'object' && card !== null ? card.game : null;
}

async function route(): Promise<void> {
  dispose?.();
  dispose = null;
  const path = location.pathname;
  const id = tableIdOf(path);
  if (id) {
    // The table's game from its card, while the shell's page loads: a table of a game this page has
    // no client for is said so, not opened as Blaze's.
    const [played, { tablePage }] = await Promise.all([tableGame(id), import('./shell/tablePage.js')]);
    // A table its host moved to another game: its link leads to the new table (one hop a look-up).
    const moved = movedTo(id);
    if (moved && moved !== id) {
      history.replaceState(null, '', `/t/${encodeURIComponent(moved)}`);
      return route();
    }
    const client = clientFor(
      played,
      GAMES.map((g) => g.meta.id),
      DEFAULT_GAME,
    );
    if (client === null) {
      dispose = otherGamePage(root, played ?? '');
      return;
    }
    dispose = await openTable(client, root, id, tablePage);
    return;
  }
  const gameId = gameIdOf(path);
  if (gameId) {
    const [{ replayPage }, game] = await Promise.all([import('./shell/replay/page.js'), loadGame()]);
    dispose = replayPage(root, gameId, game);
    return;
  }
  if (path === '/practice') {
    dispose = (await gameMeta().pages.practice())(root);
    return;
  }
  if (path === '/learn') {
    dispose = (await gameMeta().pages.learn())(root, go);
    return;
  }
  const own = gamePage(path);
  if (own) {
    dispose = (await own())(root, go);
    return;
  }
  if (import.meta.env.DEV && path.startsWith('/dev/fixture')) {
    const open = gameMeta().pages.fixture;
    if (open) dispose = (await open())(root);
    return;
  }
  dispose = homePage(root, go);
}

function go(path: string): void {
  history.pushState(null, '', path);
  void route();
}

// In-app links (data-link) navigate without a reload.
document.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement | null)?.closest?.('a[data-link]') as HTMLAnchorElement | null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey) return;
  e.preventDefault();
  go(new URL(a.href).pathname);
});
window.addEventListener('popstate', () => void route());
// The home page re-renders on a language switch; the table page relabels itself.
onLangChange(() => {
  const p = location.pathname;
  if (!tableIdOf(p) && !gameIdOf(p) && !p.startsWith('/dev/') && p !== '/learn' && p !== '/practice' && !gamePage(p))
    void route();
});
void route();
