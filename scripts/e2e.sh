#!/usr/bin/env bash
# End-to-end checks against the real binderyd (debug build), each on a fresh temporary socket,
# port and state directory:
#   1. the README's REPL session, replayed by `binderyctl --check README.md` (a diff if it drifted);
#   2. binderyctl's end-to-end and tmux tests pointed at the real daemon;
#   3. the dashboard in headless Chromium (the copy compiled into binderyd), driven through binderyctl,
#      with the daemon stopped and started again by the test (its outage check);
#   4. binderyd behind the real nginx configured with docs/nginx.conf, and publishing to the real
#      nginx with nchan configured with docs/nginx-nchan.conf, the dashboard in Chromium included
#      (Tests/proxy); then two nginx configured with docs/nginx-nchan-redis.conf sharing a real
#      redis-server, restarted one by one;
#   5. docs/GUIDE.md's example package (Examples/Login, built by `make test` into
#      $examples): its own tests, its daemon's --help, the guide's REPL session
#      replayed against it, and its dashboard (compiled in) describing its list's columns, its
#      binding graph (an input enabling a command) drawn with no edge behind a node;
#   6. the dashboard's first paint: the state inline, and one-shot Chromium reads;
#   7. Examples/Search (built by `make test` into $examples): its tests, searchd --help,
#      and its view model's dashboard in headless Chromium (Tests/web/self_driven_test.py), and a
#      timer's identical runs folded in the log (Tests/web/repeat_fold_test.py);
#   8. the binding graphs of binderyd and of bindery-graph-search-daemon (a debounced search) laid out
#      readably, and each event's effects, stored by the daemon, on a page opened after a restart;
#   9. a test from a session: a scripted session against Examples/Search's searchd, written by
#      `binderyctl testgen` into the example's tests and run there (scripts/search-session-test.sh).
#  10. Examples/Brokerage (an app's view models as ReactiveSwift code, built by `make test` into
#      $examples): its tests, brokerd --help, docs/GUIDE.md's brokerd session replayed against it,
#      and its real daemon's refusals and errors and its kill -9 and SIGTERM restarts compared
#      version by version (Tests/examples/brokerage_test.py).
# Prints one line per check and a closing "e2e: N passed, M failed"; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug
# Where `make test` builds the example packages (the Makefile passes its EXAMPLES_BUILD).
examples=${EXAMPLES_BUILD:-.build}
passed=0
failed=0

. scripts/lib.sh  # free_port, daemon_start, daemon_stop: the daemon on a temporary socket, port and state
start_daemon() { daemon_start "$bin/binderyd"; }
trap 'daemon_stop >/dev/null' EXIT

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
    "$bin/binderyctl" --socket "$daemon_socket" --check README.md | sed 's/^/      /'
    local ok=${PIPESTATUS[0]}
    daemon_stop || ok=1
    return $ok
}

cli_tests_against_daemon() {
    start_daemon || return 1
    # One daemon is shared by every test here, so they run one at a time: a test that sets
    # api.failureRate or login inputs must not race another that logs in.
    BINDERY_TEST_SOCKET="$daemon_socket" run_test_bundle "$bin" Bindery --no-parallel --filter BinderyCLITests \
        >"$daemon_dir/cli.log" 2>&1
    local status=$?
    [ $status = 0 ] || grep -E "✘|error" "$daemon_dir/cli.log" | head -20 | sed 's/^/      /'
    daemon_stop || status=1
    return $status
}

dashboard() {
    # The test starts this build's binderyd on its own temporary socket, port and state
    # (scripts/daemon.py), and stops and starts it again (versions continue) to check the page
    # greys out and resynchronises.
    python3 Tests/web/dashboard_test.py --bin-dir "$bin" | sed 's/^/      /'
    return "${PIPESTATUS[0]}"
}

behind_nginx() {
    start_daemon || return 1
    python3 Tests/proxy/nginx_proxy_test.py --port "$daemon_port" --socket "$daemon_socket" | sed 's/^/      /'
    local status=${PIPESTATUS[0]}
    daemon_stop || status=1
    return $status
}

behind_nchan_redis() {
    # Its own redis-server, two nginx and a daemon publishing to one of them; restarts Redis and each nginx.
    python3 Tests/proxy/nchan_redis_test.py --bin-dir "$bin" | sed 's/^/      /'
    return "${PIPESTATUS[0]}"
}

behind_nchan() {
    # Its own daemon (with --publish-url) and nginx, restarted by the test.
    python3 Tests/proxy/nginx_nchan_test.py --bin-dir "$bin" | sed 's/^/      /'
    return "${PIPESTATUS[0]}"
}

guide_example() {
    local ok=0
    run_test_bundle "$examples/debug" Login >"$examples/login-test.log" 2>&1 \
        || { echo "      the example's tests failed:"; grep -E "✘|error" "$examples/login-test.log" | head -10; ok=1; }
    "$examples/debug/logind" --help | head -1 | grep -q "^usage: logind " || { echo "      logind --help does not name logind"; ok=1; }
    daemon_start "$examples/debug/logind" || return 1
    # The guide's sessions meant for logind (those not marked for another daemon).
    python3 scripts/guide-session.py logind docs/GUIDE.md >"$daemon_dir/guide.md"
    "$bin/binderyctl" --socket "$daemon_socket" --check "$daemon_dir/guide.md" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    fetch() { python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' "$1"; }
    fetch "http://127.0.0.1:$daemon_port/" | grep -qi "<html" || { echo "      logind does not serve the dashboard"; ok=1; }
    fetch "http://127.0.0.1:$daemon_port/api/surface" | grep -q '"items":\[{"name":"title","label":"Title"},{"name":"isDone","label":"Done"}\]' \
        || { echo "      /api/surface lacks notes.notes' columns"; ok=1; }
    # The host speaks with its program's name: the dashboard's and a second logind's words.
    fetch "http://127.0.0.1:$daemon_port/api/surface" | grep -q '^{"daemon":"logind",' || { echo "      /api/surface does not name logind"; ok=1; }
    local second
    second=$("$examples/debug/logind" --socket "$daemon_dir/second.sock" --state-dir "$daemon_dir/state" --http 127.0.0.1:0 2>&1 >/dev/null)
    case "$second" in *"in use by another logind"*) ;; *) echo "      a second logind on the same state says: $second"; ok=1 ;; esac
    case "$second" in *binderyd*) echo "      logind's message names binderyd: $second"; ok=1 ;; esac
    # notes.add derives from the draft input: its edge skips the outputs' column.
    python3 Tests/web/graph_layout_test.py --base-url "http://127.0.0.1:$daemon_port" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    daemon_stop || ok=1
    return $ok
}

