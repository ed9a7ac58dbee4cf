#!/usr/bin/env python3
"""Where a toggle's main-thread time goes in the dashboard: a Chromium trace per toggle.

Starts this checkout's binderyd (as dashboard_test.py's default run does), lists ROWS products,
then for each VARIANT traces TOGGLES toggles of one row (`Tracing.start` with devtools.timeline,
blink and cc) and prints, over the renderer's main thread, the biggest frame of each toggle
(`ProxyMain::BeginMainFrame`, in thread time) and all of its tasks over the window — as
ranges and medians. Tracing inflates both; compare variants measured in the same run.

A variant is `LABEL` or `LABEL=CSS RULES`: its rules are appended to the page's own style sheet
through the CSSOM (the page's CSP refuses a <style> element) before its toggles, and removed
after them. `pause` as a rule list clicks the event log's Pause button instead.

  python3 Tests/web/trace_toggle.py                      # the page as served
  python3 Tests/web/trace_toggle.py as-served 'no-log=.events { display: none !important; }'
  options: --toggles N (6) --rows N (3000) --bin-dir DIR (.build/debug) --web-dir DIR
"""

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dashboard_checks import passive_checks  # noqa: E402
from dashboard_test import ROOT, Driver, OwnDaemon, open_dashboard  # noqa: E402
from scale_checks import long_list_checks  # noqa: E402

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc"
WINDOW = 2.3  # seconds traced after each toggle: the change, its events and its highlights' end


def add_rules(session, rules):
    """Appends `rules` to style.css's sheet; returns the index of the first one added."""
    return session.evaluate(f"""(() => {{
        const sheet = [...document.styleSheets].find((s) => s.href && s.href.endsWith('style.css'));
        const first = sheet.cssRules.length;
        for (const rule of {json.dumps(rules)}.split('}}').filter((r) => r.trim())) sheet.insertRule(rule + '}}', sheet.cssRules.length);
        return first; }})()""")


def remove_rules(session, first):
    session.evaluate(f"""(() => {{
        const sheet = [...document.styleSheets].find((s) => s.href && s.href.endsWith('style.css'));
        while (sheet.cssRules.length > {first}) sheet.deleteRule(sheet.cssRules.length - 1);
        return true; }})()""")


def trace(devtools, act):
    """The trace events recorded while `act()` runs and WINDOW seconds after."""
    devtools.call("Tracing.start", categories=CATEGORIES, transferMode="ReportEvents")
    time.sleep(0.3)
    act()
    time.sleep(WINDOW)
    return devtools.end_tracing()


def main_thread_costs(events):
    """(biggest frame ms, all tasks ms) on the renderer's main thread, in thread time."""
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    on_main = [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "tdur" in e]
    frames = [e["tdur"] / 1000 for e in on_main if e["name"] == "ProxyMain::BeginMainFrame"]
    tasks = sum(e["tdur"] / 1000 for e in on_main if e["name"] == "RunTask")
    return max(frames, default=0.0), tasks


def spread(values):
    return f"{min(values):.1f}–{max(values):.1f} (median {statistics.median(values):.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="*", default=["as-served"])
    parser.add_argument("--toggles", type=int, default=6)
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--web-dir")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    args = parser.parse_args()

    daemon = OwnDaemon(args.bin_dir, args.web_dir)
    try:
        daemon.start()
        with open_dashboard(args.chromium, daemon.base_url, 20.0, prefix="bindery-trace-") as (session, _):
            devtools = session.devtools
            driver = Driver(daemon.control, daemon.socket)
            passive_checks(session, quick=True)
            long_list_checks(session, driver, daemon.store, args.rows)
            driver.line("run products.toggle 3")  # warms the patch's code paths, not measured
            time.sleep(WINDOW + 1)
            row = 4
            for variant in args.variants:
                label, _, rules = variant.partition("=")
                first = None
                if rules == "pause":
                    session.evaluate("document.getElementById('event-pause').click(), true")
                elif rules:
                    first = add_rules(session, rules)
                frames, totals = [], []
                for _ in range(args.toggles):
                    events = trace(devtools, lambda r=row: driver.line(f"run products.toggle {r}"))
                    frame, total = main_thread_costs(events)
                    frames.append(frame)
                    totals.append(total)
                    row = 4 + (row - 3) % 90
                print(f"{label}: biggest frame {spread(frames)} ms; all main-thread tasks {spread(totals)} ms"
                      f" ({args.toggles} toggles, {WINDOW} s each)", flush=True)
                if rules == "pause":
                    session.evaluate("document.getElementById('event-pause').click(), true")
                elif first is not None:
                    remove_rules(session, first)
                time.sleep(1)
    finally:
        daemon.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
