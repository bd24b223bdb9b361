/**
 * Import rules, checked by `pnpm lint` (dependency-cruiser). Each rule names the folder it guards in
 * its `from.path`, so rules for other parts of the tree (the web client's shell, kit and games) are
 * added as more entries of `forbidden` without touching these.
 *
 * Type-only imports count: a circle through `import type` still ties the files' meaning together
 * (it was how every part of the table room pointed back at the room class).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-no-circular',
      severity: 'error',
      comment:
        'No import circle in apps/server/src: a part of the table takes a small host interface ' +
        '(room/host.ts), never the room class, so each part can be read and tested alone.',
      from: { path: '^apps/server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Workspace packages (@blaze/*) are other folders: this config judges the files it is given.
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
