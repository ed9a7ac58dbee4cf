#!/usr/bin/env python3
"""The real binderyd publishing to the real nginx with nchan, configured with
docs/nginx-nchan.conf (only its ports and socket paths rewritten, see scripts/nginx_proxy.py):
a set reaches the dashboards long-polling through nchan without their polls reaching the
daemon; after nginx is really restarted the daemon catches up and a subscriber gets the
latest version; the dashboard in headless Chromium served through nginx shows a set.

Usage: nginx_nchan_test.py [--bin-dir .build/debug] [--chromium chromium]
Starts its own daemon (scripts/daemon.py) with --publish-url, and nginx.
Prints one line per check; exits non-zero if any failed. Skips (exit 0, saying so) when the
nchan module is not installed (make test installs it: libnginx-mod-nchan)."""
import argparse, json, os, re, shutil, socket, sys, tempfile, threading, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "web"))
from daemon import Daemon  # noqa: E402
from event_stream import EventStream  # noqa: E402
from nginx_proxy import NCHAN_CONF, NCHAN_MODULE, Nginx  # noqa: E402
from proxy_checks import (Control, check, failures, get as get_with_headers,  # noqa: E402
                          refuses_other_hosts, refuses_other_origins)

WATCHERS = 50
STALLED = 200  # EventSource readers that never read
STALLED_RATE = 20  # versions posted per second meanwhile
STALLED_PADDING = 2000  # bytes added to each posted answer, so that the readers' buffers fill within seconds


def get(port, path, timeout=30):
    status, _, body = get_with_headers(port, path, timeout)
    return status, body


