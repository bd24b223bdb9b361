/**
 * Security headers on every HTTP answer (pages, assets, the API, Colyseus' matchmaker), set by helmet.
 * The policy is what the client needs and no more: its scripts, module worker and service worker
 * come from this origin; PixiJS runs without eval (the client loads pixi.js/unsafe-eval, which
 * replaces its generated functions); websockets go to this origin, or to PUBLIC_ADDRESS when
 * several processes announce their own. No page may be framed (the host's buttons cannot be
 * clickjacked), and no referrer leaves with a table's address in it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export type SetHeaders = (req: IncomingMessage, res: ServerResponse) => void;

/** `host[:port][/path]` as config.ts accepts PUBLIC_ADDRESS: the sockets' origin, both schemes. */
function socketSources(publicAddress: string | undefined): string[] {
  if (!publicAddress) return [];
  const host = publicAddress.split('/')[0] as string;
  return [`ws://${host}`, `wss://${host}`];
}

export function securityHeaders(publicAddress?: string): SetHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        // The practice bots' module worker and /sw.js, both files of this origin.
        'worker-src': ["'self'"],
        'style-src': ["'self'"],
        // The favicon is a data: URL; PixiJS may upload textures made from blobs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        // CSP 3: 'self' matches ws: and wss: on this origin too.
        'connect-src': ["'self'", ...socketSources(publicAddress)],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // A self-hoster's other subdomains may not speak HTTPS: only this host is pinned (and only over HTTPS).
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  // helmet only sets headers and calls next at once, so it runs outside express as well.
  return (req, res) => middleware(req, res, () => {});
}
