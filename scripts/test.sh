#!/usr/bin/env bash
# `pnpm test`: system packages, the build, each unit project, then the browser tests, each stage timed,
# with the system tests (processes, no browser) beside them. A failure ends the run with its exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/stages.sh
source scripts/stages.sh

started=$(date +%s)
# Run on its own (not from .ci/run), it prints its own summary.
if [ -z "${BLAZE_STAGES:-}" ]; then
  BLAZE_STAGES=$(mktemp)
  export BLAZE_STAGES
  own_summary=1
fi
system_pid=''
system_log=''
# On the way out, whatever ended the run: stop the system tests if they still run (a failed stage ends
# the run; they must not go on in the background), then the summary if this script prints it.
finish() {
  if [ -n "$system_pid" ]; then
    kill -- "-$system_pid" 2>/dev/null || true
    echo "==> e2e: system stopped unfinished (its output: ${system_log})"
  fi
  if [ -n "${own_summary:-}" ]; then
    stage_summary "$started"
    rm -f "$BLAZE_STAGES"
  fi
}
trap finish EXIT
# .ci/run notes when the README's command began: what passed before this script is the install.
if [ -n "${BLAZE_INSTALL_FROM:-}" ]; then
  stage_record install $((started - BLAZE_INSTALL_FROM)) 0
  unset BLAZE_INSTALL_FROM
fi

stage "system packages" bash scripts/system-deps.sh
# The compiled server and the client, both (`pnpm build`, rebuilt only when stale): the test files that
# run them (and call `pnpm build` themselves) then find nothing to rebuild while others serve them.
stage build pnpm build

# The system tests (real processes, no browser) mostly wait for processes to start, die and come back:
# they run beside the unit projects and the browser files instead of after them. Their output goes to a
# file, printed once they are done, so the two logs do not interleave.
system_log=$(mktemp)
# A process group of its own (setsid), so that `finish` can stop it with every process it started.
setsid bash -c 'source scripts/stages.sh && stage "e2e: system (beside)" pnpm exec vitest run --project system' \
  >"$system_log" 2>&1 &
system_pid=$!

# One vitest run per project (the same projects as `pnpm test:unit`), so each one's time shows.
for project in rules bots protocol game server web; do
  stage "unit: ${project}" pnpm exec vitest run --project "$project"
done
stage "e2e: browser" pnpm exec vitest run --project e2e

system_rc=0
wait "$system_pid" || system_rc=$?
system_pid=''
echo "==> e2e: system (ran beside the stages above)"
cat "$system_log"
rm -f "$system_log"
exit "$system_rc"
