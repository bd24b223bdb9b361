// Types of stale.mjs (plain JavaScript so that `pnpm start` needs no TypeScript tooling), for the tests.
export declare const root: string;
export declare const targets: Record<'server' | 'web', { output: string; inputs: string[] }>;
export declare function stale(name: 'server' | 'web'): boolean;