def sets_latency(body, value):
    feed = json.loads(body or b"{}")
    return any(c.get("name") == "latencyMs" and c.get("value") == value for c in feed.get("changes", []))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args()
    if not os.path.exists(NCHAN_MODULE):
        print(f"skip  nginx's nchan module is not installed ({NCHAN_MODULE}; apt install libnginx-mod-nchan)")
        return 0
    for name in ("http_proxy", "HTTP_PROXY"):
        os.environ.pop(name, None)
    work = tempfile.mkdtemp(prefix="bindery-nchan-")
    publish_url = f"http://unix:{os.path.join(work, 'publish.sock')}:/bindery/"
    daemon = Daemon(os.path.join(args.bin_dir, "binderyd"), ["--publish-url", publish_url, "--log-level", "info"],
                    prefix="bindery-nchan-daemon-")
    proxy = Nginx(daemon.port, work, conf=NCHAN_CONF, modules=(NCHAN_MODULE,))
    try:
        assert proxy.publish_url == publish_url
        daemon.start()
        control = Control(daemon.socket)
        port = proxy.port

        status, page = get(port, "/")
        found = re.search(rb'"feed":"([0-9a-f]{16})"', page)
        check("the dashboard's page through nginx names the feed", status == 200 and found, f"{status}")
        feed_id = found.group(1).decode() if found else ""
        status, body = get(port, "/api/changes")
        reset = json.loads(body) if status == 200 else {}
        check("the first poll through nginx is the daemon's reset, naming the same feed",
              "reset" in reset and reset.get("feed") == feed_id, f"{status} {reset.get('feed')}")
        version = reset.get("version", 0)

        # Many dashboards long-poll one cursor through nchan: a set reaches all of them, and
        # none of their polls reaches the daemon.
        poll = f"/api/changes?since={version}&wait=25&feed={feed_id}"
        answers = [{} for _ in range(WATCHERS)]
        def wait(into, path=poll):
            into["status"], into["body"] = get(port, path)
            into["at"] = time.monotonic()
        waiters = [threading.Thread(target=wait, args=(answers[i],)) for i in range(WATCHERS)]
        for waiter in waiters:
            waiter.start()
        time.sleep(1.0)
        acked = control.set_latency(7)
        sent = time.monotonic()
        for waiter in waiters:
            waiter.join(30)
        statuses = [a.get("status") for a in answers]
        slowest = max((a.get("at", sent + 99) - sent for a in answers), default=99)
        check(f"{WATCHERS} long-polls through nchan all get the set", statuses == [200] * WATCHERS
              and all(sets_latency(a.get("body"), 7) for a in answers)
              and all(json.loads(a["body"])["version"] == acked for a in answers),
              f"statuses {sorted(set(map(str, statuses)))}")
        check(f"... within 2 s of its acknowledgement ({slowest * 1000:.0f} ms for the last)", slowest < 2, f"{slowest:.2f} s")
        lines = proxy.settled_log_lines(lambda lines: len([f for f in lines if f[0] == poll]) >= WATCHERS)
        asked = [fields for fields in lines if fields[0] == poll]
        check("... and none of their polls reached the daemon",
              len(asked) == WATCHERS and proxy.upstream_requests(asked, "/") == 0,
              f"{proxy.upstream_requests(asked, '/')} of {len(asked)} went upstream")

        # Push: nchan's EventSource stream of the feed, fed by the same posts.
        streams = [EventStream(port, feed_id) for _ in range(5)]
        time.sleep(0.5)
        pushed_version = control.set_latency(70)
        pushed = [stream.wait_for(lambda d: json.loads(d).get("version") == pushed_version, 10) for stream in streams]
        check("5 EventSource streams through nchan each get the next set, naming the cursor it follows",
              all(p and json.loads(p).get("since") == pushed_version - 1 and sets_latency(p, 70) for p in pushed),
              f"{[s.status for s in streams]} {pushed[:1]}")
        late = EventStream(port, feed_id)
        check("a stream opened after the post is handed the newest post first",
              late.status == 200 and late.wait_for(lambda d: json.loads(d).get("version") == pushed_version, 5) is not None,
              f"{late.status}")
        for stream in streams + [late]:
            stream.close()
        status, _ = get(port, "/api/stream?feed=XYZ")
        check("a stream with a malformed feed is refused (400)", status == 400, f"{status}")
        status, _ = get(daemon.port, f"/api/stream?feed={feed_id}")
        check("the daemon itself serves no stream (404): the dashboard long-polls it", status == 404, f"{status}")
        acked = control.set_latency(7)
        poll = f"/api/changes?since={acked - 1}&wait=25&feed={feed_id}"

        status, body = get(port, poll, timeout=5)
        check("a long-poll arriving after the post gets the stored answer at once",
              status == 200 and sets_latency(body, 7), f"{status}")

        status, body = get(port, f"/api/changes?since={acked}&feed=0000000000000001")
        check("a cursor of another feed is answered by the daemon with a reset",
              status == 200 and "reset" in json.loads(body or b"{}"), f"{status}")
        status, _ = get(port, f"/api/changes?since={acked}&wait=25&feed=XYZ")
        check("a malformed feed goes to the daemon, which answers 400", status == 400, f"{status}")

        # The daemon's defences hold through nginx, on what nchan answers too.
        stored = f"/api/changes?since={acked - 1}&wait=25&feed={feed_id}"
        refuses_other_hosts(port, ["/", "/api/state", "/api/history", "/metrics", f"/api/stream?feed={feed_id}", stored])
        refuses_other_origins(port, ["/api/state", f"/api/stream?feed={feed_id}", stored],
                              answered_by_proxy=[f"/api/stream?feed={feed_id}", stored])
        stalled_streams_check(proxy)

        # A real restart of nginx: the posts of the versions made while it was down fail; when
        # it is back, the daemon catches up and a subscriber at the cursor before them gets the latest.
        proxy.stop()
        control.set_latency(8)
        latest = control.set_latency(9)
        time.sleep(0.5)
        proxy.start()
        started = time.monotonic()
        status, body = get(port, f"/api/changes?since={acked}&wait=25&feed={feed_id}")
        took = time.monotonic() - started
        answer = json.loads(body or b"{}")
        check(f"after nginx restarted, a subscriber at the cursor before the outage gets the latest version ({took:.1f} s)",
              status == 200 and answer.get("version") == latest and sets_latency(body, 9) and took < 10,
              f"{status} version {answer.get('version')} (latest {latest}) after {took:.1f} s")
        # The end of the outage is logged once the whole catch-up is posted, a moment after the first post.
        deadline = time.monotonic() + 5
        while True:
            log = open(daemon.log_path, errors="replace").read()
            outages = log.count("cannot publish the change feed")
            recoveries = log.count("works again")
            if recoveries or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        check("the outage is logged once, and its end once", outages == 1 and recoveries == 1,
              f"{outages} outage and {recoveries} recovery lines")

        killed_check(proxy, control, feed_id)
        dashboard_check(args.chromium, port, control, work)
        behind_check(args.chromium, port, control, work)
        push_retried_check(args.chromium, proxy, control, work)
    finally:
        proxy.stop()
        daemon.close()
        if failures:
            print("      nginx error log:", open(os.path.join(work, "error.log")).read()[-2000:])
    # The same page in front of a daemon that publishes nothing (started without --publish-url).
    quiet_daemon = Daemon(os.path.join(args.bin_dir, "binderyd"), prefix="bindery-nchan-quiet-")
    quiet_work = os.path.join(work, "quiet")
    os.makedirs(quiet_work)
    quiet_proxy = None
    try:
        quiet_proxy = Nginx(quiet_daemon.port, quiet_work, conf=NCHAN_CONF, modules=(NCHAN_MODULE,))
        quiet_daemon.start()
        unpublished_check(args.chromium, quiet_proxy.port, Control(quiet_daemon.socket), quiet_work)
    finally:
        if quiet_proxy:
            quiet_proxy.stop()
        quiet_daemon.close()
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


