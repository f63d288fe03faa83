# Stages of a test run, timed: sourced by scripts/test.
#
#   stage NAME COMMAND [ARGUMENTS...]      runs COMMAND as the stage NAME and waits for it
#   stage --beside NAME COMMAND [...]      starts it beside what follows; `wait_stages` waits
#   wait_stages [NAME...]                  waits for the stages named, or every stage started
#                                          beside
#   stop_if_failed                         ends the run (with the table) if a stage has failed
#                                          (call it when none runs beside)
#   finish                                 prints the table; the exit status is 1 if any failed
#
# A stage's whole output goes to .build/test-logs/NAME.log; a line says when it passed, and a
# failure shows its log's error lines and its last 40 lines. The table gives each stage's
# wall-clock seconds and its CPU seconds (user + system, its child processes included).
# A failed stage does not stop the others (but for `stop_if_failed`): the table shows them all.

stage_logs=.build/test-logs
stage_names=()
declare -A stage_pids=()
stage_started=$(date +%s.%N)
rm -rf "$stage_logs"
mkdir -p "$stage_logs"

# Runs a stage (a command or a shell function) beside or before what follows; its status is
# kept in NAME.status, its seconds in NAME.time.
stage() {
  local beside=0
  if [ "$1" = --beside ]; then beside=1; shift; fi
  local name=$1
  shift
  stage_names+=("$name")
  (
    begin=$(date +%s.%N)
    status=0
    # In a job of its own, so that a function stage stops at its first failing command.
    "$@" > "$stage_logs/$name.log" 2>&1 < /dev/null &
    wait $! || status=$?
    # This subshell's children's user and system time: the stage's CPU (`times` itself, not
    # in a pipe or a substitution, which would ask a new process).
    times > "$stage_logs/$name.times"
    tail -n 1 "$stage_logs/$name.times" | awk -v b="$begin" -v e="$(date +%s.%N)" '
      function seconds(t) { split(t, p, "m"); return p[1] * 60 + p[2] }
      { printf "%.1f %.2f %.2f\n", e - b, seconds($1), seconds($2) }' > "$stage_logs/$name.time"
    echo "$status" > "$stage_logs/$name.status"
    stage_report "$name" "$status" "$begin"
  ) &
  if ((beside)); then stage_pids[$name]=$!; else wait $! || true; fi
  return 0
}

stage_report() {
  local name=$1 status=$2 begin=$3 seconds
  seconds=$(awk -v b="$begin" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - b }')
  if [ "$status" = 0 ]; then
    echo "passed: $name ($seconds s)"
  else
    {
      echo "FAILED: $name (exit status $status after $seconds s); whole log: $stage_logs/$name.log"
      grep -E -a '(error|✘|FAIL|Traceback|Assertion|failed|mismatch|differ)' "$stage_logs/$name.log" |
        head -n 60 || true
      echo "--- last lines of $name ---"
      tail -n 40 "$stage_logs/$name.log"
      echo "---"
    } >&2
  fi
}

wait_stages() {
  local name
  (($#)) || set -- "${!stage_pids[@]}"
  for name in "$@"; do
    [ -n "${stage_pids[$name]:-}" ] || continue
    wait "${stage_pids[$name]}" || true
    unset "stage_pids[$name]"
  done
}

stage_failed() {
  local name
  for name in "${stage_names[@]}"; do
    [ "$(cat "$stage_logs/$name.status" 2>/dev/null || echo 1)" = 0 ] || return 0
  done
  return 1
}

stop_if_failed() {
  if stage_failed; then
    wait_stages
    finish
  fi
}

finish() {
  wait_stages
  local name wall user system status total_cpu=0 total
  echo
  printf '%-22s %9s %9s  %s\n' stage "wall s" "CPU s" result
  for name in "${stage_names[@]}"; do
    read -r wall user system < <(tail -n 1 "$stage_logs/$name.time" 2>/dev/null || echo "- 0 0")
    status=$(cat "$stage_logs/$name.status" 2>/dev/null || echo "?")
    [ "$status" = 0 ] && status=passed || status="FAILED ($status)"
    printf '%-22s %9s %9.1f  %s\n' "$name" "$wall" "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" "$status"
    total_cpu=$(awk -v t="$total_cpu" -v u="$user" -v s="$system" 'BEGIN { print t + u + s }')
  done
  total=$(awk -v b="$stage_started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - b }')
  printf '%-22s %9s %9.1f  (stages beside each other overlap; load average %s)\n' total "$total" \
    "$total_cpu" "$(cut -d' ' -f1-3 /proc/loadavg)"
  if stage_failed; then exit 1; fi
  exit 0
}
