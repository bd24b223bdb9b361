/**
 * Issue 39, finding 7: the pages (/, /t/<id>, /r/<id>, assets), the API and the matchmaker answer
 * with the security headers: a Content-Security-Policy without eval or inline code that no other
 * origin may frame, X-Frame-Options DENY, nosniff and a referrer policy. Browser side:
 * tests/browser/headers.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTable, startServer, useServer } from './helpers.js';

const staticDir = mkdtempSync(join(tmpdir(), 'blaze-static-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="app"></div>');
writeFileSync(join(staticDir, 'assets', 'a.js'), 'export {};');
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

/** The policy as a map of directive to its sources. */
function policy(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

function expectHeaders(res: Response, what: string): void {
  const h = res.headers;
  const csp = policy(h.get('content-security-policy'));
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('worker-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('referrer-policy'), what).toBe('same-origin');
}

describe('security headers', () => {
  const srv = useServer({ staticDir });
  const http = () => srv.endpoint.replace('ws', 'http');

  it('are on every page, asset and API answer', async () => {
    const id = await createTable(srv.endpoint);
    const answers: [string, number][] = [
      ['/', 200],
      [`/t/${id}`, 200],
      [`/r/${id}-1`, 200],
      ['/assets/a.js', 200],
      [`/api/tables/${id}/lookup`, 200],
      ['/api/tables', 404],
      ['/healthz', 200],
      ['/matchmake/', 404],
    ];
    for (const [path, status] of answers) {
      const res = await fetch(`${http()}${path}`);
      expect(res.status, path).toBe(status);
      expectHeaders(res, path);
    }
    const made = await fetch(`${http()}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(made.status).toBe(201);
    expectHeaders(made, 'POST /api/tables');
    // Refused at the edge, before express: still with the headers.
    const refused = await fetch(`${http()}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024),
    });
    expect(refused.status).toBe(413);
    expectHeaders(refused, 'refused body');
  });

  it("lets the page's websockets reach PUBLIC_ADDRESS when it is another origin", async () => {
    const own = await startServer({ staticDir, publicAddress: 'play.example:8080/a' });
    try {
      const res = await fetch(`${own.endpoint.replace('ws', 'http')}/`);
      expect(policy(res.headers.get('content-security-policy')).get('connect-src')).toEqual([
        "'self'",
        'ws://play.example:8080',
        'wss://play.example:8080',
      ]);
    } finally {
      await own.server.close();
    }
  });
});
