#!/usr/bin/env python3
"""Several nginx servers, one daemon, one Redis (docs/nginx-nchan-redis.conf): the real
binderyd posts to nginx A only; nginx A and nginx B, both with that file (ports, socket paths
and the Redis address rewritten, scripts/nginx_proxy.py), keep nchan's channels in a real
redis-server (scripts/redis_server.py, nothing saved to disk). Checks:
- the file is docs/nginx-nchan.conf line for line, apart from its Redis lines and its notes;
- a set reaches long-polls and EventSource streams on both nginx, none reaching the daemon;
- through B, a Host naming another site gets 421 and another origin's page 403 with no CORS
  header, on the stream and a long-poll nchan answers from Redis too;
- after Redis restarts (every channel lost) and a set, the daemon's catch-up reaches a
  long-poll at the cursor the outage began at on B, a quick poll through B answers what was missed, a
  new stream gets the next set, and the outage is logged once and its end once;
- with nginx A (the one posted to) stopped while values are set, a long-poll already waiting
  on B gets the latest version once A is back;
- after nginx B restarts, a long-poll at the previous cursor gets the stored answer (kept in
  Redis) at once;
- the dashboard in headless Chromium, served by B, follows through nchan's EventSource
  (the page says data-transport="eventsource" once its stream has opened), shows a set, and
  after a Redis restart shows the next one.

Usage: nchan_redis_test.py [--bin-dir .build/debug] [--chromium chromium]
Prints one line per check; exits non-zero if any failed. Skips (exit 0, saying so) when the
nchan module or redis-server is not installed (make deps installs both)."""
import argparse, contextlib, json, os, re, shutil, sys, tempfile, threading, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "web"))
from daemon import Daemon  # noqa: E402
from event_stream import EventStream  # noqa: E402
from nginx_proxy import NCHAN_CONF, NCHAN_MODULE, NCHAN_REDIS_CONF, Nginx  # noqa: E402
from proxy_checks import (Control, check, failures, get as get_with_headers,  # noqa: E402
                          refuses_other_hosts, refuses_other_origins)
from redis_server import RedisServer  # noqa: E402

WATCHERS = 10  # long-polls per nginx


def get(port, path, timeout=30):
    status, _, body = get_with_headers(port, path, timeout)
    return status, body


def brings(body, version):
    """Whether a change-feed answer (bytes or text) brings `version`."""
    try:
        return json.loads(body or b"{}").get("version") == version
    except ValueError:
        return False


def redis_lines_removed(text):
    """The configuration without its leading notes, the Redis upstream and nchan_redis_pass."""
    text = text[text.index("# Which requests wait in nchan"):]
    text = re.sub(r"# The Redis server every nginx.*?\nupstream bindery_redis \{.*?\}\n\n", "", text, flags=re.S)
    return re.sub(r"\n *nchan_redis_pass bindery_redis;", "", text)


