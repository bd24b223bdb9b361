/** Entry: a tiny router. The home page is light; the table page (Pixi, Colyseus) loads on demand. */
import './noEval.js';
import './style.css';
import './shell/a11y/a11y.css';
import { initLang, onLangChange } from './shell/i18n/index.js';
import { registerServiceWorker } from './shell/offline.js';
import { homePage } from './shell/home.js';

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

async function route(): Promise<void> {
  dispose?.();
  dispose = null;
  const path = location.pathname;
  const id = tableIdOf(path);
  if (id) {
    const { tablePage } = await import('./shell/tablePage.js');
    dispose = tablePage(root, id);
    return;
  }
  const gameId = gameIdOf(path);
  if (gameId) {
    const { replayPage } = await import('./shell/replay/page.js');
    dispose = replayPage(root, gameId);
    return;
  }
  if (path === '/practice') {
    const { practicePage } = await import('./games/blaze/practice/page.js');
    dispose = practicePage(root);
    return;
  }
  if (path === '/learn') {
    const { learnPage } = await import('./games/blaze/learn/page.js');
    dispose = learnPage(root, go);
    return;
  }
  if (import.meta.env.DEV && path.startsWith('/dev/fixture')) {
    const { fixturePage } = await import('./games/blaze/dev/fixture.js');
    dispose = fixturePage(root);
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
  if (!tableIdOf(p) && !gameIdOf(p) && !p.startsWith('/dev/') && p !== '/learn' && p !== '/practice') void route();
});
void route();
