import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../build/nodeFlags.js';

const root = (p: string) => readFileSync(fileURLToPath(new URL(`../../../${p}`, import.meta.url)), 'utf8');

describe('the server runs with the same node flags everywhere', () => {
  it('pnpm start', () => {
    const start = (JSON.parse(root('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';
    expect(start).toContain(`node ${NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });

  it('the Dockerfile', () => {
    expect(root('Dockerfile')).toContain(
      `CMD ${JSON.stringify(['node', ...NODE_FLAGS, 'dist/main.js'])}`.replace(/,/g, ', '),
    );
  });
});
