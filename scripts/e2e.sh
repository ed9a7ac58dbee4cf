#!/usr/bin/env bash
# End-to-end checks against the real binderyd (debug build), each on a fresh temporary socket,
# port and state directory:
#   1. the README's REPL session, replayed by `binderyctl --check README.md` (a diff if it drifted);
#   2. binderyctl's end-to-end and tmux tests pointed at the real daemon;
#   3. the dashboard in headless Chromium (the copy compiled into binderyd), driven through binderyctl,
#      with the daemon stopped and started again by the test (its outage check);
#   4. binderyd behind the real nginx configured with docs/nginx.conf (Tests/proxy);
#   5. docs/GUIDE.md's example package (Examples/Login, built by `make test` into
#      .build/examples/login): its own tests, its daemon's --help, the guide's REPL session
#      replayed against it, and its dashboard (compiled in) describing its list's columns, its
#      binding graph (an input enabling a command) drawn with no edge behind a node;
#   6. the dashboard's first paint: the state inline, and one-shot Chromium reads.
# Prints one line per check and a closing "e2e: N passed, M failed"; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug
passed=0
failed=0

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

daemon_pid=""
start_daemon() {
    workdir=$(mktemp -d /tmp/bindery-e2e.XXXXXX)
    port=$(free_port)
    socket="$workdir/control.sock"
    "$bin/binderyd" --socket "$socket" --state-dir "$workdir/state" --http "127.0.0.1:$port" \
        --log-level warning >"$workdir/daemon.log" 2>&1 &
    daemon_pid=$!
    echo "$daemon_pid" >"$workdir/daemon.pid"
    for _ in $(seq 1 200); do
        [ -S "$socket" ] && "$bin/binderyctl" --socket "$socket" -c ping >/dev/null 2>&1 && return 0
        sleep 0.05
    done
    echo "binderyd did not come up:"; cat "$workdir/daemon.log"
    return 1
}

stop_daemon() {
    if [ -n "$daemon_pid" ]; then
        kill -TERM "$daemon_pid" 2>/dev/null
        wait "$daemon_pid"
        local status=$?
        daemon_pid=""
        rm -rf "$workdir"
        [ "$status" = 0 ] || { echo "binderyd exited $status on SIGTERM"; return 1; }
    fi
}
trap 'kill -TERM $daemon_pid 2>/dev/null; [ -f "${workdir:-}/daemon.pid" ] && kill -TERM "$(cat "$workdir/daemon.pid")" 2>/dev/null' EXIT

# Waits (up to 15 s) until process $1 has exited; it may be another shell's child, so this
# reads /proc rather than `wait` (an exited child not yet reaped shows as a zombie, Z).
wait_gone() {
    for _ in $(seq 1 300); do
        grep -qs '^State:[[:space:]]*[^Z]' "/proc/$1/status" || return 0
        sleep 0.05
    done
    return 1
}

check() {
    local name=$1; shift
    if "$@"; then
        echo "ok    $name"; passed=$((passed + 1))
    else
        echo "FAIL  $name"; failed=$((failed + 1))
    fi
}

walkthrough() {
    start_daemon || return 1
    # The README's session is a transcript: binderyctl replays it and diffs the output.
    "$bin/binderyctl" --socket "$socket" --check README.md | sed 's/^/      /'
    local ok=${PIPESTATUS[0]}
    stop_daemon || ok=1
    return $ok
}

cli_tests_against_daemon() {
    start_daemon || return 1
    # One daemon is shared by every test here, so they run one at a time: a test that sets
    # api.failureRate or login inputs must not race another that logs in.
    BINDERY_TEST_SOCKET="$socket" swift test --skip-build --no-parallel --filter BinderyCLITests \
        >"$workdir/cli.log" 2>&1
    local status=$?
    [ $status = 0 ] || grep -E "✘|error" "$workdir/cli.log" | head -20 | sed 's/^/      /'
    stop_daemon || status=1
    return $status
}

