#!/usr/bin/env bash
# `pnpm test`: system packages, the client build, each unit project, then the browser tests, each
# stage timed. The first failure ends the run with its exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/stages.sh
source scripts/stages.sh

started=$(date +%s)
# Run on its own (not from .ci/run), it prints its own summary.
if [ -z "${BLAZE_STAGES:-}" ]; then
  BLAZE_STAGES=$(mktemp)
  export BLAZE_STAGES
  trap 'stage_summary "$started"; rm -f "$BLAZE_STAGES"' EXIT
fi
# .ci/run notes when the README's command began: what passed before this script is the install.
if [ -n "${BLAZE_INSTALL_FROM:-}" ]; then
  stage_record install $((started - BLAZE_INSTALL_FROM)) 0
  unset BLAZE_INSTALL_FROM
fi

stage "system packages" bash scripts/system-deps.sh
stage "web build" pnpm --filter @blaze/web run build
# One vitest run per project (the same projects as `pnpm test:unit`), so each one's time shows.
for project in rules bots protocol game server web; do
  stage "unit: ${project}" pnpm exec vitest run --project "$project"
done
stage e2e pnpm exec vitest run --project e2e
