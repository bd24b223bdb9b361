# Timed stages for `pnpm test` (scripts/test.sh) and CI (.ci/run); source it, then `stage NAME CMD...`.
# Each stage prints its time as it ends and is appended to $BLAZE_STAGES ("name<TAB>seconds<TAB>exit<TAB>
# CPU seconds"), so whoever started the run prints every stage and the total at its end (stage_summary).
# The CPU is what the stage's processes used (user and system, children included once they are reaped):
# on this 2-core machine it says whether a stage computes or waits. A failed stage's failures (vitest's
# "Failed Tests" section, else its last lines) are kept in $BLAZE_STAGES.failures and printed after the
# summary: CI shows a run's last lines only, and a failure printed early would be out of sight.

# Runs CMD as stage NAME; answers CMD's exit code (under `set -e` a failed stage ends the run).
stage() {
  local name=$1
  shift
  local from rc=0 cpu_file cpu_ms out_file
  from=$(date +%s)
  cpu_file=$(mktemp)
  out_file=$(mktemp)
  echo "==> ${name}"
  # In a subshell, whose children are the stage's alone: this shell also reaps the groups started
  # beside it (scripts/test.sh), and one ending during a stage would count as that stage's CPU.
  # `times` prints the subshell's children's user and system time on its second line ("1m2.5s 0m3.1s").
  (
    set +e +o pipefail
    "$@" 2>&1 | tee "$out_file"
    sub_rc=${PIPESTATUS[0]}
    times >"$cpu_file"
    exit "$sub_rc"
  ) || rc=$?
  cpu_ms=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2] } printf "%d", t * 1000 }' "$cpu_file")
  rm -f "$cpu_file"
  if [ "$rc" != 0 ] && [ -n "${BLAZE_STAGES:-}" ]; then stage_failures "$name" "$out_file" >>"${BLAZE_STAGES}.failures"; fi
  rm -f "$out_file"
  stage_record "$name" $(($(date +%s) - from)) "$rc" $(((${cpu_ms:-0} + 500) / 1000))
  return "$rc"
}

# What a failed stage NAME printed that says why (from its output file): vitest's failed tests with
# their errors (its "Failed Tests" section up to the files' count), or the last 40 lines of anything else.
stage_failures() {
  local plain
  plain=$(sed 's/\x1b\[[0-9;]*[A-Za-z]//g' "$2")
  echo "--- ${1}: failed"
  if grep -q 'Failed Tests [0-9]' <<<"$plain"; then
    awk '/Failed Tests [0-9]/ { on = 1 } /^ *Test Files / { on = 0 } on' <<<"$plain" | head -n 150
  else
    tail -n 40 <<<"$plain"
  fi
}

# Records a stage, or one timed elsewhere (the install, which runs before pnpm test starts): NAME SECONDS
# EXIT [CPU SECONDS].
stage_record() {
  local verdict=ok cpu=${4:-}
  [ "$3" = 0 ] || verdict="FAILED (exit $3)"
  echo "==> ${1}: ${2} s${cpu:+ (CPU ${cpu} s)}, ${verdict}"
  if [ -n "${BLAZE_STAGES:-}" ]; then printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$cpu" >>"$BLAZE_STAGES"; fi
}

# Every stage recorded so far, then the wall time since $1 (epoch seconds).
stage_summary() {
  local total=$(($(date +%s) - $1))
  echo
  echo "Stage times (seconds: wall, CPU):"
  if [ -s "${BLAZE_STAGES:-}" ]; then
    awk -F'\t' '{ printf "  %-40s %6d %6s%s\n", $1, $2, $4, ($3 == 0 ? "" : "  FAILED (exit " $3 ")") }' "$BLAZE_STAGES"
  fi
  printf '  %-40s %6d\n' total "$total"
  if [ -s "${BLAZE_STAGES:-}.failures" ]; then
    echo
    echo "Why the failed stages failed (each stage's whole output is above):"
    cat "${BLAZE_STAGES}.failures"
  fi
}

# Lowers the priority of this session's share of the CPU to nice N (Linux's scheduler shares the CPU
# between sessions, autogroups, before processes: a process's own nice counts only within its session).
# scripts/test.sh runs each group beside in a session of its own; tests/support/browser.ts gives a
# Chromium its lane's value. Nothing where the kernel has no autogroups.
lane_priority() {
  if [ -w /proc/self/autogroup ]; then echo "$1" >/proc/self/autogroup 2>/dev/null || true; fi
}