def established_from(port, client_ports):
    """How many of nginx's connections at `port` from the local ports `client_ports` are still
    established (its side: /proc/net/tcp's local port `port`, remote one of `client_ports`)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                local, remote, state = fields[1], fields[2], fields[3]
                if int(local.rsplit(":", 1)[1], 16) == port and int(remote.rsplit(":", 1)[1], 16) in client_ports \
                        and state == "01":
                    count += 1
    return count


def post(proxy, channel, body):
    """POSTs `body` to the publish socket's channel, as binderyd does; the status."""
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(proxy.publish_socket)
        s.sendall(f"POST /bindery/{channel} HTTP/1.1\r\nHost: localhost\r\nContent-Length: {len(body)}\r\n"
                  "Connection: close\r\n\r\n".encode() + body)
        answer = s.recv(64).split(b" ")
        return int(answer[1]) if len(answer) > 1 and answer[1].isdigit() else 0


def stalled_streams_check(proxy):
    """EventSource readers that stop reading are dropped, and nginx's memory stays bounded, while
    versions keep being posted: STALLED streams (of a feed of their own) that never read, and
    one that reads; versions posted at STALLED_RATE a second. nginx must close every stalled
    one within 40 s (send_timeout's 10 s once its few buffers are full) and then grow by no
    more than 16 MB in 15 s more of posting, while the reader gets every version."""
    feed = "57a11ed000000000"  # a feed of their own (16 hex digits)
    reader = EventStream(proxy.port, feed)
    stalled = []
    for _ in range(STALLED):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", proxy.port))
        s.sendall(f"GET /api/stream?feed={feed} HTTP/1.1\r\nHost: 127.0.0.1:{proxy.port}\r\n"
                  "Accept: text/event-stream\r\n\r\n".encode())
        stalled.append(s)
    client_ports = {s.getsockname()[1] for s in stalled}
    time.sleep(1)
    before = proxy.worker_rss_mb()
    opened = established_from(proxy.port, client_ports)
    padding = b" " * STALLED_PADDING
    version, started, dropped_at, dropped_rss, peak = 1, time.monotonic(), None, None, before
    posted = []
    try:
        while True:
            now = time.monotonic()
            if dropped_at is None and established_from(proxy.port, client_ports) == 0:
                dropped_at, dropped_rss = now - started, proxy.worker_rss_mb()
            if (dropped_at is not None and now - started > dropped_at + 15) or now - started > 40:
                break
            body = b'{"version":%d,"since":%d,"changes":[],"events":[]}' % (version, version - 1) + padding
            posted.append(post(proxy, f"{feed}-{version - 1}", body))
            version += 1
            peak = max(peak, proxy.worker_rss_mb()) if version % 20 == 0 else peak
            time.sleep(max(0.0, started + version / STALLED_RATE - time.monotonic()))
        after = proxy.worker_rss_mb()
        last = version - 1
        got = reader.wait_for(lambda d: d.startswith('{"version":%d,' % last), 5)
    finally:
        reader.close()
        for s in stalled:
            s.close()
    check(f"{STALLED} EventSource readers that stop reading are all dropped while versions are posted "
          f"({STALLED_RATE}/s; {opened} open at first, all dropped after "
          f"{'never' if dropped_at is None else f'{dropped_at:.0f} s'})",
          opened == STALLED and dropped_at is not None and dropped_at < 40 and all(200 <= s < 300 for s in posted),
          f"{established_from(proxy.port, client_ports)} still open; posts {sorted(set(posted))}")
    check(f"... nginx's workers then grow by at most 16 MB in 15 s more of posting "
          f"({before:.0f} MB before, {peak:.0f} MB at most, {dropped_rss or 0:.0f} MB when dropped, {after:.0f} MB at the end)",
          dropped_rss is not None and after - dropped_rss <= 16, f"{after - (dropped_rss or before):.0f} MB more")
    check(f"... while a reader that reads keeps up: it gets the last of {last} versions", got is not None,
          f"{len(reader.data)} received")


