#!/usr/bin/env python3
"""Examples/Search's view model (a debounced search bound to its command) on the dashboard, in
headless Chromium, against the real daemon (bindery-search-daemon, this build's):

- a search the binding ran after "boom" then "swift" is not shown as failed now, and the
  event log says what started each run ("by binding, from set search.query");
- the card states the settable rule over its inputs and reads types as written
  (`SortOrder: relevance | newest | title`, `Date?`-typed outputs aside);
- a date in a list row does not wrap mid-number.

  python3 Tests/web/self_driven_test.py --bin-dir .build/debug

Prints one line per check; exits 0 only when all held."""

import subprocess
import sys

from dashboard_checks import js, run_state
from daemon_page_test import run_checks, run_daemon_page_test
from devtools import TestFailure


def main():
    return run_daemon_page_test(__doc__, "bindery-search-daemon", "bindery-search", check_dashboard)


def check_dashboard(session, control):
    """The self-driven search's card, driven through `control` (binderyctl's command line)."""
    session.wait_for("document.querySelector('[data-vm=\"search\"]') !== null", "the search card")

    def runs_by_the_binding():
        subprocess.run(control + ["-c", "set search.query boom"], check=True, capture_output=True, timeout=30)
        session.wait_for(f"{run_state('search', 'search')} === 'failed-now'", "the 'boom' search failed now")
        subprocess.run(control + ["-c", "set search.query swift"], check=True, capture_output=True, timeout=30)
        session.wait_for(f"{run_state('search', 'search')} === 'failed-before'",
                         "after the 'swift' search, the failure is an earlier run's")
        starters = session.wait_for(
            "[...document.querySelectorAll('.started-by')].map(e => e.textContent)", "started-by lines")
        if not all(text == "by binding, from set search.query" for text in starters) or len(starters) < 4:
            raise TestFailure(f"the runs' events say {starters}")

    def rules_and_types():
        heading = session.evaluate(f"document.querySelector({js('[data-vm=search] h4 .rule')})?.textContent")
        if not heading or "settable" not in heading:
            raise TestFailure(f"the inputs' heading says {heading!r}")
        sort_type = session.evaluate("document.querySelector('[data-vm=search] [data-input=sort] .type')?.textContent")
        if sort_type != "SortOrder: relevance | newest | title":
            raise TestFailure(f"sort's type reads {sort_type!r}")

    def dates_keep_one_line():
        session.wait_for("document.querySelector('[data-vm=search] td[data-kind=date]') !== null", "a date cell")
        lines = session.evaluate(
            "(() => { const c = document.querySelector('[data-vm=search] td[data-kind=date]');"
            " const r = document.createRange(); r.selectNodeContents(c);"
            " return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })()")
        if lines != 1:
            raise TestFailure(f"a date cell spans {lines} lines")

    return run_checks(session, "self-driven dashboard test", [
        ("runs a binding starts are shown with what started them, a later success clears 'failed now'", runs_by_the_binding),
        ("the card states the settable rule and reads types as written", rules_and_types),
        ("a date in a list row stays on one line", dates_keep_one_line),
    ])


if __name__ == "__main__":
    sys.exit(main())
