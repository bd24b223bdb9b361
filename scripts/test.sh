#!/usr/bin/env bash
# `pnpm test`: the build, the unit projects with the server's beside them, then the
# browser files (one at a time unless BLAZE_BROWSER_FILES says more: vitest.config.ts) with the light
# ones beside them, each stage timed, and the system tests (real processes, no browser), then lint, (CI)
# the small load bench and typecheck, beside them all from the start: system files mostly wait. A
# group beside writes to a file of its own, printed once it is done, so the logs do not interleave. A
# failed unit stage ends the run; after the browser stage, the run fails if it or a group beside failed.
#
# Tried and taken back (stop 49, three fresh-clone runs): everything at once after the build, the
# bound-holding browser files beside all the other groups. The suite then kept both cores busy to its
# end (vmstat: no idle minute) and took 631-657 s, but the bound-holding files took 1.4-1.9 times their
# time alone and missed bounds (a round summary's 15 s, a peek's window, a game's end by keyboard), and
# a server test's hung-lobby bound; the groups at lower priorities in one session instead (nice 4-15)
# starved the computing units (vitest's "Timeout calling onTaskUpdate") and helped the browser files
# nothing (691 s): with autogroups, Linux's scheduler shares the CPU between sessions before it weighs a
# process's nice. Since stop 54 the lanes without time bounds lower their session's share instead
# (lane_priority in scripts/stages.sh): the light browser files, lint and typecheck. Tried then and taken
# back: the browser files from the pure units' end, beside the server's last units, and those lanes at
# nice 19 (663 s against 640: the server's units took 232 s, not 204; a round summary did not come
# within 45 s, and a light file's 30 s wait ran out).
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
    rm -f "$BLAZE_STAGES" "$BLAZE_STAGES.failures"
  fi
}
trap finish EXIT
# .ci/run notes when the README's command began: what passed before this script is the install.
if [ -n "${BLAZE_INSTALL_FROM:-}" ]; then
  stage_record install $((started - BLAZE_INSTALL_FROM)) 0
  unset BLAZE_INSTALL_FROM
fi

# The compiled server and the client, both (`pnpm build`, rebuilt only when stale): the test files that
# run them (and call `pnpm build` themselves) then find nothing to rebuild while others serve them.
stage build pnpm build

# Starts a group beside the other stages: a bash script of stages in a process group of its own
# (setsid), so that `finish` can stop it with every process it started; NICE (default 0) lowers its
# session's share of the CPU (lane_priority, scripts/stages.sh).
beside() {
  local name=$1 script=$2 nice=${3:-0} log
  log=$(mktemp)
  setsid bash -c "source scripts/stages.sh && lane_priority ${nice} && ${script}" </dev/null >"$log" 2>&1 &
  beside_pids+=("$!")
  beside_names+=("$name")
  beside_logs+=("$log")
}

# Lowers the session of the group started as NAME to NICE (its autogroup: every process in it).
lower_beside() {
  local i
  for i in "${!beside_pids[@]}"; do
    if [ "${beside_names[$i]}" = "$1" ] && [ -n "${beside_pids[$i]}" ] && [ -w "/proc/${beside_pids[$i]}/autogroup" ]; then
      echo "$2" >"/proc/${beside_pids[$i]}/autogroup" 2>/dev/null || true
    fi
  done
}

# Waits for the group started as NAME, prints its output, and answers its exit code.
join_beside() {
  local i group_rc=0
  for i in "${!beside_pids[@]}"; do
    if [ "${beside_names[$i]}" = "$1" ] && [ -n "${beside_pids[$i]}" ]; then
      wait "${beside_pids[$i]}" || group_rc=$?
      beside_pids[i]=''
      echo "==> ${beside_names[$i]} (ran beside the stages above)"
      cat "${beside_logs[$i]}"
      rm -f "${beside_logs[$i]}"
    fi
  done
  return "$group_rc"
}

