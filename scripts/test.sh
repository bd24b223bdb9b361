#!/usr/bin/env bash
# `pnpm test`: system packages and the build, then everything at once, each stage timed: the browser files
# that hold time bounds (project e2e, one at a time), and beside them, each group in a session of its own,
# the light browser files, the server's units, the system tests, and the computing units with typecheck
# and lint. No core idles while a file waits (a stage after a stage left one idle for minutes): the whole
# suite keeps both cores busy from the build to its end (vmstat), so its time is its CPU over two. A
# group beside writes to a file of its own, printed once it is done, so the logs do not interleave. The
# run fails if any group failed.
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
beside_pids=()
beside_names=()
beside_logs=()
# On the way out, whatever ended the run: stop the groups still running (a failed stage ends the run;
# they must not go on in the background), then the summary if this script prints it.
finish() {
  local i
  for i in "${!beside_pids[@]}"; do
    if [ -n "${beside_pids[$i]}" ]; then
      kill -- "-${beside_pids[$i]}" 2>/dev/null || true
      echo "==> ${beside_names[$i]}: stopped unfinished (its output: ${beside_logs[$i]})"
    fi
  done
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

# Starts a group beside the other stages: a bash script of stages in a session and process group of its
# own (setsid), so that `finish` can stop it with every process it started. Linux shares the CPU between
# sessions first (autogroups): each group, and the bound-holding browser files in this script's session,
# gets a fair part of the cores whenever it wants one, however many processes the others run. Tried and
# taken back (CI at 16:15 on 2026-11-28): the groups in this session at lower priorities (nice 4 to 15).
# CFS weighs each thread, and the groups' many threads still took the cores: the bound-holding files
# were no faster (611 s), and the computing units, starved, lost vitest's own calls ("Timeout calling
# onTaskUpdate") and finished last (691 s in all, against 631 s shared fairly).
beside() {
  local name=$1 script=$2 log
  log=$(mktemp)
  setsid bash -c "source scripts/stages.sh && ${script}" </dev/null >"$log" 2>&1 &
  beside_pids+=("$!")
  beside_names+=("$name")
  beside_logs+=("$log")
}

# Waits for the group started as NAME, prints its output, and answers its exit code.
join_beside() {
  local i group_rc=0
  for i in "${!beside_pids[@]}"; do
    if [ "${beside_names[$i]}" = "$1" ] && [ -n "${beside_pids[$i]}" ]; then
      wait "${beside_pids[$i]}" || group_rc=$?
      beside_pids[i]=''
      echo "==> ${beside_names[$i]} (ran beside the browser files)"
      cat "${beside_logs[$i]}"
      rm -f "${beside_logs[$i]}"
    fi
  done
  return "$group_rc"
}

beside "e2e: browser, light" 'stage "e2e: browser, light (beside)" pnpm exec vitest run --project e2e-light'
beside "unit: server" 'stage "unit: server (beside)" pnpm exec vitest run --project server'
beside "e2e: system" 'stage "e2e: system (beside)" pnpm exec vitest run --project system'
# One vitest run per project (the same projects as `pnpm test:unit`), so each one's time shows. CI adds
# the small load bench (BLAZE_LOAD_BENCH=1, .ci/run): its figures mean nothing here, so it may share.
beside "units, typecheck, lint" '
  rc=0
  for project in rules bots protocol game web; do
    stage "unit: ${project} (beside)" pnpm exec vitest run --project "$project" || rc=$?
  done
  stage "typecheck (beside)" pnpm typecheck || rc=$?
  stage "lint (beside)" pnpm lint || rc=$?
  if [ -n "${BLAZE_LOAD_BENCH:-}" ]; then stage "load bench, small (beside)" pnpm bench:load:ci || rc=$?; fi
  exit "$rc"'

rc=0
stage "e2e: browser" pnpm exec vitest run --project e2e || rc=$?
for group in "e2e: browser, light" "unit: server" "e2e: system" "units, typecheck, lint"; do
  group_rc=0
  join_beside "$group" || group_rc=$?
  [ "$rc" != 0 ] || rc=$group_rc
done
exit "$rc"
