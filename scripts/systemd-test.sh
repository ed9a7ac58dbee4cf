#!/usr/bin/env bash
# systemd-test.sh DEB: the Debian package and the service under a real systemd.
#
# 1. The package: its file list, Depends, ExecStart=, man pages, and lintian (no errors).
# 2. A real systemd booted as PID 1 in a private pid and mount namespace, with private tmpfs
#    on /run, /tmp and /var/tmp (systemd-tmpfiles would otherwise empty the machine's /tmp)
#    and throwaway overlays on /usr, /etc and /var, so `apt install ./DEB`, the units, the
#    state and the journal all land in the overlays and the machine is never touched. Then,
#    as an operator would: install, `systemctl enable --now binderyd.socket`, activation by
#    HTTP and by binderyctl with no flags, Type=notify readiness, the watchdog (kept alive over
#    several WatchdogSec periods, enforced when the daemon is frozen), journal priorities,
#    restart keeping the inputs, a prompt stop, a private state directory, the dashboard, bash
#    completion, `systemd-analyze security`, nginx with nchan (docs/nginx-nchan.conf) fed by
#    the service over its publish socket (a set reaches a long-poll through nginx, also after
#    nginx restarts or is down for a while; another local user cannot reach that socket), and
#    `apt purge`.
# The namespace's systemd is killed by its PID at the end, also on failure. Every wait is
# bounded; a failure prints the journal. Prints one line per check; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
deb=$(realpath "${1:?usage: systemd-test.sh DEB}")
if [ "$(id -u)" != 0 ]; then
    echo "systemd-test: SKIPPED: booting systemd in a namespace needs root (CI runs as root)"
    exit 0
fi
work=$(pwd)/.build/systemd-test
passed=0
failed=0
ns_pid=""
unshare_pid=""