search_example() {
    # Examples/Search, built by `make test` into $examples: its own tests (the
    # debounce, the failing backend, paging on a TestScheduler) and its daemon's --help. Its
    # runs and restarts in the real daemon are SelfDrivenRunsTests (swift test).
    run_test_bundle "$examples/debug" Search >"$examples/search-test.log" 2>&1 \
        || { echo "      the example's tests failed:"; grep -E "✘|error" "$examples/search-test.log" | head -10; return 1; }
    "$examples/debug/searchd" --help | head -1 | grep -q "^usage: searchd " || { echo "      searchd --help does not name searchd"; return 1; }
}

brokerage_example() {
    # Examples/Brokerage, built by `make test` into $examples: its own tests (each view model
    # on a TestScheduler), brokerd --help, the guide's session for brokerd, then the real
    # daemon driven to a rich state: its refusals and errors, and kill -9 and SIGTERM restarts
    # compared version by version with the last version before each stop.
    local ok=0
    run_test_bundle "$examples/debug" Brokerage >"$examples/brokerage-test.log" 2>&1 \
        || { echo "      the example's tests failed:"; grep -E "✘|error" "$examples/brokerage-test.log" | head -10; ok=1; }
    "$examples/debug/brokerd" --help | head -1 | grep -q "^usage: brokerd " || { echo "      brokerd --help does not name brokerd"; ok=1; }
    daemon_start "$examples/debug/brokerd" || return 1
    python3 scripts/guide-session.py brokerd docs/GUIDE.md >"$daemon_dir/guide.md"
    "$bin/binderyctl" --socket "$daemon_socket" --check "$daemon_dir/guide.md" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    daemon_stop || ok=1
    python3 Tests/examples/brokerage_test.py --brokerd "$examples/debug/brokerd" --binderyctl "$bin/binderyctl" \
        --checks refusals,restarts | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    return $ok
}

self_driven_dashboard() {
    # Examples/Search's view model in this build's bindery-search-daemon, on its own socket,
    # port and state: binding-started runs on the dashboard, the settable rule, dates in rows.
    # Then bindery-ticker-daemon (polled by a timer every 0.3 s): its identical runs folded.
    local ok=0
    python3 Tests/web/self_driven_test.py --bin-dir "$bin" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    python3 Tests/web/repeat_fold_test.py --bin-dir "$bin" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    return $ok
}

graphs_and_effects() {
    # Their own daemons: binderyd's seven graphs and bindery-graph-search-daemon's (a debounced
    # search), then binderyd restarted and a fresh page reading each event's stored effects.
    local ok=0
    python3 Tests/web/graph_readability_test.py --bin-dir "$bin" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    python3 Tests/web/effects_test.py --bin-dir "$bin" | sed 's/^/      /'
    [ "${PIPESTATUS[0]}" = 0 ] || ok=1
    return $ok
}

imported_session_dashboard() {
    # bindery-ticker-daemon, on its own socket, port and state: a session it exported, imported
    # into it again, shown on the dashboard apart from the live state (binderyctl import).
    python3 Tests/web/imported_session_test.py --bin-dir "$bin" | sed 's/^/      /'
    return "${PIPESTATUS[0]}"
}

session_test() {
    scripts/search-session-test.sh | sed 's/^/      /'
    return "${PIPESTATUS[0]}"
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
check "dashboard of a view model that drives itself: runs a binding starts, what started them, the settable rule, dates on one line, a timer's identical runs folded" self_driven_dashboard
check "binding graphs in layers (no edge behind a node, few crossings; the debounced search's) and each event's stored effects on a page opened after a restart" graphs_and_effects
check "behind nginx with docs/nginx.conf: the dashboard's requests work, one upstream request per cursor" behind_nginx
check "behind nginx with nchan (docs/nginx-nchan.conf): the daemon publishes, a set reaches long-polls and the dashboard, caught up after nginx restarts" behind_nchan
check "two nginx sharing nchan's channels in Redis (docs/nginx-nchan-redis.conf): a set reaches both, caught up after Redis and nginx restarts, the dashboard following nchan's EventSource" behind_nchan_redis
check "docs/GUIDE.md's example: its tests, --help, the guide's session, its dashboard and its binding graph" guide_example
check "Examples/Search (a view model that drives itself): its tests and searchd --help" search_example
check "a session imported for reading (binderyctl import) on the dashboard: its own banner and slider, apart from the live state" imported_session_dashboard
check "a test generated from a scripted session against searchd (binderyctl testgen) passes in-process on a TestScheduler" session_test
check "Examples/Brokerage (an app's ReactiveSwift view models): its tests, --help, the guide's brokerd session, a private member refused, errors by errorDescription, kill -9 and SIGTERM restarts invisible" brokerage_example
echo "e2e: $passed passed, $failed failed"
[ "$failed" = 0 ]
