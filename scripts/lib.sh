# Sourced by the shell scripts that start a Bindery daemon (bash): the same rules as
# scripts/daemon.py, which these functions call.
#
#   free_port                      prints a free 127.0.0.1 port
#   daemon_start BINARY [ARGS...]  starts BINARY (binderyd, or another DaemonMain program) on a
#                                  fresh temporary directory $daemon_dir: control socket
#                                  $daemon_socket, port $daemon_port, state $daemon_dir/state,
#                                  output in $daemon_dir/daemon.log; returns once it answers
#                                  (/healthz and its socket), its pid in $daemon_pid; if it
#                                  does not, prints its log, stops it and fails
#   daemon_wait                    waits until the daemon of those variables answers again
#   daemon_restart                 SIGTERM, then the same binary and arguments again on the same
#                                  socket, port and state (versions continue; a restart event)
#   daemon_stop                    SIGTERM, waits, removes $daemon_dir; fails unless it exited 0
#   run_test_bundle DIR NAME [ARGS...]
#                                  runs package NAME's test bundle, built into DIR (.build/debug,
#                                  say), with Swift Testing's ARGS (--filter, --no-parallel)
bindery_lib_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
daemon_dir=""
daemon_pid=""

free_port() { python3 "$bindery_lib_dir/daemon.py" free-port; }

# The bundle itself rather than `swift test --skip-build`: the example packages build into the
# same .build as the package, and there `swift test --skip-build` runs the bundle of whichever
# package SwiftPM planned last (seen: Examples/Migration's `swift test` ran the package's own
# 1,073 tests while another `swift test` ran beside it).
run_test_bundle() {
    local dir=$1 name=$2; shift 2
    "$dir/${name}PackageTests.xctest" --testing-library swift-testing "$@"
}

daemon_start() {
    daemon_binary=$1; shift
    daemon_arguments=("$@")
    daemon_dir=$(mktemp -d "${TMPDIR:-/tmp}/bindery-daemon.XXXXXX")
    daemon_port=$(free_port)
    daemon_socket="$daemon_dir/control.sock"
    daemon_launch && return 0
    echo "$(basename "$daemon_binary") did not come up:"; cat "$daemon_dir/daemon.log"
    kill -TERM "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null
    daemon_pid=""; rm -rf "$daemon_dir"
    return 1
}

# Runs $daemon_binary on the variables daemon_start set; returns once it answers.
daemon_launch() {
    "$daemon_binary" --socket "$daemon_socket" --state-dir "$daemon_dir/state" --http "127.0.0.1:$daemon_port" \
        --log-level warning "${daemon_arguments[@]}" >>"$daemon_dir/daemon.log" 2>&1 &
    daemon_pid=$!
    daemon_wait
}

daemon_restart() {
    kill -TERM "$daemon_pid" 2>/dev/null
    wait "$daemon_pid" || { echo "the daemon exited $? on SIGTERM"; return 1; }
    daemon_launch || { echo "$(basename "$daemon_binary") did not come up again:"; cat "$daemon_dir/daemon.log"; return 1; }
}

daemon_wait() { python3 "$bindery_lib_dir/daemon.py" wait "$daemon_port" "$daemon_socket" "$daemon_pid"; }

daemon_stop() {
    [ -n "$daemon_pid" ] || return 0
    kill -TERM "$daemon_pid" 2>/dev/null
    wait "$daemon_pid"
    local status=$?
    daemon_pid=""
    rm -rf "$daemon_dir"
    [ "$status" = 0 ] || { echo "the daemon exited $status on SIGTERM"; return 1; }
}
