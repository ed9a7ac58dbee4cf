#!/usr/bin/env bash
# The dashboard's cost of one change in the browser (issue 11): the main-thread time headless
# Chromium spends on toggling one row of a ROWS-row products list (default 3,000), measured by
# `Tests/web/dashboard_test.py --measure-toggle TOGGLES` (Chromium's TaskDuration in thread
# time over each toggle, less the same window idle just before it).
#
#   scripts/bench-toggle.sh [BINDERYD [BINDERYCTL]]     (default .build/release/…)
#
# One daemon serves the dashboard from a directory (--web-dir) whose files are swapped between
# rounds: this checkout's web/ and, as its peer in the same run, the web/ of PEER_REV (default:
# the last commit with the single-file web/app.js, before the dashboard became ES modules).
# ROUNDS (default 2) alternates them. Prints each run's range and, last, both ranges with how
# many toggles cost at most TARGET_MS (default 25, the target of issue 11).
set -euo pipefail
cd "$(dirname "$0")/.."
binderyd=${1:-.build/release/binderyd}
binderyctl=${2:-.build/release/binderyctl}
rows=${ROWS:-3000}
toggles=${TOGGLES:-6}
rounds=${ROUNDS:-2}
target_ms=${TARGET_MS:-25}  # the issue's target: how many toggles cost at most this is printed
peer_rev=${PEER_REV:-$(git log -1 --format=%H -- web/app.js)^}

. scripts/lib.sh  # daemon_start, daemon_stop
work=$(mktemp -d /tmp/bindery-bench-toggle.XXXXXX)
cleanup() {
    daemon_stop >/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/current" "$work/peer" "$work/serve"
cp web/* "$work/current/"
git archive "$peer_rev" web | tar -x -C "$work/peer" --strip-components=1
cp "$work/current/"* "$work/serve/"

daemon_start "$binderyd" --web-dir "$work/serve"
port=$daemon_port
socket=$daemon_socket

echo "toggling one row of $rows listed products, $toggles toggles a run, $rounds rounds (peer: web/ of $(git rev-parse --short "$peer_rev"))"
declare -A costs=([current]="" [peer]="")
for round in $(seq 1 "$rounds"); do
    for build in peer current; do
        rm -f "$work/serve/"*
        cp "$work/$build/"* "$work/serve/"
        line=$(python3 Tests/web/dashboard_test.py --base-url "http://127.0.0.1:$port" \
                   --control "$binderyctl --socket $socket" --store "$daemon_dir/state/bindery.sqlite" \
                   --rows "$rows" --measure-toggle "$toggles" | tee "$work/run.log" | grep '^toggle main-thread ms:' || true)
        if [ -z "$line" ]; then
            echo "round $round, $build: the measurement failed:"; sed 's/^/  /' "$work/run.log"; exit 1
        fi
        echo "round $round, $build: ${line#toggle main-thread ms: }"
        costs[$build]+=" $(grep -o '^  *toggle of row.*→ [-0-9.]* ms' "$work/run.log" | sed 's/.*→ \([-0-9.]*\) ms/\1/' | tr '\n' ' ')"
    done
done
for build in current peer; do
    python3 -c 'import statistics, sys
values = sorted(float(v) for v in sys.argv[2].split())
within = sum(value <= float(sys.argv[3]) for value in values)
print(f"{sys.argv[1]}: {values[0]:.1f}–{values[-1]:.1f} ms main thread per toggle (median {statistics.median(values):.1f}, "
      f"{len(values)} toggles, {within} of them ≤ {sys.argv[3]} ms)")' \
        "$build" "${costs[$build]}" "$target_ms"
done
