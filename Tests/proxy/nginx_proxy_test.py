#!/usr/bin/env python3
"""The real binderyd behind the real nginx configured with docs/nginx.conf (only its ports
and cache path rewritten, see scripts/nginx_proxy.py): what a dashboard asks works through
the proxy, many dashboards long-polling one cursor cost the daemon one request, and what no
cache may store is passed on at once, never held behind a cache lock.

Usage: nginx_proxy_test.py --port HTTP_PORT --socket CONTROL_SOCKET   (a running binderyd)
Prints one line per check; exits non-zero if any failed."""
import argparse, json, os, sys, tempfile, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from nginx_proxy import Nginx  # noqa: E402
from proxy_checks import Control, check, failures, get, head, refuses_other_hosts, refuses_other_origins  # noqa: E402

WATCHERS = 50
SHARED = "public, max-age=0, s-maxage=1"

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--socket", required=True)
    args = parser.parse_args()
    for name in ("http_proxy", "HTTP_PROXY"):
        os.environ.pop(name, None)
    control = Control(args.socket)
    work = tempfile.mkdtemp(prefix="bindery-nginx-")
    proxy = Nginx(args.port, work)
    port = proxy.port
    try:
        status, _, body = get(port, "/")
        check("the dashboard's page through nginx", status == 200 and b"<html" in body.lower(), f"{status}")

        status, headers, body = get(port, "/api/state")
        state = json.loads(body) if status == 200 else {}
        check("/api/state through nginx, with the daemon's Cache-Control",
              status == 200 and "viewModels" in state and headers.get("cache-control") == SHARED,
              f"{status} {headers.get('cache-control')}")

        status, _, body = get(port, "/api/changes")
        reset = json.loads(body) if status == 200 else {}
        check("/api/changes (first poll) is a reset through nginx", status == 200 and "reset" in reset, f"{status}")
        version = reset.get("version", 0)

        started = time.monotonic()
        status, headers, body = get(port, f"/api/changes?since={version}&wait=1")
        took = time.monotonic() - started
        check("a long-poll that times out is 304 through nginx", status == 304 and body == b"" and took >= 0.9,
              f"{status} after {took:.2f} s")

        # A long-poll is answered by a change.
        answer = {}
        def poll(into, cursor):
            into["status"], _, into["body"] = get(port, f"/api/changes?since={cursor}&wait=20")
        version = json.loads(get(args.port, "/api/changes")[2])["version"]
        waiter = threading.Thread(target=poll, args=(answer, version))
        waiter.start()
        time.sleep(0.5)
        control.set_latency(7)
        waiter.join(25)
        feed = json.loads(answer.get("body") or b"{}")
        check("a long-poll through nginx delivers a set",
              answer.get("status") == 200 and any(c.get("name") == "latencyMs" and c.get("value") == 7
                                                  for c in feed.get("changes", [])), f"{answer.get('status')}")

        # Many dashboards at one cursor: one request upstream.
        version = feed.get("version", version)
        answers = [{} for _ in range(WATCHERS)]
        waiters = [threading.Thread(target=poll, args=(answers[i], version)) for i in range(WATCHERS)]
        for waiter in waiters:
            waiter.start()
        time.sleep(1.5)  # every request reached nginx and waits (the first upstream, the rest on the cache lock)
        control.set_latency(8)
        for waiter in waiters:
            waiter.join(25)
        bodies = {a.get("body") for a in answers}
        statuses = [a.get("status") for a in answers]
        check(f"{WATCHERS} long-polls at one cursor all get the change", statuses == [200] * WATCHERS and len(bodies) == 1,
              f"statuses {sorted(set(map(str, statuses)))}, {len(bodies)} distinct bodies")
        prefix = f"/api/changes?since={version}&"
        lines = proxy.settled_log_lines(lambda lines: len(proxy.dashboard_requests(lines, prefix)) >= WATCHERS)
        upstream = proxy.upstream_requests(lines, prefix)
        asked = len(proxy.dashboard_requests(lines, prefix))
        check(f"... at the cost of one upstream request ({upstream} of {asked} went upstream)",
              asked == WATCHERS and upstream == 1, f"{upstream} upstream of {asked}")

        # What no cache may store is never queued behind a cache lock: every dashboard reads
        # /api/events after a change, all at once and at the same URL.
        events = f"/api/events?since={version}"
        answers = [{} for _ in range(20)]
        fetchers = [threading.Thread(target=lambda into=into: into.update(status=get(port, events)[0])) for into in answers]
        for fetcher in fetchers:
            fetcher.start()
        for fetcher in fetchers:
            fetcher.join(25)
        lines = proxy.settled_log_lines(lambda lines: len(proxy.dashboard_requests(lines, events)) >= 20
                                        and proxy.upstream_requests(lines, events) >= 20)
        asked = proxy.dashboard_requests(lines, events)
        statuses = [a.get("status") for a in answers]
        check("20 concurrent /api/events through nginx all reach the daemon, none held by a cache",
              statuses == [200] * 20 and len(asked) == 20 and all(fields[2] == "-" for fields in asked)
              and proxy.upstream_requests(lines, events) == 20,
              f"statuses {statuses}, cache statuses {sorted({fields[2] for fields in asked})}")

        # A cached "no change" (304) never hides a change for more than its second.
        version = json.loads(bodies.pop() or b"{}").get("version", version)
        status, _, _ = get(port, f"/api/changes?since={version}&wait=1")
        control.set_latency(9)
        started = time.monotonic()
        while True:
            status, _, _ = get(port, f"/api/changes?since={version}&wait=1")
            if status == 200 or time.monotonic() - started > 5:
                break
            time.sleep(0.1)
        waited = time.monotonic() - started
        # nginx keeps it up to 2 s (its clock counts whole seconds); 4 s leaves room for a busy machine.
        check("a change right after a timed-out poll shows once the cached 304 expires", status == 200 and waited < 4,
              f"{status} after {waited:.2f} s")

        # The daemon's defences hold through nginx, on cached answers too: /api/state is asked
        # the page's way first, so the next requests find it stored.
        get(port, "/api/state")
        refuses_other_hosts(port, ["/", "/api/state", "/api/changes", "/api/history", "/metrics"])
        refuses_other_origins(port, ["/api/state", "/api/changes", "/metrics"])

        # Killed, nginx leaves its unix socket (the upstream layer's) behind; docs/HTTP.md's
        # step before every start removes it, and nginx starts and answers again.
        proxy.kill()
        left = [path for path in proxy.unix_sockets if os.path.exists(path)]
        removed = proxy.remove_stale_sockets()
        try:
            proxy.start()
            status, _ = head(port, "/api/state")
        except RuntimeError as refused:
            status = str(refused)[-200:]
        check("after nginx is killed (SIGKILL), docs/HTTP.md's ExecStartPre= removes the socket it left "
              f"({len(left)}) and nginx starts again and answers",
              all(path in removed for path in proxy.unix_sockets) and status == 200, f"{left} {removed} {status}")
    finally:
        proxy.stop()
        if failures:
            print("      nginx error log:", open(os.path.join(work, "error.log")).read()[-2000:])
        os.system(f"rm -rf {work}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