def stream_ready(port, feed, timeout=15):
    """Waits until nginx at `port` opens the feed's stream (nchan answers 503 until it has
    connected to Redis); whether it did."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        stream = EventStream(port, feed)
        stream.close()
        if stream.status == 200:
            return True
        time.sleep(0.2)
    return False


def long_polls(port, path, count):
    """`count` long-polls of `path` at `port`, each in a thread; returns (answers, join)."""
    answers = [{} for _ in range(count)]
    def wait(into):
        into["status"], into["body"] = get(port, path)
    threads = [threading.Thread(target=wait, args=(answers[i],)) for i in range(count)]
    for thread in threads:
        thread.start()
    return answers, lambda: [thread.join(40) for thread in threads]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args()
    if not os.path.exists(NCHAN_MODULE) or shutil.which("redis-server") is None:
        print("skip  nchan's module or redis-server is not installed (apt install libnginx-mod-nchan redis-server)")
        return 0
    for name in ("http_proxy", "HTTP_PROXY"):
        os.environ.pop(name, None)

    check("docs/nginx-nchan-redis.conf is docs/nginx-nchan.conf plus its Redis lines",
          redis_lines_removed(open(NCHAN_REDIS_CONF).read()) == open(NCHAN_CONF).read()[open(NCHAN_CONF).read().index("# Which requests wait in nchan"):],
          "the two files differ in more than the Redis upstream and nchan_redis_pass")

    work = tempfile.mkdtemp(prefix="bindery-redis-")
    dirs = {name: os.path.join(work, name) for name in ("redis", "a", "b")}
    for path in dirs.values():
        os.makedirs(path)
    redis = a = b = daemon = None
    browsers = contextlib.ExitStack()
    try:
        redis = RedisServer(dirs["redis"])
        daemon = Daemon(os.path.join(args.bin_dir, "binderyd"), ["--log-level", "info"], prefix="bindery-redis-daemon-")
        a = Nginx(daemon.port, dirs["a"], conf=NCHAN_REDIS_CONF, modules=(NCHAN_MODULE,), redis_port=redis.port)
        b = Nginx(daemon.port, dirs["b"], conf=NCHAN_REDIS_CONF, modules=(NCHAN_MODULE,), redis_port=redis.port)
        daemon.args += ["--publish-url", a.publish_url]
        daemon.start()
        control = Control(daemon.socket)
        status, body = get(b.port, "/api/changes")
        reset = json.loads(body) if status == 200 else {}
        feed = reset.get("feed", "")
        check("the first poll through nginx B is the daemon's reset, naming the feed", "reset" in reset and len(feed) == 16,
              f"{status}")
        check("both nginx have connected to Redis (their streams open)", stream_ready(a.port, feed) and stream_ready(b.port, feed))

        # One post to A: long-polls and streams on both nginx get it; none reaches the daemon.
        version = daemon_version(daemon)
        poll = f"/api/changes?since={version}&wait=25&feed={feed}"
        streams = [EventStream(port, feed) for port in (a.port, b.port)]
        on_a, join_a = long_polls(a.port, poll, WATCHERS)
        on_b, join_b = long_polls(b.port, poll, WATCHERS)
        time.sleep(1.0)
        acked = control.set_latency(11)
        join_a()
        join_b()
        check(f"a set posted to A reaches {WATCHERS} long-polls on A and {WATCHERS} on B",
              all(x.get("status") == 200 and brings(x.get("body"), acked) for x in on_a + on_b),
              f"statuses A {[x.get('status') for x in on_a]} B {[x.get('status') for x in on_b]}")
        pushed = [stream.wait_for(lambda d: brings(d, acked), 10) for stream in streams]
        check("... and an EventSource stream on each, naming the cursor it follows",
              all(p and json.loads(p).get("since") == version for p in pushed), f"{pushed}")
        for stream in streams:
            stream.close()
        lines = [f for n in (a, b) for f in n.settled_log_lines(lambda l: len([f for f in l if f[0] == poll]) >= WATCHERS)]
        asked = [f for f in lines if f[0] == poll]
        check("... and none of those long-polls reached the daemon",
              len(asked) == 2 * WATCHERS and a.upstream_requests(asked, "/") == 0,
              f"{a.upstream_requests(asked, '/')} of {len(asked)}")

        # The daemon's defences hold through B, on what nchan answers from Redis too.
        stored = f"/api/changes?since={version}&wait=25&feed={feed}"
        refuses_other_hosts(b.port, ["/", "/api/state", f"/api/stream?feed={feed}", stored])
        refuses_other_origins(b.port, [f"/api/stream?feed={feed}", stored], answered_by_proxy=[f"/api/stream?feed={feed}", stored])

        # The dashboard on B follows through the EventSource stream.
        browser = dashboard_open(browsers, args.chromium, b.port, dirs["b"])
        if browser:
            dashboard_follows(browser, control, "before Redis restarts", 4321)

        # Redis restarts, losing every channel; a set made meanwhile is caught up.
        redis.stop()
        lost = control.set_latency(12)
        redis.start()
        latest = control.set_latency(13)
        # The cursor the outage began at: the one before the first version whose post failed.
        status, body = poll_until_answered(b.port, f"/api/changes?since={lost - 1}&wait=25&feed={feed}")
        check("after Redis restarts, a long-poll on B at the cursor the outage began at gets the latest version",
              status == 200 and json.loads(body or b"{}").get("version", 0) >= latest, f"{status} {body[:120]}")
        status, body = get(b.port, f"/api/changes?since={acked}&feed={feed}")
        answer = json.loads(body or b"{}") if status == 200 else {}
        check("... and a quick poll through B has every change since (the daemon answers it)",
              answer.get("since") == acked and answer.get("version", 0) >= latest
              and any(c.get("name") == "latencyMs" and c.get("value") == 13 for c in answer.get("changes", [])),
              f"{status} {answer}")
        check(f"... the daemon logged the outage (from version {lost}) once and its end once", wait_for_log(daemon),
              open(daemon.log_path, errors="replace").read()[-600:])
        check("... B's stream opens again", stream_ready(b.port, feed))
        stream = EventStream(b.port, feed)
        time.sleep(0.5)
        after = control.set_latency(14)
        check("... and a stream on B gets the next set", stream.wait_for(lambda d: brings(d, after), 10) is not None)
        stream.close()
        if browser:
            dashboard_follows(browser, control, "after Redis restarted", 4322)

        # nginx A, the one the daemon posts to, stops while values are set: a long-poll
        # waiting on B gets the latest once A is back and the daemon has caught up.
        cursor = daemon_version(daemon)
        waiting, join = long_polls(b.port, f"/api/changes?since={cursor}&wait=25&feed={feed}", 1)
        time.sleep(0.5)
        a.stop()
        control.set_latency(15)
        newest = control.set_latency(16)
        time.sleep(0.5)
        a.start()
        join()
        check("with nginx A stopped while values were set, a long-poll waiting on B gets the latest once A is back",
              waiting[0].get("status") == 200 and brings(waiting[0].get("body"), newest),
              f"{waiting[0].get('status')} {waiting[0].get('body', b'')[:120]} (latest {newest})")

        # nginx B restarts: what Redis keeps answers a long-poll at the previous cursor at once.
        b.restart()
        stream_ready(b.port, feed)
        started = time.monotonic()
        status, body = get(b.port, f"/api/changes?since={newest - 1}&wait=25&feed={feed}")
        took = time.monotonic() - started
        check(f"after nginx B restarts, a long-poll at the previous cursor gets the answer Redis kept ({took:.2f} s)",
              status == 200 and brings(body, newest) and took < 5, f"{status} after {took:.1f} s")
    finally:
        browsers.close()
        for server in (a, b):
            if server:
                server.stop()
        if daemon:
            daemon.close()
        if redis:
            redis.stop()
        if failures:
            for name in ("a", "b"):
                log = os.path.join(dirs[name], "error.log")
                if os.path.exists(log):
                    print(f"      nginx {name.upper()} error log:", open(log).read()[-1500:])
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


def daemon_version(daemon):
    return json.loads(get(daemon.port, "/api/changes")[1])["version"]


def poll_until_answered(port, path, timeout=20):
    """GET `path` again each second while nginx answers 503 (nchan not yet reconnected to
    Redis), as the dashboard retries; the last (status, body)."""
    deadline = time.monotonic() + timeout
    while True:
        status, body = get(port, path)
        if status != 503 or time.monotonic() > deadline:
            return status, body
        time.sleep(1)


def wait_for_log(daemon, timeout=15):
    """Whether the daemon's log has one publish outage and one recovery (within `timeout`)."""
    deadline = time.monotonic() + timeout
    while True:
        log = open(daemon.log_path, errors="replace").read()
        outages, recoveries = log.count("cannot publish the change feed"), log.count("works again")
        if (outages == 1 and recoveries == 1) or time.monotonic() > deadline:
            return outages == 1 and recoveries == 1
        time.sleep(0.1)


