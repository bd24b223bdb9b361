/**
 * The web client's import rule (issue 36, must show 4): the card kit knows no game and no shell; the
 * shell reaches a game only through the registry (which loads each game client as its own chunk); a
 * game client uses the kit, its own folder and the shell's narrow host file, never shell internals
 * nor another game. Run by `pnpm lint`: depcruise apps/web/src --config apps/web/.dependency-cruiser.cjs
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'kit-knows-no-game',
      severity: 'error',
      comment: 'The kit draws cards, hands and piles for any game: no game folder, no shell, no rules package.',
      from: { path: '^apps/web/src/kit/' },
      to: { path: ['^apps/web/src/(shell|games)/', '^apps/web/src/main\\.ts$', '^packages/', '(^|/)@blaze/'] },
    },
    {
      name: 'shell-reaches-games-through-registry',
      severity: 'error',
      comment: 'The shell loads a game client through games/registry.ts only (a lazy chunk per game).',
      from: { path: ['^apps/web/src/shell/', '^apps/web/src/main\\.ts$'] },
      to: { path: '^apps/web/src/games/', pathNot: '^apps/web/src/games/registry\\.ts$' },
    },
    {
      name: 'game-uses-shell-host-only',
      severity: 'error',
      comment: 'A game client sees the shell through shell/host.ts (and hostTable.ts), not its internals.',
      from: { path: '^apps/web/src/games/[^/]+/' },
      to: {
        path: ['^apps/web/src/shell/', '^apps/web/src/main\\.ts$'],
        pathNot: '^apps/web/src/shell/host(Table)?\\.ts$',
      },
    },
    {
      name: 'game-knows-no-other-game',
      severity: 'error',
      comment: 'A game client imports itself, the kit and the host; not another game nor the registry.',
      from: { path: '^apps/web/src/games/([^/]+)/' },
      to: { path: '^apps/web/src/games/', pathNot: '^apps/web/src/games/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports count: a shell that names a game's types still depends on that game.
    tsPreCompilationDeps: true,
  },
};
