#!/usr/bin/env bash
# Tests from a session (docs/GUIDE.md): a scripted session against Examples/Search's real
# searchd (built by `make test` into $EXAMPLES_BUILD) — a query typed and left to rest, a page
# more, another order, a query the backend fails — turned by `binderyctl testgen` into
# Examples/Search/Tests/SearchKitTests/SearchSessionTests.swift, built into the example's tests
# and run there in-process on a TestScheduler. The committed file is put back afterwards;
# `--keep` leaves the new one (how the committed one was made).
set -uo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug
examples=${EXAMPLES_BUILD:-.build}
generated=Examples/Search/Tests/SearchKitTests/SearchSessionTests.swift
keep=${1:-}

. scripts/lib.sh
daemon_start "$examples/debug/searchd" || exit 1
committed=$(mktemp)
cp "$generated" "$committed"
finish() {
    daemon_stop >/dev/null
    if [ "$keep" != "--keep" ]; then cp "$committed" "$generated"; fi
    rm -f "$committed"
}
trap finish EXIT

ctl() { "$bin/binderyctl" --socket "$daemon_socket" -c "$1" >/dev/null; }
# The pauses let the debounce (0.3 s) and the backend (0.05 s) answer, as a person would wait.
ctl "set search.query swift"; sleep 0.6
ctl "run search.loadMore"
ctl "set search.sort title"; sleep 0.3
ctl "set search.query boom"; sleep 0.6
"$bin/binderyctl" --socket "$daemon_socket" -c "run search.search" >/dev/null 2>&1  # fails: the backend's 503
"$bin/binderyctl" --socket "$daemon_socket" -c "testgen search $generated" || exit 1

swift build --package-path Examples/Search --scratch-path "$examples" --build-tests >"$examples/session-build.log" 2>&1 \
    || { echo "the generated test does not build:"; grep -E "error" "$examples/session-build.log" | head -10; exit 1; }
run_test_bundle "$examples/debug" Search --filter SearchSession >"$examples/session-test.log" 2>&1 \
    || { echo "the generated test fails:"; grep -E "✘|↳|error" "$examples/session-test.log" | head -20; exit 1; }
grep -E "Test run with" "$examples/session-test.log" | tail -1