# After the system files (which end about when the unit projects do), lint, CI's small load bench
# (BLAZE_LOAD_BENCH=1, .ci/run), whose figures mean nothing here, and typecheck: they end long before
# the browser files; after the light browser files they were the run's last 26-34 s (stop 52: typecheck
# there made the light lane the longer one, 423 + 34 s against the other's 417).
# Debian's packages (scripts/system-deps.sh: Chromium, Redis, nginx, fonts) are waited for only where they
# are used, the server's units, the system files and the browser files: on a machine without them (CI), apt
# installs them while the build and the pure units run instead of before (the script takes a lock, and
# a second call waits for the first one's end).
beside "e2e: system; lint; typecheck" '
  rc=0
  bash scripts/system-deps.sh || exit 1
  stage "e2e: system (beside)" pnpm exec vitest run --project system || rc=$?
  # No time bound from here on: the browser files with bounds come first.
  lane_priority 10
  stage "lint (beside)" pnpm lint || rc=$?
  if [ -n "${BLAZE_LOAD_BENCH:-}" ]; then stage "load bench, small (beside)" pnpm bench:load:ci || rc=$?; fi
  stage "typecheck (beside)" pnpm typecheck || rc=$?
  exit "$rc"'
# The server's files mostly wait (sockets, clocks, bots, kills: 123 s of CPU in a 309 s run), the
# other unit projects mostly compute (property tests, whole games, layouts): side by side they take
# about as long as the longer of the two.
beside "unit: server" 'stage "system packages (beside)" bash scripts/system-deps.sh && stage "unit: server (beside)" pnpm exec vitest run --project server'

# One vitest run per project (the same projects as `pnpm test:unit`), so each one's time shows. One run
# for all five saved 27 s of 308 but kept three workers busy without a gap beside the server's and the
# system files, and one of their time-bounded waits failed in four of five runs (stop 48, on a machine
# slower than the day before): back to the arrangement that passed before. Not beside the
# browser files: they compute and on 2 cores would slow the browser files' pages past their bounds; so
# the browser files wait for the server's units too. The three smallest (rules 20, bots 18, protocol 5
# CPU-s) share one run: three runs of them took 68 s, each starting vitest and ending on its longest file.
#
# These pure projects share each worker's module graph (`--no-isolate`): a fresh graph per file was about
# a third of their CPU (measured alone, busy core-s: web 74 -> 50, game 56 -> 43, the three small ones 33
# -> 30), and their files keep nothing between them (stubs are undone after each test; three shuffled
# file orders passed). vitest 3.2.7 reads isolation per pool, not per project, hence here, not in the
# config; and it fails such a run when it ends an idle worker ("Error: Terminating worker thread"), so
# the workers it starts are kept (`--minWorkers=3`). The server's files stay isolated: they hold servers,
# pools and metrics per module graph, and shared they failed and took longer (224 s against 150).
pure=(--no-isolate --minWorkers=3 --maxWorkers=3)
stage "unit: rules, bots, protocol" pnpm exec vitest run "${pure[@]}" --project rules --project bots --project protocol
for project in game web; do
  stage "unit: ${project}" pnpm exec vitest run "${pure[@]}" --project "$project"
done
join_beside "unit: server"

# Beside the browser files, the light ones (vitest.config.ts: they mostly wait and hold no time bound),
# two at a time (BLAZE_LIGHT_FILES) and at a lower priority, with their Chromiums (tests/support/browser.ts):
# beside them at an equal share, the files with bounds took half again their time alone (stop 54: the main
# lane 523 s in CI against 348 s alone), and that lane is the run's longest.
beside "e2e: browser, light" 'export BLAZE_LIGHT_FILES=2; stage "e2e: browser, light (beside)" pnpm exec vitest run --project e2e-light' 10

# The system files still running (their last 60-90 s) now yield to the browser files with bounds too, as
# the light files do: the sessions' equal shares (autogroups) gave them a third of the CPU the main lane
# wanted. Their waits are for processes (restarts, kills), with bounds of tens of seconds.
lower_beside "e2e: system; lint; typecheck" 10

browser_rc=0
stage "e2e: browser" pnpm exec vitest run --project e2e || browser_rc=$?

light_rc=0
join_beside "e2e: browser, light" || light_rc=$?
system_rc=0
join_beside "e2e: system; lint; typecheck" || system_rc=$?
rc=$browser_rc
[ "$rc" != 0 ] || rc=$light_rc
[ "$rc" != 0 ] || rc=$system_rc
exit "$rc"