def killed_check(proxy, control, feed_id):
    """nginx killed (SIGKILL to its master and workers) leaves its unix sockets behind, which
    would make its next start fail (bind(): Address already in use); docs/HTTP.md's step
    before every start (ExecStartPre=) removes each one, and nginx starts and works again."""
    proxy.kill()
    left = [path for path in proxy.unix_sockets if os.path.exists(path)]
    try:
        proxy.start()  # nginx listens on its TCP port before it gives up on a unix socket
        time.sleep(3)
        if proxy.process.poll() is None:
            print(f"      (nginx started again without the step; sockets left behind: {left})")
            proxy.stop()
        else:
            print(f"      (without the step nginx does not start: {proxy.process.stderr.read().decode(errors='replace').strip().splitlines()[-1][:160]})")
    except RuntimeError as refused:
        print(f"      (without the step nginx does not start: {str(refused).strip().splitlines()[-1][:160]})")
    removed = proxy.remove_stale_sockets()
    missing = [path for path in proxy.unix_sockets if path not in removed]
    try:
        proxy.start()
        started = True
    except RuntimeError as refused:
        started, missing = False, missing + [str(refused)[-200:]]
    acked = control.set_latency(31) if started else 0
    status, body = get(proxy.port, f"/api/changes?since={acked - 1}&wait=25&feed={feed_id}", timeout=10) if started else (0, b"")
    check("after nginx is killed (SIGKILL), docs/HTTP.md's ExecStartPre= removes every socket it left and nginx starts "
          "again: a set reaches a long-poll through nchan",
          started and not missing and status == 200 and sets_latency(body, 31), f"{missing} {status}")


