/**
 * The compose stack, checked without a Docker engine: the YAML parses into the topology the README
 * describes, every server's environment passes config.ts, each server's PUBLIC_ADDRESS path is a
 * proxy location that reaches that server, and nginx itself accepts the proxy config (`nginx -t`,
 * with the compose service names pointed at loopback since they only resolve inside Docker).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../src/config.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      command?: string[];
      environment?: Record<string, string>;
      volumes?: string[];
      ports?: string[];
      healthcheck?: { test?: string[] };
      depends_on?: Record<string, { condition?: string }> | string[];
    }
  >;
  volumes: Record<string, unknown>;
};
const nginxConf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');

describe('docker-compose.yml', () => {
  it('Redis with persistence, two game servers built from the Dockerfile, an official nginx in front', () => {
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(['proxy', 'redis', 'server-a', 'server-b']);
    expect(s.redis?.command?.join(' ')).toMatch(/--appendonly yes/);
    expect(s.redis?.volumes?.[0]).toMatch(/^redis-data:\/data$/);
    expect(compose.volumes).toHaveProperty('redis-data');
    expect(s.proxy?.image).toMatch(/^nginx:/);
    expect(s.proxy?.ports).toEqual(['8080:80']);
    for (const name of ['server-a', 'server-b']) {
      expect(s[name]?.build).toBe('.');
      expect(s[name]?.ports, `${name} is reached through the proxy only`).toBeUndefined();
    }
  });

  it("each server's settings pass config.ts, and its announced path is a proxy location to itself", () => {
    const paths = new Set<string>();
    for (const name of ['server-a', 'server-b']) {
      const env = compose.services[name]?.environment ?? {};
      const parsed = parseConfig(env);
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.config.REDIS_URL).toBe('redis://redis:6379');
      expect(parsed.config.TRUST_PROXY).toBe(true);
      const path = /^[^/]+(\/\w+)$/.exec(parsed.config.PUBLIC_ADDRESS ?? '')?.[1];
      expect(path, name).toBeDefined();
      paths.add(path as string);
      const location = new RegExp(`location ${path}/ \\{\\s*proxy_pass http://${name}:${parsed.config.PORT}/;`);
      expect(nginxConf).toMatch(location);
    }
    expect(paths.size).toBe(2);
  });

  it('metrics: each server on a port of its own, open to the compose network only, which the proxy never reaches', () => {
    for (const name of ['server-a', 'server-b']) {
      const parsed = parseConfig(compose.services[name]?.environment ?? {});
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.config.METRICS_TOKEN).toBeUndefined();
      expect(parsed.config.METRICS_HOST).toBe('0.0.0.0');
      expect(parsed.config.METRICS_PORT).not.toBe(parsed.config.PORT);
      expect((compose.services[name] as { expose?: string[] }).expose).toContain(String(parsed.config.METRICS_PORT));
      expect(compose.services[name]?.ports).toBeUndefined();
      expect(nginxConf).not.toContain(`:${parsed.config.METRICS_PORT}`);
    }
  });

  it('servers are healthy once ready (/readyz), and the proxy waits for that; the image checks the same', () => {
    for (const name of ['server-a', 'server-b']) {
      expect(compose.services[name]?.healthcheck?.test?.join(' '), name).toMatch(/127\.0\.0\.1:2567\/readyz/);
      expect(compose.services.proxy?.depends_on).toMatchObject({ [name]: { condition: 'service_healthy' } });
    }
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toMatch(/^HEALTHCHECK .*\/readyz/m);
  });

  it('the proxy forwards the client address and websocket upgrades, and hides /metrics', () => {
    expect(nginxConf).toMatch(/proxy_set_header X-Real-IP \$remote_addr;/);
    expect(nginxConf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginxConf).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(nginxConf).toMatch(/client_max_body_size 16k;/);
  });

  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  it.skipIf(!nginx)('nginx -t accepts deploy/nginx.conf', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blaze-nginx-'));
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConf.replace(/server-a:/g, '127.0.0.1:').replace(/server-b:/g, '127.0.0.2:'));
    const out = execFileSync(nginx as string, ['-t', '-c', conf, '-g', `pid ${join(dir, 'nginx.pid')};`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('');
  });
});