dashboard() {
    start_daemon || return 1
    # The test stops the daemon and starts it again (same socket, port and state directory:
    # versions continue) to check the page greys out and resynchronises; the daemon it
    # starts writes its pid where the first one's is.
    local run="$bin/binderyd --socket $socket --state-dir $workdir/state --http 127.0.0.1:$port --log-level warning"
    local stop="pid=\$(cat $workdir/daemon.pid); kill -TERM \$pid; for i in \$(seq 1 300); do grep -qs '^State:[[:space:]]*[^Z]' /proc/\$pid/status || exit 0; sleep 0.05; done; exit 1"
    local start="$run >>$workdir/daemon.log 2>&1 & echo \$! >$workdir/daemon.pid; for i in \$(seq 1 200); do $bin/binderyctl --socket $socket -c ping >/dev/null 2>&1 && exit 0; sleep 0.05; done; exit 1"
    python3 Tests/web/dashboard_test.py --base-url "http://127.0.0.1:$port" \
        --control "$bin/binderyctl --socket $socket" --socket "$socket" --store "$workdir/state/bindery.sqlite" \
        --stop-daemon "$stop" --start-daemon "$start" | sed 's/^/      /'
    local status=${PIPESTATUS[0]}
    local current
    current=$(cat "$workdir/daemon.pid")
    if [ "$current" != "$daemon_pid" ]; then
        # The first run was stopped by the test (SIGTERM: it must have exited 0); the one
        # running now is not this shell's child.
        wait "$daemon_pid" || { echo "      the first binderyd exited $? on SIGTERM"; status=1; }
        daemon_pid=""
        kill -TERM "$current" 2>/dev/null
        wait_gone "$current" || { echo "      the restarted binderyd did not stop within 15 s"; status=1; }
        rm -rf "$workdir"
    else
        stop_daemon || status=1
    fi
    return $status
}

behind_nginx() {
    start_daemon || return 1
    python3 Tests/proxy/nginx_proxy_test.py --port "$port" --socket "$socket" | sed 's/^/      /'
    local status=${PIPESTATUS[0]}
    stop_daemon || status=1
    return $status
}

guide_example() {
    local example=.build/examples/login
    local ok=0
    swift test --package-path Examples/Login --scratch-path "$example" --skip-build >"$example/test.log" 2>&1 \
        || { echo "      the example's tests failed:"; grep -E "✘|error" "$example/test.log" | head -10; ok=1; }
    "$example/debug/logind" --help | head -1 | grep -q "^usage: logind " || { echo "      logind --help does not name logind"; ok=1; }
    workdir=$(mktemp -d /tmp/bindery-e2e.XXXXXX)
    port=$(free_port)
    socket="$workdir/control.sock"
    "$example/debug/logind" --socket "$socket" --state-dir "$workdir/state" --http "127.0.0.1:$port" \
        --log-level warning >"$workdir/daemon.log" 2>&1 &
    daemon_pid=$!
    for _ in $(seq 1 200); do
        [ -S "$socket" ] && "$bin/binderyctl" --socket "$socket" -c ping >/dev/null 2>&1 && break
        sleep 0.05
    done
    "$bin/binderyctl" --socket "$socket" --check docs/GUIDE.md | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    fetch() { python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' "$1"; }
    fetch "http://127.0.0.1:$port/" | grep -qi "<html" || { echo "      logind does not serve the dashboard"; ok=1; }
    fetch "http://127.0.0.1:$port/api/surface" | grep -q '"items":\[{"name":"title","label":"Title"},{"name":"isDone","label":"Done"}\]' \
        || { echo "      /api/surface lacks notes.notes' columns"; ok=1; }
    # The host speaks with its program's name: the dashboard's and a second logind's words.
    fetch "http://127.0.0.1:$port/api/surface" | grep -q '^{"daemon":"logind",' || { echo "      /api/surface does not name logind"; ok=1; }
    local second
    second=$("$example/debug/logind" --socket "$workdir/second.sock" --state-dir "$workdir/state" --http 127.0.0.1:0 2>&1 >/dev/null)
    case "$second" in *"in use by another logind"*) ;; *) echo "      a second logind on the same state says: $second"; ok=1 ;; esac
    case "$second" in *binderyd*) echo "      logind's message names binderyd: $second"; ok=1 ;; esac
    # notes.add derives from the draft input: its edge skips the outputs' column.
    python3 Tests/web/graph_layout_test.py --base-url "http://127.0.0.1:$port" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    stop_daemon || ok=1
    return $ok
}

first_paint() {
    # Its own daemons (15 listed products): the state in the first paint and one-shot reads.
    python3 Tests/web/first_paint.py --rows 15 --runs 1 | sed 's/^/      /'
    return "${PIPESTATUS[0]}"
}

check "README session replays as written (binderyctl --check README.md)" walkthrough
check "binderyctl end-to-end and tmux tests against the real daemon" cli_tests_against_daemon
check "dashboard in headless Chromium: live state, run states, event log, scrubber, outage and resync" dashboard
check "dashboard's first paint shows the state; chromium --dump-dom and --virtual-time-budget read it at once" first_paint
check "behind nginx with docs/nginx.conf: the dashboard's requests work, one upstream request per cursor" behind_nginx
check "docs/GUIDE.md's example: its tests, --help, the guide's session, its dashboard and its binding graph" guide_example
echo "e2e: $passed passed, $failed failed"
[ "$failed" = 0 ]