def dashboard_check(chromium, port, control, work):
    """The dashboard served through nginx follows the feed through nchan's EventSource stream
    (it says so once the stream has opened, and long-polls no more): a set shows."""
    from devtools import DevTools, TestFailure, headless_chromium
    if shutil.which(chromium) is None:
        print(f"skip  the dashboard through nchan: {chromium} is not installed")
        return
    try:
        with headless_chromium(chromium, os.path.join(work, "profile")) as (_, ws_url, _):
            devtools = DevTools(ws_url)
            devtools.call("Page.enable")
            devtools.call("Page.navigate", url=f"http://127.0.0.1:{port}/")
            def shown():
                return devtools.evaluate("document.body && document.body.dataset.version || ''")
            following = "!!document.body && document.body.dataset.transport === 'eventsource'"
            deadline = time.monotonic() + 20
            while not (shown() and devtools.evaluate(following)) and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
            polls_before = len(long_polls(work))
            acked = control.set_latency(4321)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and shown() != str(acked):
                time.sleep(0.05)
            text = devtools.evaluate("document.body.innerText")
            transport = devtools.evaluate("document.body.dataset.transport || ''")
            polls = len(long_polls(work)) - polls_before
            check("the dashboard through nginx follows nchan's EventSource stream and shows a set that came through it",
                  shown() == str(acked) and "4321" in (text or "") and transport == "eventsource" and polls == 0,
                  f"page at version {shown()!r} (set {acked}), transport {transport!r}, {polls} long-polls meanwhile")
    except TestFailure as failure:
        check("the dashboard through nginx follows nchan's EventSource stream and shows a set that came through it",
              False, str(failure))


BURST_RATE = 40  # versions a second: four times what a long-polling page takes one by one
BURST_SECONDS = 5


def behind_check(chromium, port, control, work):
    """A dashboard long-polling through nchan (a browser without workers: no stream) while
    versions come BURST_RATE a second: each nchan answer brings one version, so the page
    falls behind until an answer nchan had stored for 2 s sends it to the daemon, whose
    answer brings every version since. It shows the last version within 5 s of its set
    (one by one, it would be BURST_RATE × BURST_SECONDS / 10 versions, about 15 s, behind)."""
    from devtools import DevTools, TestFailure, headless_chromium
    name = f"a dashboard long-polling through nchan keeps up with {BURST_RATE} versions a second"
    if shutil.which(chromium) is None:
        print(f"skip  {name}: {chromium} is not installed")
        return
    try:
        with headless_chromium(chromium, os.path.join(work, "profile-behind")) as (_, ws_url, _):
            devtools = DevTools(ws_url)
            devtools.call("Page.enable")
            devtools.call("Page.addScriptToEvaluateOnNewDocument", source="delete window.Worker;")
            devtools.call("Page.navigate", url=f"http://127.0.0.1:{port}/")
            shown = lambda: devtools.evaluate("document.body && document.body.dataset.version || ''")
            transport = "!!document.body && document.body.dataset.transport === 'long-poll'"
            deadline = time.monotonic() + 20
            while not (shown() and devtools.evaluate(transport)) and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(1)
            started = time.monotonic()
            count = BURST_RATE * BURST_SECONDS
            for i in range(count):
                last = control.set_latency(5000 + i)
                time.sleep(max(0.0, started + (i + 1) / BURST_RATE - time.monotonic()))
            ended = time.monotonic()
            deadline = ended + 20
            while time.monotonic() < deadline and shown() != str(last):
                time.sleep(0.05)
            took = time.monotonic() - ended
            check(f"{name}: it shows the last of {count} within 5 s of its set ({took:.1f} s)",
                  shown() == str(last) and took < 5 and devtools.evaluate(transport),
                  f"page at version {shown()!r} (last {last}) after {took:.1f} s, "
                  f"transport {devtools.evaluate('document.body.dataset.transport')!r}")
    except TestFailure as failure:
        check(name, False, str(failure))


