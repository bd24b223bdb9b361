import { defineConfig } from 'vite';
import { serviceWorker } from './build/serviceWorker.js';

// Dev: the game server runs on 127.0.0.1:2567 (PORT); the dev server proxies the API, the health
// check and Colyseus (matchmaking over HTTP and the websocket) under /colyseus. Production is same-origin.
const target = `http://127.0.0.1:${process.env.BLAZE_SERVER_PORT ?? 2567}`;

export default defineConfig({
  plugins: [serviceWorker()],
  resolve: {
    alias: [
      // colyseus.js' MessagePack, in its build without generated readers: the page's policy allows no
      // eval, and the usual build tries `new Function` as it loads (a reported violation on every page).
      { find: /^@colyseus\/msgpackr$/, replacement: '@colyseus/msgpackr/index-no-eval' },
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target },
      '/healthz': { target },
      '/colyseus': { target, ws: true, rewrite: (p) => p.replace(/^\/colyseus/, '') || '/' },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
  },
});