ok() { echo "ok    $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  $1"; failed=$((failed + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else fail "$name"; fi; }

cleanup() {
    if [ -n "$ns_pid" ]; then kill -9 "$ns_pid" 2>/dev/null; fi
    if [ -n "$unshare_pid" ]; then wait "$unshare_pid" 2>/dev/null; fi
    rm -rf "$work"
}
trap cleanup EXIT

# Runs a command inside the namespace (mounts and pids), from /, bounded.
ns() { timeout 30 nsenter -t "$ns_pid" -m -p --wd=/ "$@"; }
journal() {
    echo "      --- journalctl -u binderyd.socket -u binderyd (last 40 lines)"
    ns journalctl --no-pager -u binderyd.socket -u binderyd -n 40 2>&1 | sed 's/^/      | /'
}
# `prop UNIT NAME`: one property of a unit.
prop() { ns systemctl show -P "$2" "$1"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }

. scripts/lib.sh  # free_port
http_get() { curl --silent --show-error --max-time 10 --noproxy '*' "$@"; }

# ---------------------------------------------------------------------------------------
# 1. The package itself.
contents=$(dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|')
package_has_everything() {
    local missing=0
    for path in /usr/bin/binderyd /usr/bin/binderyctl /lib/systemd/system/binderyd.service \
                /lib/systemd/system/binderyd.socket /usr/lib/sysusers.d/bindery.conf /usr/lib/tmpfiles.d/bindery.conf \
                /usr/share/man/man8/binderyd.8.gz \
                /usr/share/man/man1/binderyctl.1.gz /usr/share/bash-completion/completions/binderyctl \
                /usr/share/doc/bindery/copyright /usr/share/doc/bindery/changelog.gz \
                /usr/share/doc/bindery/README.md /usr/share/doc/bindery/PROTOCOL.md /usr/share/doc/bindery/HTTP.md \
                /usr/share/doc/bindery/examples/nginx.conf /usr/share/doc/bindery/examples/nginx-nchan.conf \
                /usr/share/doc/bindery/examples/nginx-nchan-redis.conf; do
        # Documentation above 4 KiB is compressed, as dh does.
        grep -qxE "$path(\.gz)?" <<<"$contents" || { echo "      missing $path"; missing=1; }
    done
    grep -q '/web/' <<<"$contents" && { echo "      web files shipped, though the dashboard is compiled in"; missing=1; }
    return $missing
}
check "package: binaries, units, sysusers.d and tmpfiles.d files, man pages, completion, docs, nginx examples, copyright, changelog" package_has_everything

man_pages_name_shipped_docs() {
    local path status=0
    for path in $(grep -ho '/usr/share/doc/bindery/[A-Za-z0-9._/-]*[A-Za-z0-9_]' man/binderyd.8 man/binderyctl.1 | sort -u); do
        grep -qx "$path" <<<"$contents" || { echo "      a man page names $path, which the package does not ship"; status=1; }
    done
    return $status
}
check "man pages name only documentation files the package ships (PROTOCOL.md.gz, …)" man_pages_name_shipped_docs

package_metadata() {
    local depends exec
    depends=$(dpkg-deb -f "$deb" Depends)
    exec=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./lib/systemd/system/binderyd.service | grep '^ExecStart=')
    echo "      Depends: $depends"
    [[ $depends == *libmicrohttpd* && $depends == *libsystemd0* && $depends == *libsqlite3* && $depends == *libreadline* ]] &&
        [ "$exec" = 'ExecStart=/usr/bin/binderyd $BINDERYD_OPTS' ] || { echo "      $exec"; return 1; }
    dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles | grep -qx /etc/default/bindery || { echo "      /etc/default/bindery is not a conffile"; return 1; }
}
check "package: Depends from dpkg-shlibdeps, ExecStart=/usr/bin/binderyd \$BINDERYD_OPTS (PREFIX substituted), /etc/default/bindery a conffile" package_metadata

man_pages_render() {
    local page out status=0
    for page in man/binderyd.8 man/binderyctl.1; do
        out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>&1 >/dev/null)
        [ -z "$out" ] || { echo "      $page: $out"; status=1; }
    done
    return $status
}
check "man pages render without groff warnings" man_pages_render

lintian_clean() {
    local status
    lintian --fail-on error --tag-display-limit 0 "$deb" >"$work.lintian" 2>&1
    status=$?
    grep -v 'running with root privileges' "$work.lintian" | sed 's/^/      lintian: /'
    rm -f "$work.lintian"
    return $status
}
check "lintian: no errors" lintian_clean

install_uninstall() {
    local dest=$work.destdir left
    rm -rf "$dest"
    make --no-print-directory install-files DESTDIR="$dest" PREFIX=/opt/bindery >/dev/null || return 1
    grep -qx 'ExecStart=/opt/bindery/bin/binderyd $BINDERYD_OPTS' "$dest/opt/bindery/lib/systemd/system/binderyd.service" &&
        [ -f "$dest/etc/default/bindery" ] &&
        [ -x "$dest/opt/bindery/bin/binderyd" ] && [ -f "$dest/opt/bindery/share/man/man8/binderyd.8" ] || return 1
    make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/opt/bindery >/dev/null || return 1
    left=$(find "$dest" -type f)
    rm -rf "$dest"
    [ -z "$left" ] || { echo "      left behind: $left"; return 1; }
}
check "make install PREFIX=/opt/bindery DESTDIR=…: ExecStart= follows PREFIX; make uninstall removes every file" install_uninstall

# ---------------------------------------------------------------------------------------
# 2. A real systemd in a private namespace.
rm -rf "$work"
mkdir -p "$work"
for d in usr etc var; do mkdir -p "$work/$d.upper" "$work/$d.work"; done
unshare --pid --fork --mount --mount-proc --propagation private bash -c '
    set -e
    for d in usr etc var; do
        mount -t overlay overlay -o "lowerdir=/$d,upperdir=$1/$d.upper,workdir=$1/$d.work" "/$d"
    done
    mount -t tmpfs tmpfs /run && mkdir -p /run/systemd
    mount -t tmpfs tmpfs /tmp
    mount -t tmpfs tmpfs /var/tmp
    exec /lib/systemd/systemd --system --unit=basic.target --log-target=null
' systemd-test "$work" </dev/null >"$work/unshare.log" 2>&1 &
unshare_pid=$!
for _ in $(seq 1 100); do
    ns_pid=$(pgrep -P "$unshare_pid" -x systemd) && break
    sleep 0.1
done
if [ -z "$ns_pid" ]; then
    fail "boot systemd in a private namespace"; cat "$work/unshare.log"; exit 1
fi

booted() {
    local state=""
    for _ in $(seq 1 100); do
        state=$(ns systemctl is-system-running 2>/dev/null)
        case $state in running) return 0 ;; degraded) break ;; esac
        sleep 0.2
    done
    echo "      system state: ${state:-unknown}"
    ns systemctl --no-pager --failed 2>&1 | sed 's/^/      | /'
    [ "$state" = degraded ]   # a unit of the machine's own may fail here; binderyd's tests go on
}
check "systemd boots as PID 1 (pid $ns_pid) with private /run, /tmp, /var/tmp and overlays" booted

# This machine's image forbids maintainer scripts to start or stop services
# (/usr/sbin/policy-rc.d exits 101, as in container images); a real host has no such policy.
# Remove it inside the namespace's /usr overlay only, so the package's scripts act as there.
[ -e "/proc/$ns_pid/root/usr/sbin/policy-rc.d" ] && ns rm -f /usr/sbin/policy-rc.d