def dashboard_open(browsers, chromium, port, work):
    """Headless Chromium on the dashboard nginx at `port` serves, closed with `browsers` (an
    ExitStack): its DevTools connection, or None (skipped, said why)."""
    from devtools import DevTools, headless_chromium
    if shutil.which(chromium) is None:
        print(f"skip  the dashboard through nchan's stream: {chromium} is not installed")
        return None
    _, ws_url, _ = browsers.enter_context(headless_chromium(chromium, os.path.join(work, "profile")))
    devtools = DevTools(ws_url)
    devtools.call("Page.enable")
    devtools.call("Page.navigate", url=f"http://127.0.0.1:{port}/")
    return devtools


def dashboard_follows(browser, control, when, value):
    """The page `browser` (a DevTools connection) follows through the stream (it says so, and
    nchan counts a subscriber) and shows a set of `value`."""
    evaluate = browser.evaluate
    deadline = time.monotonic() + 30
    following = "!!document.body && document.body.dataset.transport === 'eventsource' && document.body.dataset.connection === 'live'"
    while time.monotonic() < deadline and not evaluate(following):
        time.sleep(0.1)
    transport = evaluate("document.body.dataset.transport || ''")
    time.sleep(0.5)
    acked = control.set_latency(value)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and evaluate("document.body.dataset.version || ''") != str(acked):
        time.sleep(0.05)
    shown = evaluate("document.body.dataset.version || ''")
    text = evaluate("document.body.innerText") or ""
    check(f"the dashboard served by B follows through nchan's EventSource and shows a set ({when})",
          transport == "eventsource" and shown == str(acked) and str(value) in text,
          f"transport {transport!r}, page at version {shown!r} (set {acked})")



if __name__ == "__main__":
    sys.exit(main())
