#!/usr/bin/env bash
# `make test`: every check, in lanes that run side by side, so what only waits (daemons,
# browsers, nginx, systemd, the test runner's sleeps) runs beside what computes.
#
#   builds    one after another (each wants both cores), niced below the checks:
#             debug + tests → example packages → release (install) → fuzzing → ThreadSanitizer
#   checks    three lanes, each step as soon as the builds it needs are done:
#     suites    the package's suites → the ThreadSanitizer suites
#     web       API self-checks → schemathesis → the examples' tests → e2e → docs
#     package   the .deb under systemd → fuzzing
#
# The package's suites start after the example packages' build, the last build into .build, and
# run their test bundle directly, without SwiftPM and its lock on .build, so the web lane's steps
# that take the lock are not held up for the length of the run; docs, which asks SwiftPM for the
# symbol graphs, comes last in its lane.
#
# The suites can share the machine with builds and with each other because the tests that block
# (real daemons, raw sockets) run on threads of their own (Tests/BinderyTestSupport/
# OwnThreadsTrait.swift), never on the test runner's cooperative threads, so no test or time
# limit waits behind them. Every check starts its daemons on temporary sockets, ports and state
# directories, and systemd's on its own namespace, so the lanes share nothing else.
#
# Each step's output goes to its own log, printed whole when the step ends, so the output reads
# step by step; each step prints its wall clock and CPU seconds. Any failure fails the run (a check whose build failed is not started;
# the rest of its lane still runs) and the run ends with the failed steps named. Every step is one
# Makefile target, so its commands are written once, there. Each check is bounded by
# TEST_TIMEOUT inside its target; builds are not (a loaded machine can make one slow).
set -uo pipefail
cd "$(dirname "$0")/.."
make_step() { ${MAKE:-make} --no-print-directory "$@"; }

lanes=.build/test-lanes
rm -rf "$lanes" && mkdir -p "$lanes"
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

# Runs one step (a build or a check) into $lanes/NAME.log, then writes $lanes/NAME.done:
# "status seconds cpu-seconds". Writing .done last (a rename) is what tells the others it ended.
run_step() {
  local name=$1; shift
  local started cpu_before cpu_after status
  started=$(date +%s); children_cpu cpu_before
  "$@" >"$lanes/$name.log" 2>&1
  status=$?
  children_cpu cpu_after
  echo "$status $(seconds_since "$started") $(( cpu_after - cpu_before ))" >"$lanes/$name.tmp"
  mv "$lanes/$name.tmp" "$lanes/$name.done"
}

# Waits until step NAME has ended; succeeds when it succeeded.
await_step() {
  while [ ! -e "$lanes/$1.done" ]; do sleep 1; done
  local status _
  read -r status _ <"$lanes/$1.done"
  [ "$status" = 0 ]
}

# The builds run niced: they compute for minutes and can wait, while the checks beside them are
# tests with time limits (the ThreadSanitizer suites above all, CPU-bound and slowed tenfold)
# that must not wait behind a compiler; what the checks leave idle, the builds use.
build_lane() {
  renice -n 10 -p "$BASHPID" >/dev/null
  # ThreadSanitizer's last: its suites run ten times slower than the ordinary ones, CPU-bound,
  # and beside a build (even niced) their CPU-heavy tests passed their one-minute hang guards
  # waiting for a CPU (39 of 788 in one run); after it, only the last checks run beside them.
  for target in "${builds[@]}"; do
    run_step "$target" make_step "$target"
  done
}

# What a check's Makefile target is given beyond its name: fuzzing only briefly here.
declare -A step_arguments=([fuzz]="FUZZ_SECONDS=${FUZZ_BRIEF_SECONDS:-5}")