installs_with_apt() {
    local out staged
    # The package goes in through the namespace's own /tmp: a checkout under the machine's
    # /tmp (a CI clone in mktemp's directory) is hidden behind the namespace's private /tmp.
    staged=/tmp/$(basename "$deb")
    cp "$deb" "/proc/$ns_pid/root$staged" || return 1
    out=$(ns env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$staged" 2>&1) ||
        { printf '%s\n' "$out" | tail -20 | sed 's/^/      | /'; return 1; }
    [ "$(ns dpkg-query -W -f='${Status}' bindery)" = "install ok installed" ]
}
check "apt install ./$(basename "$deb") (inside the namespace's overlays)" installs_with_apt

publish_dir_made() {
    local group line
    group=$(ns getent group bindery-publish) || { echo "      no group bindery-publish"; return 1; }
    # Numeric: the namespace's /etc/group (an overlay) is not the one stat(1) would read here.
    line=$(stat -c '%a %u:%g' "/proc/$ns_pid/root/run/bindery-publish") || return 1
    echo "      $group; /run/bindery-publish $line"
    [ "$line" = "710 0:$(cut -d: -f3 <<<"$group")" ]
}
check "postinst: the system group bindery-publish and /run/bindery-publish, 0710 root:bindery-publish" publish_dir_made

port=$(free_port)
units_verify() {
    local out
    out=$(ns systemd-analyze verify binderyd.socket binderyd.service 2>&1)
    [ -z "$out" ] || { printf '%s\n' "$out" | sed 's/^/      | /'; return 1; }
}
check "systemd-analyze verify: the installed units are clean" units_verify

exposure=""
security_at_most_one() {
    local line
    line=$(ns systemd-analyze security --no-pager binderyd.service 2>&1 | grep 'Overall exposure level')
    exposure=$(sed -E 's/.*: ([0-9.]+).*/\1/' <<<"$line")
    echo "      $line"
    awk -v e="$exposure" 'BEGIN { exit !(e != "" && e <= 1.0) }'
}
check "systemd-analyze security binderyd.service ≤ 1.0 (the real systemd's verdict)" security_at_most_one

# For the test only: a free port instead of 8420 (this machine may run a binderyd of its own),
# and a short watchdog so several periods pass quickly.
ns mkdir -p /etc/systemd/system/binderyd.socket.d /etc/systemd/system/binderyd.service.d
printf '[Socket]\nListenStream=\nListenStream=/run/bindery/control.sock\nListenStream=127.0.0.1:%s\n' "$port" |
    ns tee /etc/systemd/system/binderyd.socket.d/test-port.conf >/dev/null
printf '[Service]\nWatchdogSec=2s\n' | ns tee /etc/systemd/system/binderyd.service.d/test-watchdog.conf >/dev/null
ns systemctl daemon-reload

enable_socket() {
    ns systemctl enable --now binderyd.socket >/dev/null 2>&1 || return 1
    [ "$(prop binderyd.socket ActiveState)" = active ] && [ "$(prop binderyd.service ActiveState)" = inactive ] &&
        [ -S "/proc/$ns_pid/root/run/bindery/control.sock" ]
}
check "systemctl enable --now binderyd.socket: listening, service not yet started" enable_socket

http_activates() {
    local body
    body=$(http_get "http://127.0.0.1:$port/healthz") || return 1
    [ "$body" = ok ] && [ "$(prop binderyd.service ActiveState)" = active ]
}
check "a first HTTP request starts binderyd (the TCP socket is passed and served)" http_activates

notify_ready() {
    local type status
    type=$(prop binderyd.service Type)
    status=$(prop binderyd.service StatusText)
    echo "      Type=$type StatusText=$status"
    [ "$type" = notify ] && [[ $status == "serving 7 view models; control /run/bindery/control.sock (from systemd); http http://127.0.0.1:$port/" ]]
}
check "Type=notify: active after READY=1, STATUS= says what it serves" notify_ready

control_activates() {
    ns systemctl stop binderyd.service 2>/dev/null
    [ "$(prop binderyd.service ActiveState)" = inactive ] || return 1
    local out
    out=$(ns binderyctl -c ping 2>&1) || { echo "      $out"; return 1; }
    echo "      $out"
    [[ $out == "pong from binderyd at /run/bindery/control.sock"* ]] && [ "$(prop binderyd.service ActiveState)" = active ]
}
check "binderyctl with no flags finds /run/bindery/control.sock and its connection starts binderyd" control_activates

socket_is_root_only() {
    local out status
    out=$(ns setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/ binderyctl -c ping 2>&1)
    status=$?
    echo "      as nobody: exit $status: $out"
    [ $status = 3 ] && [[ $out == *"/run/bindery/control.sock (Permission denied)"*"sudo binderyctl"* ]] && [[ $out != *"make run"* ]]
}
check "the control socket is root's only (SocketMode=0600): another user is told so (sudo binderyctl, not make run), exit 3" socket_is_root_only

sandbox_applied() {
    local pid status
    pid=$(prop binderyd.service MainPID)
    status=$(ns cat "/proc/$pid/status") || return 1
    grep -E '^(Uid|NoNewPrivs|Seccomp|CapEff|CapBnd):' <<<"$status" | tr -s '\t' ' ' | paste -sd ';' | sed 's/^/      /'
    [ "$(ns readlink "/proc/$pid/ns/net")" != "$(ns readlink /proc/1/ns/net)" ] || { echo "      same network namespace"; return 1; }
    [ "$(ns readlink "/proc/$pid/ns/mnt")" != "$(ns readlink /proc/1/ns/mnt)" ] || { echo "      same mount namespace"; return 1; }
    grep -Eq '^Uid:\s+[1-9]' <<<"$status" && grep -Eq '^NoNewPrivs:\s+1' <<<"$status" &&
        grep -Eq '^Seccomp:\s+2' <<<"$status" && grep -Eq '^CapEff:\s+0+$' <<<"$status" && grep -Eq '^CapBnd:\s+0+$' <<<"$status"
}
check "sandbox in force: dynamic uid, no capabilities, seccomp, no new privileges, own network and mounts" sandbox_applied

dashboard_served() {
    local file status=0
    for file in $(ls web | grep -vx index.html); do
        cmp -s <(http_get "http://127.0.0.1:$port/$file") "web/$file" || { echo "      /$file differs"; status=1; }
    done
    # / is index.html with the state inline (one data block), naming `sudo binderyctl`.
    local page
    page=$(http_get "http://127.0.0.1:$port/")
    cmp -s <(grep -v 'id="bindery-initial"' <<<"$page") web/index.html || { echo "      / is not index.html and its data block"; status=1; }
    grep -q '"attach":"sudo binderyctl"' <<<"$page" || { echo "      / does not name sudo binderyctl for the system service"; status=1; }
    return $status
}
check "dashboard: every file of web/ served byte for byte by the installed binary, / with the state inline and 'sudo binderyctl'" dashboard_served

watchdog_keeps_alive() {
    local pid watchdog
    pid=$(prop binderyd.service MainPID)
    watchdog=$(prop binderyd.service WatchdogUSec)
    sleep 7
    echo "      WatchdogUSec=$watchdog, MainPID $pid → $(prop binderyd.service MainPID) after 7 s"
    [ "$watchdog" = 2s ] && [ "$(prop binderyd.service MainPID)" = "$pid" ] &&
        [ "$(prop binderyd.service NRestarts)" = 0 ] && [ "$(prop binderyd.service ActiveState)" = active ]
}
check "watchdog: WatchdogSec=2s, still the same process after 3.5 periods" watchdog_keeps_alive

watchdog_enforced() {
    local pid new=""
    pid=$(prop binderyd.service MainPID)
    ns kill -STOP "$pid" || return 1
    # systemd sends SIGABRT (with SIGCONT) at the timeout, Restart=on-failure starts it again.
    for _ in $(seq 1 200); do
        new=$(prop binderyd.service MainPID)
        [ "$new" != "$pid" ] && [ "$new" != 0 ] && [ "$(prop binderyd.service ActiveState)" = active ] && break
        sleep 0.1
    done
    echo "      MainPID $pid frozen → $new, NRestarts=$(prop binderyd.service NRestarts)"
    [ "$new" != "$pid" ] && [ "$(prop binderyd.service NRestarts)" = 1 ]
}
check "watchdog: a frozen binderyd (SIGSTOP) is killed and restarted by systemd" watchdog_enforced

restart_keeps_inputs() {
    local pid out
    ns binderyctl -c 'set signin.username alice' -c 'set api.latencyMs 3000' >/dev/null || return 1
    pid=$(prop binderyd.service MainPID)
    ns systemctl restart binderyd.service || return 1
    out=$(ns binderyctl -c 'get signin.username' -c 'get api.latencyMs' 2>&1)
    echo "      after restart: $(tr '\n' ' ' <<<"$out")"
    [ "$(prop binderyd.service MainPID)" != "$pid" ] && [[ $out == *'"alice"'* && $out == *3000* ]]
}
check "systemctl restart: a new process with the inputs kept" restart_keeps_inputs

journal_priorities() {
    local entries nice_limit
    entries=$(ns journalctl --no-pager -u binderyd -o json --output-fields=MESSAGE,PRIORITY,_PID 2>/dev/null)
    # LimitNICE=-4 lets libdispatch's event thread take the nice -4 it asks for. A machine whose
    # hard RLIMIT_NICE is 0 for systemd itself (a container without CAP_SYS_RESOURCE) cannot
    # grant it; the refusal is then logged and only that part of the check is skipped.
    nice_limit=$(ns cat "/proc/$(prop binderyd.service MainPID)/limits" 2>/dev/null | awk '/^Max nice priority/ {print $4}')
    echo "      RLIMIT_NICE of the service: ${nice_limit:-?} (LimitNICE=-4 asks for 24)"
    python3 - "$entries" "${nice_limit:-0}" <<'PY'
import json, sys
lines = [json.loads(l) for l in sys.argv[1].splitlines() if l.strip()]
def has(prefix, priority):
    hits = [l for l in lines if str(l.get("MESSAGE", "")).startswith(prefix)]
    print(f"      {prefix!r}: priorities {sorted({l['PRIORITY'] for l in hits})}")
    return hits and all(l["PRIORITY"] == priority for l in hits)
raw = [l["MESSAGE"] for l in lines if str(l.get("MESSAGE", "")).startswith("<")]
ok = has("serving 7 view models", "6") & has("SIGTERM: shutting down", "5") & has("stopped at state version", "6")
if raw: print(f"      unparsed priority prefixes: {raw[:3]}")
# No noise: nothing asks for a thread priority the sandbox refuses (libdispatch's refusal).
noise = [l["MESSAGE"] for l in lines if "thread priority" in str(l.get("MESSAGE", ""))]
if noise: print(f"      noise: {noise[:3]}")
if noise and int(sys.argv[2]) < 24:
    print("      SKIPPED the noise check: this machine cannot raise RLIMIT_NICE to what LimitNICE=-4 asks")
    noise = []
sys.exit(0 if ok and not raw and not noise else 1)
PY
}
check "journalctl -u binderyd: the daemon's lines with their priorities (info 6, notice 5); no thread-priority noise where RLIMIT_NICE can be granted" journal_priorities

state_private() {
    local dir=/proc/$ns_pid/root/var/lib/private/bindery mode files bad=0 owner
    mode=$(stat -c %a "$dir") || return 1
    owner=$(stat -c %u "$dir")
    files=$(find "$dir" -type f -printf '%m %f\n')
    echo "      /var/lib/private/bindery $mode uid $owner; $(tr '\n' ' ' <<<"$files")"
    grep -qv '^600 ' <<<"$files" && bad=1
    [ "$mode" = 700 ] && [ "$owner" != 0 ] && [ -n "$files" ] && [ $bad = 0 ] &&
        [ "$(stat -c %a "/proc/$ns_pid/root/var/lib/private")" = 700 ]
}
check "state directory: 0700, owned by the dynamic user, files 0600" state_private

stop_is_prompt() {
    ns binderyctl -c 'run products.refresh &' >/dev/null || return 1
    local start elapsed
    start=$(now_ms)
    ns systemctl stop binderyd.socket binderyd.service || return 1
    elapsed=$(($(now_ms) - start))
    echo "      stopped in ${elapsed} ms with a 3 s command running; Result=$(prop binderyd.service Result)"
    [ "$elapsed" -lt 5000 ] && [ "$(prop binderyd.service ActiveState)" = inactive ] &&
        [ "$(prop binderyd.service Result)" = success ]
}
check "systemctl stop: ends within 5 s, exit 0, while a command runs" stop_is_prompt

completion_asks_the_daemon() {
    ns systemctl start binderyd.socket || return 1
    local out
    out=$(ns bash -c 'source /usr/share/bash-completion/completions/binderyctl
        COMP_WORDS=(binderyctl -c "'"'"'set signin.pa"); COMP_CWORD=2; _binderyctl; printf "%s|" "${COMPREPLY[0]}"
        COMP_WORDS=(binderyctl -c "'"'"'run pro"); COMP_CWORD=2; _binderyctl; printf "%s|" "${COMPREPLY[@]}"')
    echo "      $out"
    [ "$out" = "set signin.password |run products.cancel|run products.loadMore|run products.refresh|run products.toggle|" ]
}
check "bash completion completes inputs and view models from the running service" completion_asks_the_daemon

# ---------------------------------------------------------------------------------------
# nginx with nchan in front of the packaged service, set up as docs/HTTP.md ("Behind nginx
# with nchan", "Under the packaged service") tells an operator: the nginx packages, the
# package's copy of docs/nginx-nchan.conf (/usr/share/doc/bindery/examples) in
# /etc/nginx/conf.d with its listen port and the daemon's address adjusted, and the
# `systemctl edit binderyd.service` drop-in giving ExecStart= the --publish-url of the
# configuration's publish socket. The long-polls go through nginx's port; /metrics on the
# daemon's own port tells whether any of them reached the daemon.
nginx_port=$(free_port)
publish_socket=/run/bindery-publish/nginx.sock
publish_url=http://unix:$publish_socket:/bindery/
nginx_journal() {
    echo "      --- journalctl -u nginx (last 10 lines); /var/log/nginx/error.log (last 10 lines)"
    ns journalctl --no-pager -u nginx -n 10 2>&1 | sed 's/^/      | /'
    ns tail -n 10 /var/log/nginx/error.log 2>&1 | sed 's/^/      | /'
}
# HTTP responses the daemon has sent (all statuses), read on its own port.
daemon_responses() {
    http_get "http://127.0.0.1:$port/metrics" | awk '/^bindery_http_requests_total\{/ { n += $2 } END { print n + 0 }'
}
# The daemon's journal lines since `binderyd_since` (an epoch, set when the check restarts it).
binderyd_since=""
binderyd_lines() { ns journalctl --no-pager -o cat -u binderyd --since "@$binderyd_since"; }
# `feed_answer BODY VERSION VALUE`: BODY is a change-feed answer at VERSION setting
# api.latencyMs to VALUE.
feed_answer() {
    python3 - "$@" <<'PY'
import json, sys
try:
    answer = json.loads(sys.argv[1])
except ValueError:
    sys.exit(1)
ok = answer.get("version") == int(sys.argv[2]) and any(
    c.get("name") == "latencyMs" and c.get("value") == int(sys.argv[3]) for c in answer.get("changes", []))
sys.exit(0 if ok else 1)
PY
}
feed_id=""
cursor=""
# `long_poll_gets_set VALUE [CURSOR]`: a dashboard's long-poll at CURSOR (default: the current
# version) through nginx, then `binderyctl set api.latencyMs VALUE` (unless CURSOR is given:
# the value was set before); the poll must answer with the daemon's current version and VALUE,
# and the daemon must have answered no HTTP request meanwhile (the poll waited in nchan).
long_poll_gets_set() {
    local value=$1 since=${2:-$cursor} expect before between after status body start took
    before=$(daemon_responses)
    between=$(($(daemon_responses) - before))  # what reading /metrics itself adds
    before=$(daemon_responses)
    start=$(now_ms)
    rm -f "$work/poll"
    http_get -o "$work/poll" -w '%{http_code}' \
        "http://127.0.0.1:$nginx_port/api/changes?since=$since&wait=25&feed=$feed_id" >"$work/poll.status" &
    local poller=$!
    if [ -z "${2:-}" ]; then
        sleep 1  # the poll is waiting in nchan
        ns binderyctl -c "set api.latencyMs $value" >/dev/null || { wait "$poller"; return 1; }
    fi
    wait "$poller"
    took=$(($(now_ms) - start))
    after=$(daemon_responses)
    status=$(cat "$work/poll.status"); body=$(cat "$work/poll" 2>/dev/null)
    # The daemon's current version (its own port, after the count above).
    expect=$(http_get "http://127.0.0.1:$port/api/changes" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
    echo "      since=$since: HTTP $status after ${took} ms: ${body:0:160}"
    echo "      daemon's HTTP responses meanwhile: $((after - before - between)) (besides /metrics)"
    [ "$status" = 200 ] && feed_answer "$body" "$expect" "$value" && [ $((after - before)) = "$between" ] ||
        return 1
    cursor=$expect
}

# The Debian way to give a service flags: /etc/default/bindery (a conffile) sets BINDERYD_OPTS,
# which the unit's EnvironmentFile= reads and ExecStart= expands.
default_file_flags() {
    local pid cmdline
    grep -q '^BINDERYD_OPTS=""' "/proc/$ns_pid/root/etc/default/bindery" || { echo "      /etc/default/bindery not installed as shipped"; return 1; }
    printf 'BINDERYD_OPTS="--event-log-size 4321 --command-timeout 17"\n' | ns tee /etc/default/bindery >/dev/null
    ns systemctl restart binderyd.service || return 1
    pid=$(prop binderyd.service MainPID)
    cmdline=$(ns cat "/proc/$pid/cmdline" | tr '\0' ' ')
    echo "      $cmdline"
    [ "$(prop binderyd.service ActiveState)" = active ] && [[ $cmdline == *"--event-log-size 4321 --command-timeout 17"* ]] &&
        ns binderyctl -c ping >/dev/null
}
check "/etc/default/bindery: BINDERYD_OPTS reaches binderyd's command line (EnvironmentFile=)" default_file_flags

# Metrics an operator's Prometheus expects of any exporter, from the packaged binary.
process_metrics() {
    local text
    text=$(http_get "http://127.0.0.1:$port/metrics") || return 1
    grep -E '^(process_[a-z_]+|bindery_build_info)' <<<"$text" | sed 's/^/      /'
    for family in process_cpu_seconds_total process_start_time_seconds process_resident_memory_bytes \
                  process_virtual_memory_bytes process_open_fds process_max_fds; do
        grep -q "^$family [0-9]" <<<"$text" || { echo "      no $family"; return 1; }
    done
    grep -q '^bindery_build_info{version="[0-9.]*",program="binderyd"} 1$' <<<"$text"
}
check "/metrics: process_* and bindery_build_info" process_metrics

nchan_set_up() {
    local out conf=/etc/nginx/conf.d/bindery.conf reset
    out=$(ns env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nginx-light libnginx-mod-nchan 2>&1) ||
        { printf '%s\n' "$out" | tail -20 | sed 's/^/      | /'; return 1; }
    # For the test only: the namespace shares the machine's network, so nginx's default site
    # (port 80) goes and the dashboards' port is a free one; the daemon's address is the
    # test's socket port. The publish socket's path is the file's own.
    ns rm -f /etc/nginx/sites-enabled/default
    ns sed -e "s/^    listen 8080/    listen 127.0.0.1:$nginx_port/" -e "s/127\.0\.0\.1:8420/127.0.0.1:$port/g" \
        /usr/share/doc/bindery/examples/nginx-nchan.conf | ns tee "$conf" >/dev/null
    grep -q "listen 127.0.0.1:$nginx_port;" "/proc/$ns_pid/root$conf" || { echo "      the listen line was not rewritten"; return 1; }
    # What `systemctl edit binderyd.service` writes (it wants a terminal; this is its file).
    printf '[Service]\nExecStart=\nExecStart=/usr/bin/binderyd --publish-url %s\n' "$publish_url" |
        ns tee /etc/systemd/system/binderyd.service.d/override.conf >/dev/null
    # What `systemctl edit nginx.service` writes: docs/HTTP.md's step that removes the sockets
    # a killed nginx leaves behind, before each start.
    local stale_step
    stale_step=$(grep -m1 '^ExecStartPre=-/bin/rm -f ' docs/HTTP.md) || { echo "      docs/HTTP.md has no ExecStartPre= for nginx"; return 1; }
    ns mkdir -p /etc/systemd/system/nginx.service.d
    printf '[Service]\n%s\n' "$stale_step" | ns tee /etc/systemd/system/nginx.service.d/override.conf >/dev/null
    ns systemctl daemon-reload || return 1
    # Restart, not start: where apt has just installed nginx, it runs without this file.
    { ns systemctl enable nginx && ns systemctl restart nginx; } >/dev/null 2>&1 || { nginx_journal; return 1; }
    binderyd_since=$(date +%s)
    ns systemctl restart binderyd.service || return 1
    echo "      ExecStart: $(prop binderyd.service ExecStart | sed -E 's/.*argv\[\]=([^;]*);.*/\1/')"
    [ "$(prop nginx.service ActiveState)" = active ] && [ "$(prop binderyd.service ActiveState)" = active ] &&
        [ -S "/proc/$ns_pid/root$publish_socket" ] || { nginx_journal; return 1; }
    # The first poll through nginx is the daemon's reset, naming the feed.
    reset=$(http_get "http://127.0.0.1:$nginx_port/api/changes") || { nginx_journal; return 1; }
    read -r feed_id cursor < <(python3 -c 'import json, sys; a = json.loads(sys.argv[1]); print(a["feed"], a["version"]) if "reset" in a else None' "$reset")
    echo "      feed $feed_id at version $cursor"
    [ -n "$feed_id" ] && binderyd_lines | grep -qF "publishing the change feed (feed $feed_id) to $publish_url"
}
check "nginx with nchan (docs/nginx-nchan.conf) under systemd; binderyd.service given --publish-url by a drop-in" nchan_set_up

no_publish_errors() {
    local lines
    lines=$(binderyd_lines | grep -E 'cannot publish|publish.*(error|fail)')
    [ -z "$lines" ] || { printf '%s\n' "$lines" | sed 's/^/      | /'; return 1; }
}
nchan_delivers() {
    long_poll_gets_set 4321 && no_publish_errors
}
check "a long-poll through nginx waits in nchan and gets a binderyctl set (not asking the daemon); no publish errors in the journal" nchan_delivers

# Only root and the bindery-publish group reach the publish socket: an ordinary local user
# (nobody, no groups) is refused at the directory, while root reaches nginx's publisher
# (404 outside /bindery/) and the service (its supplementary group) delivers, as above.
publish_socket_guarded() {
    local out status code gid pid groups
    out=$(ns setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX)
try:
    s.connect(sys.argv[1])
except OSError as e:
    print(e.strerror); sys.exit(1)
print("connected")' "$publish_socket" 2>&1)
    echo "      as nobody: connect(): $out"
    [ "$out" = "Permission denied" ] || return 1
    out=$(ns setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/curl --silent --show-error --max-time 5 \
        --unix-socket "$publish_socket" -X POST -d '{"forged":true}' "http://localhost/bindery/$feed_id-$cursor" 2>&1)
    status=$?
    echo "      as nobody: curl --unix-socket … -X POST: exit $status: $out"
    [ $status = 7 ] || return 1
    code=$(ns curl --silent --max-time 5 -o /dev/null -w '%{http_code}' --unix-socket "$publish_socket" http://localhost/)
    gid=$(ns getent group bindery-publish | cut -d: -f3)
    pid=$(prop binderyd.service MainPID)
    groups=$(ns awk '/^Groups:/ { $1 = ""; print }' "/proc/$pid/status")
    echo "      as root: HTTP $code; binderyd (pid $pid) groups:$groups (bindery-publish is $gid)"
    [ "$code" = 404 ] && [ -n "$gid" ] && [[ " $groups " == *" $gid "* ]]
}
check "the publish socket refuses an ordinary local user (nobody: Permission denied, curl exit 7); root and the service's group reach it" publish_socket_guarded

nchan_after_nginx_restart() {
    ns systemctl restart nginx || { nginx_journal; return 1; }
    long_poll_gets_set 4322 && no_publish_errors
}
check "systemctl restart nginx: the next set reaches a long-poll through nchan, no publish error (the stale connection replaced)" nchan_after_nginx_restart

nchan_catches_up() {
    local waiting=$cursor outages recoveries
    ns systemctl stop nginx || return 1
    ns binderyctl -c 'set api.latencyMs 4323' -c 'set api.latencyMs 4324' >/dev/null || return 1
    sleep 0.5
    ns systemctl start nginx || { nginx_journal; return 1; }
    # The dashboards waiting at the cursor the outage began at get the latest version.
    long_poll_gets_set 4324 "$waiting" || return 1
    for _ in $(seq 1 50); do
        binderyd_lines | grep -q 'works again' && break
        sleep 0.1
    done
    outages=$(binderyd_lines | grep -c 'cannot publish the change feed')
    recoveries=$(binderyd_lines | grep -c "publishing the change feed to $publish_url works again")
    echo "      $outages outage and $recoveries recovery lines: $(binderyd_lines | grep -E 'cannot publish|works again' | cut -c1-140 | paste -sd '|')"
    [ "$outages" = 1 ] && [ "$recoveries" = 1 ]
}
check "nginx stopped while values are set, then started: the daemon catches up (the waiting cursor gets the latest), the outage logged once and its end once" nchan_catches_up

man_installed() {
    ns man -P cat 8 binderyd 2>/dev/null | grep -q 'binderyd - host Bindery view models' &&
        ns man -P cat 1 binderyctl 2>/dev/null | grep -q 'binderyctl - drive'
}
check "man 8 binderyd and man 1 binderyctl work after install" man_installed

purges_cleanly() {
    ns systemctl enable binderyd.socket >/dev/null 2>&1
    ns env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q bindery >/dev/null 2>&1 || return 1
    [ "$(prop binderyd.socket ActiveState)" != active ] && [ ! -e "/proc/$ns_pid/root/usr/bin/binderyd" ] &&
        [ ! -e "/proc/$ns_pid/root/var/lib/private/bindery" ] &&
        [ ! -e "/proc/$ns_pid/root/etc/systemd/system/sockets.target.wants/binderyd.socket" ] &&
        [ ! -e "/proc/$ns_pid/root/etc/systemd/system/binderyd.service.d/override.conf" ] &&
        [ ! -e "/proc/$ns_pid/root/etc/default/bindery" ]
}
check "apt purge: units stopped, files, enablement, the override.conf of systemctl edit, /etc/default/bindery and state removed" purges_cleanly

[ "$failed" = 0 ] || journal
echo "systemd-test: $passed passed, $failed failed${exposure:+ (systemd-analyze security: $exposure)}"
[ "$failed" = 0 ]
