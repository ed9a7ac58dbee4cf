#!/usr/bin/env bash
# `make test`: every check, in two lanes, so what only waits runs beside what computes.
#
#   builds  (background, one after another: each wants both cores)
#           debug + tests → (a pause) → example packages → release (install) → fuzzing →
#           ThreadSanitizer
#   checks  (foreground, each as soon as the build it needs is done; they mostly wait on
#           daemons, browsers, nginx, systemd)
#           unit suites (in the pause) → API self-checks, schemathesis, docs → examples' tests, e2e →
#           .deb under systemd → fuzzing → ThreadSanitizer suites
#
# The unit suites and the ThreadSanitizer suites run with no build beside them (the build lane
# pauses for the unit suites; ThreadSanitizer's build is the last): both run the host's
# tests, which block the test runner's two cooperative threads on real daemons, so the tests
# queued behind them wait, and a machine busy compiling made them wait past their time limits.
#
# Each build's output is printed, whole, when the first check that needs it starts, so the log
# reads in order; each step prints its duration. Any failure fails the run (a check whose build
# failed is not started) and the run ends with the failed steps named. Every step is one Makefile
# target, so its commands are written once, there. Each check is bounded by TEST_TIMEOUT inside its
# target; builds are not (a loaded machine can make one slow).
set -uo pipefail
cd "$(dirname "$0")/.."
make_step() { ${MAKE:-make} --no-print-directory "$@"; }

lanes=.build/test-lanes
rm -rf "$lanes" && mkdir -p "$lanes"
failed=()
run_started=$(date +%s)

seconds_since() { echo $(( $(date +%s) - $1 )); }
# Sets the variable named $1 to the CPU seconds (user + system) of this shell's finished children
# so far: bash's `times`, run in this shell (inside `$(…)` it would count the subshell's own,
# empty, children). A step's CPU is the difference around it: how `make test`'s cost compares
# between commits on a VM whose wall clocks swing.
children_cpu() {
  local file="$lanes/times.$BASHPID"
  times >"$file"
  printf -v "$1" '%s' "$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%d", s }' "$file")"
}

# The build lane: each target's output to its log, then a `.done` file holding its status.
build_lane() {
  for target in test-build examples-build install-build fuzz-build tsan-build; do
    if [ "$target" = examples-build ]; then
      while [ ! -e "$lanes/unit-tests.ended" ]; do sleep 1; done
    fi
    local started cpu_before cpu_after; started=$(date +%s); children_cpu cpu_before
    ${MAKE:-make} --no-print-directory "$target" >"$lanes/$target.log" 2>&1
    local status=$?
    children_cpu cpu_after
    echo "$status $(seconds_since "$started") $(( cpu_after - cpu_before ))" >"$lanes/$target.done.tmp" && mv "$lanes/$target.done.tmp" "$lanes/$target.done"
  done
}
set -m  # the build lane in a process group of its own, so stopping it stops its builds
build_lane &
builder=$!
set +m
# A run stopped early (Ctrl-C, CI's limit) stops its builds too.
trap 'kill -- -$builder 2>/dev/null' EXIT

# Waits for a build, prints its output once, and succeeds when it succeeded.
declare -A shown=()
await_build() {
  local target=$1
  while [ ! -e "$lanes/$target.done" ]; do
    kill -0 "$builder" 2>/dev/null || { echo "test-all: the build lane ended before $target"; return 1; }
    sleep 1
  done
  local status duration cpu
  read -r status duration cpu <"$lanes/$target.done"
  if [ -z "${shown[$target]:-}" ]; then
    shown[$target]=1
    echo "=== build $target ==="
    cat "$lanes/$target.log"
    echo "=== build $target: $( [ "$status" = 0 ] && echo ok || echo "FAILED (status $status)" ) in ${duration} s, ${cpu} CPU s ==="
    [ "$status" = 0 ] || failed+=("build $target")
  fi
  [ "$status" = 0 ]
}

# Runs one check after the builds it needs; a check whose build failed is named, not run.
check() {
  local name=$1; shift
  local builds=()
  while [ "$1" != -- ]; do builds+=("$1"); shift; done
  shift
  for build in "${builds[@]}"; do
    await_build "$build" || { failed+=("$name (not run: build $build failed)"); return; }
  done
  echo "=== check $name ==="
  local started cpu_before cpu_after; started=$(date +%s); children_cpu cpu_before
  if "$@"; then
    children_cpu cpu_after
    echo "=== check $name: ok in $(seconds_since "$started") s, $(( cpu_after - cpu_before )) CPU s ==="
  else
    children_cpu cpu_after
    echo "=== check $name: FAILED in $(seconds_since "$started") s, $(( cpu_after - cpu_before )) CPU s ==="
    failed+=("$name")
  fi
}

check unit-tests          test-build -- make_step unit-tests
touch "$lanes/unit-tests.ended"
check api-self-checks     test-build -- make_step api-self-checks
check api-check           test-build -- make_step api-check
check docs                test-build -- make_step docs
check examples-tests      test-build examples-build -- make_step examples-tests
check e2e                 test-build examples-build -- make_step e2e
check systemd-test        install-build -- make_step systemd-test
check fuzz                fuzz-build -- make_step fuzz FUZZ_SECONDS="${FUZZ_BRIEF_SECONDS:-5}"
check tsan                tsan-build -- make_step tsan

wait "$builder"
trap - EXIT
echo "=== build lane: $(for f in "$lanes"/*.done; do t=$(basename "$f" .done); read -r s d c <"$f"; printf '%s %s s (%s CPU s)%s; ' "$t" "$d" "$c" "$( [ "$s" = 0 ] || echo ' FAILED')"; done)==="
children_cpu run_cpu
if [ ${#failed[@]} -eq 0 ]; then
  echo "test-all: every check passed in $(seconds_since "$run_started") s, $run_cpu CPU s"
else
  echo "test-all: failed after $(seconds_since "$run_started") s: ${failed[*]}"
  exit 1
fi