# A check lane: each argument is CHECK[:BUILD,BUILD…]; a check runs once its builds succeeded,
# and is marked not run (status "skipped") when one failed.
check_lane() {
  local spec name builds build
  for spec in "$@"; do
    name=${spec%%:*}; builds=${spec#*:}; [ "$builds" = "$spec" ] && builds=""
    local ready=1
    for build in ${builds//,/ }; do await_step "$build" || { ready=0; echo "skipped $build" >"$lanes/$name.done"; break; }; done
    # shellcheck disable=SC2086  # the arguments are words, split on purpose
    [ "$ready" = 1 ] && run_step "$name" make_step "$name" ${step_arguments[$name]:-}
  done
}

# The builds, in order, and the check lanes: each check as CHECK[:BUILD,BUILD…].
builds=(test-build examples-build install-build fuzz-build tsan-build)
suites_lane=(unit-tests:test-build,examples-build tsan:tsan-build)
web_lane=(api-self-checks:test-build api-check:test-build examples-tests:examples-build
          e2e:test-build,examples-build docs:test-build)
package_lane=(systemd-test:install-build fuzz:fuzz-build)

set -m  # each lane in a process group of its own, so stopping the run stops its builds and checks
build_lane &
lane_pids=($!)
for lane in suites_lane web_lane package_lane; do
  declare -n checks=$lane
  check_lane "${checks[@]}" &
  lane_pids+=($!)
done
set +m
# A run stopped early (Ctrl-C, CI's limit) stops every lane.
trap 'for pid in "${lane_pids[@]}"; do kill -- -"$pid" 2>/dev/null; done' EXIT

# Prints each step's log once it has ended, in the order the steps end.
steps=("${builds[@]}")
for spec in "${suites_lane[@]}" "${web_lane[@]}" "${package_lane[@]}"; do steps+=("${spec%%:*}"); done
declare -A printed=()
failed=()
print_ended_steps() {
  local step status duration cpu kind
  for step in "${steps[@]}"; do
    [ -n "${printed[$step]:-}" ] && continue
    [ -e "$lanes/$step.done" ] || continue
    printed[$step]=1
    read -r status duration cpu <"$lanes/$step.done"
    case $step in *-build) kind=build ;; *) kind=check ;; esac
    if [ "$status" = skipped ]; then
      echo "=== $kind $step: not run (build $duration failed) ==="
      failed+=("$step (not run: build $duration failed)")
      continue
    fi
    echo "=== $kind $step ==="
    cat "$lanes/$step.log"
    if [ "$status" = 0 ]; then
      echo "=== $kind $step: ok in $duration s, $cpu CPU s ==="
    else
      echo "=== $kind $step: FAILED (status $status) in $duration s, $cpu CPU s ==="
      failed+=("$kind $step")
    fi
  done
}
lanes_running() { local pid; for pid in "${lane_pids[@]}"; do kill -0 "$pid" 2>/dev/null && return 0; done; return 1; }
while [ ${#printed[@]} -lt ${#steps[@]} ]; do
  print_ended_steps
  [ ${#printed[@]} -lt ${#steps[@]} ] || break
  if ! lanes_running; then
    print_ended_steps
    for step in "${steps[@]}"; do
      [ -n "${printed[$step]:-}" ] || { printed[$step]=1; echo "=== $step: never ended (its lane stopped) ==="; failed+=("$step (its lane stopped)"); }
    done
    break
  fi
  sleep 1
done
wait
trap - EXIT

children_cpu run_cpu
step_summary() {
  local step s d c
  for step in "${steps[@]}"; do
    s=never d=- c=0
    [ -e "$lanes/$step.done" ] && read -r s d c <"$lanes/$step.done"
    case $s in
      0) printf '%s %s s (%s CPU s); ' "$step" "$d" "$c" ;;
      skipped) printf '%s not run; ' "$step" ;;
      never) printf '%s never ended; ' "$step" ;;
      *) printf '%s FAILED %s s (%s CPU s); ' "$step" "$d" "$c" ;;
    esac
  done
}
echo "=== steps: $(step_summary)==="
if [ ${#failed[@]} -eq 0 ]; then
  echo "test-all: every check passed in $(seconds_since "$run_started") s, $run_cpu CPU s"
else
  echo "test-all: failed after $(seconds_since "$run_started") s: ${failed[*]}"
  exit 1
fi
