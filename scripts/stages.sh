# Timed stages for `pnpm test` (scripts/test.sh) and CI (.ci/run); source it, then `stage NAME CMD...`.
# Each stage prints its time as it ends and is appended to $BLAZE_STAGES ("name<TAB>seconds<TAB>exit"),
# so whoever started the run prints every stage and the total at its end (stage_summary).

# Runs CMD as stage NAME; answers CMD's exit code (under `set -e` a failed stage ends the run).
stage() {
  local name=$1
  shift
  local from rc=0
  from=$(date +%s)
  echo "==> ${name}"
  "$@" || rc=$?
  stage_record "$name" $(($(date +%s) - from)) "$rc"
  return "$rc"
}

# Records a stage timed elsewhere (the install, which runs before pnpm test starts).
stage_record() {
  local verdict=ok
  [ "$3" = 0 ] || verdict="FAILED (exit $3)"
  echo "==> ${1}: ${2} s, ${verdict}"
  if [ -n "${BLAZE_STAGES:-}" ]; then printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$BLAZE_STAGES"; fi
}

# Every stage recorded so far, then the wall time since $1 (epoch seconds).
stage_summary() {
  local total=$(($(date +%s) - $1))
  echo
  echo "Stage times (seconds):"
  if [ -s "${BLAZE_STAGES:-}" ]; then
    awk -F'\t' '{ printf "  %-40s %6d%s\n", $1, $2, ($3 == 0 ? "" : "  FAILED (exit " $3 ")") }' "$BLAZE_STAGES"
  fi
  printf '  %-40s %6d\n' total "$total"
}
