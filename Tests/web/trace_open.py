#!/usr/bin/env python3
"""The dashboard's longest main-thread task while it opens over a long event log: a Chromium
trace of the page's load (issue 43: the page used to download and build every kept event).

Starts a binderyd (BIN_DIR's, on a fresh state; --web-dir serves another copy of the page),
makes --events sets through pipelined control-socket requests (the daemon keeps the newest
10,000), then for each of --runs loads traces the load of the page in headless Chromium
(`Tracing.start` with devtools.timeline) until its event log lists events and 2 s more, and
prints the longest task on the renderer's main thread (`RunTask`, wall and thread time).
Tracing inflates times; compare builds measured the same way on the same machine.

  python3 Tests/web/trace_open.py [--events 10000] [--runs 3] [--bin-dir .build/debug] [--web-dir DIR]
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dashboard_checks import Session  # noqa: E402
from dashboard_test import ROOT, OwnDaemon  # noqa: E402
from devtools import DevTools, headless_chromium  # noqa: E402
from long_log_checks import pipelined_sets  # noqa: E402

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline"
SETTLE = 2.0  # seconds traced after the log lists its events


def traced_open(devtools, session, url):
    """The trace events of loading `url` until the event log lists events, and SETTLE s after."""
    devtools.call("Tracing.start", categories=CATEGORIES, transferMode="ReportEvents")
    devtools.call("Page.navigate", url=url)
    session.wait_for("document.querySelectorAll('#event-list .event').length > 0", "the event log lists events", timeout=60)
    time.sleep(SETTLE)
    return devtools.end_tracing()


def longest_task(events):
    """(wall ms, thread ms) of the longest RunTask on a renderer's main thread."""
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and e.get("name") == "RunTask"]
    if not tasks:
        return 0.0, 0.0
    longest = max(tasks, key=lambda e: e.get("dur", 0))
    return longest.get("dur", 0) / 1000, longest.get("tdur", 0) / 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--web-dir")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    args = parser.parse_args()

    daemon = OwnDaemon(args.bin_dir, args.web_dir)
    try:
        daemon.start()
        pipelined_sets(daemon.socket, [{"op": "set", "vm": "api", "name": "latencyMs", "value": 1000 + i} for i in range(args.events)])
        walls, threads = [], []
        for _ in range(args.runs):
            with headless_chromium(args.chromium, prefix="bindery-trace-open-") as (_, ws_url, _profile):
                devtools = DevTools(ws_url)
                devtools.call("Page.enable")
                devtools.call("Runtime.enable")
                wall, thread = longest_task(traced_open(devtools, Session(devtools, 60.0, daemon.base_url), daemon.base_url + "/"))
                walls.append(wall)
                threads.append(thread)
        print(f"longest main-thread task at open over {args.events} sets: {statistics.median(walls):.0f} ms wall, "
              f"{statistics.median(threads):.0f} ms thread time (median of {args.runs}: "
              f"{', '.join(f'{w:.0f}' for w in walls)} ms)", flush=True)
    finally:
        daemon.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