def push_retried_check(chromium, proxy, control, work):
    """A page whose stream fails its first open (nchan's stream server unreachable: its socket
    moved away) long-polls, and tries the stream again later (30 s on, at the end of the
    long-poll then waiting): once it is back, the page follows it and shows a set through it."""
    from devtools import DevTools, TestFailure, headless_chromium
    name = "a dashboard whose stream failed its first open follows it once it is back (within 60 s: the 30 s retry and a long-poll)"
    if shutil.which(chromium) is None:
        print(f"skip  {name}: {chromium} is not installed")
        return
    stream_socket = next(path for path in proxy.unix_sockets if path.endswith("stream.sock"))
    os.rename(stream_socket, stream_socket + ".away")
    moved = True
    try:
        with headless_chromium(chromium, os.path.join(work, "profile-retry")) as (_, ws_url, _):
            devtools = DevTools(ws_url)
            devtools.call("Page.enable")
            devtools.call("Page.navigate", url=f"http://127.0.0.1:{proxy.port}/")
            transport = lambda: devtools.evaluate("document.body && document.body.dataset.transport || ''")
            # The page's stream fails (nginx answers 502), the daemon's quick poll then answers.
            failed = lambda lines: any(f[0].startswith("/api/stream?") and f[1] == "502" for f in lines)
            proxy.settled_log_lines(failed, timeout=20)
            time.sleep(2)
            first = transport()
            os.rename(stream_socket + ".away", stream_socket)
            moved = False
            back = time.monotonic()
            deadline = back + 60
            while transport() != "eventsource" and time.monotonic() < deadline:
                time.sleep(0.2)
            took = time.monotonic() - back
            time.sleep(0.5)
            acked = control.set_latency(8642)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and devtools.evaluate("document.body.dataset.version || ''") != str(acked):
                time.sleep(0.05)
            check(f"{name} ({took:.0f} s)",
                  first == "long-poll" and transport() == "eventsource"
                  and devtools.evaluate("document.body.dataset.version || ''") == str(acked),
                  f"transport first {first!r}, then {transport()!r}")
    except TestFailure as failure:
        check(name, False, str(failure))
    finally:
        if moved:
            os.rename(stream_socket + ".away", stream_socket)


def unpublished_check(chromium, port, control, work):
    """With nothing posted to nchan, the dashboard's stream stays silent; nchan's ping after
    25 s ends it and the page asks the daemon: a set still shows, within 25 s and a little."""
    from devtools import DevTools, TestFailure, headless_chromium
    name = "with a daemon that publishes nothing, the dashboard on nchan's stream still shows a set within 50 s"
    if shutil.which(chromium) is None:
        print(f"skip  {name}: {chromium} is not installed")
        return
    try:
        with headless_chromium(chromium, os.path.join(work, "profile")) as (_, ws_url, _):
            devtools = DevTools(ws_url)
            devtools.call("Page.enable")
            devtools.call("Page.navigate", url=f"http://127.0.0.1:{port}/")
            following = "!!document.body && document.body.dataset.transport === 'eventsource'"
            deadline = time.monotonic() + 20
            while not devtools.evaluate(following) and time.monotonic() < deadline:
                time.sleep(0.1)
            acked = control.set_latency(2468)
            started = time.monotonic()
            deadline = started + 50
            shown = lambda: devtools.evaluate("document.body.dataset.version || ''")
            while time.monotonic() < deadline and shown() != str(acked):
                time.sleep(0.2)
            took = time.monotonic() - started
            check(f"{name} ({took:.0f} s)", devtools.evaluate(following) and shown() == str(acked),
                  f"page at version {shown()!r} (set {acked})")
    except TestFailure as failure:
        check(name, False, str(failure))


def long_polls(work):
    """The long-polls nginx has logged (a request is logged when it ends)."""
    return [l for l in proxy_lines(work) if "&wait=25&feed=" in l[0]]


def proxy_lines(work):
    try:
        with open(os.path.join(work, "access.log")) as f:
            return [line.split() for line in f if line.strip()]
    except FileNotFoundError:
        return []


if __name__ == "__main__":
    sys.exit(main())
