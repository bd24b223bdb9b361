/**
 * Debian's nginx on loopback running deploy/nginx.conf, the compose stack's proxy config itself:
 * only what Docker supplies is changed (service names become loopback ports, the listen port is an
 * ephemeral one, pid and temp files go to a temp dir), so a test through it proves the committed file.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Proc, ROOT, track, until } from './processes.js';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** Replaces exactly-present text; a committed config that no longer has it fails loudly here. */
function swap(conf: string, pattern: RegExp, by: string, what: string): string {
  if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf: ${what} not found (${pattern})`);
  return conf.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), by);
}

/**
 * deploy/nginx.conf for loopback: `server-a:2567` and friends become the given upstream ports,
 * `listen 80` becomes `listen 127.0.0.1:<port>`, and temp files live under `dir`.
 */
export function loopbackConfig(upstreams: Record<string, number>, port: number, dir: string): string {
  let conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  for (const [service, to] of Object.entries(upstreams)) {
    conf = swap(conf, new RegExp(`\\b${service}:2567\\b`), `127.0.0.1:${to}`, `upstream ${service}:2567`);
  }
  const left = /\bserver-[a-z]+:\d+/.exec(conf);
  if (left) throw new Error(`deploy/nginx.conf names ${left[0]}, which the test does not run`);
  conf = swap(conf, /\blisten 80;/, `listen 127.0.0.1:${port};`, 'listen 80');
  // Debian's build keeps temp files under /var/lib/nginx; the test's own dir instead.
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${join(dir, t)};`)
    .join('\n');
  return swap(conf, /^http \{$/m, `http {\n${temps}`, 'http block');
}

export interface NginxProxy extends Proc {
  port: number;
  base: string;
  config: string;
}

/**
 * nginx in the foreground (`daemon off`) as a child process on 127.0.0.1:`port`, in front of the
 * given upstreams (compose service name to loopback port).
 */
export async function startNginx(upstreams: Record<string, number>, port: number): Promise<NginxProxy> {
  if (!NGINX) throw new Error('nginx is not installed (scripts/system-deps.sh installs nginx-light)');
  const dir = mkdtempSync(join(tmpdir(), 'blaze-proxy-'));
  // Run as root, nginx's workers drop to nobody: they must reach the temp dirs it makes here.
  chmodSync(dir, 0o755);
  const config = loopbackConfig(upstreams, port, dir);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, config);
  const proc = track(
    spawn(
      NGINX,
      ['-p', dir, '-c', conf, '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  const base = `http://127.0.0.1:${port}`;
  await until('nginx', async () => (await fetch(`${base}/healthz`)).ok, proc, 20_000);
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  return {
    ...proc,
    output: () => `${proc.output()}${errors()}`,
    stop: async () => {
      const code = await proc.stop();
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
    port,
    base,
    config,
  };
}
