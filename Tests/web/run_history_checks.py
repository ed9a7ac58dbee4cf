"""Runs older than the events the page opens with (issue 43's regression): a command whose
failure lies behind a burst of sets still shows "failed before" on a page opened after it, and
its runs still show on its timeline and on the runs panel — the page reads the daemon's newest
failures and finishes at open (run-history.js) — checked against the real daemon."""

from devtools import TestFailure
from dashboard_checks import command_selector, js, run_state
from long_log_checks import pipelined_sets

# More sets than the page's first page of events (event-pages.js: 300).
BURST = 450


def run_history_checks(session, driver):
    s = session

    def failure_behind_a_burst():
        driver.lines(["set api.latencyMs 20", "set api.failureRate 1", "run products.refresh &"])
        s.wait_for(f"{run_state('products', 'refresh')} === 'failed-now'", "products.refresh failed now")
        driver.lines(["set api.failureRate 0", "run products.refresh"])
        s.wait_for(f"{run_state('products', 'refresh')} === 'failed-before'", "products.refresh succeeded after failing")
        pipelined_sets(driver.socket, [{"op": "set", "vm": "compass", "name": "valueA", "value": f"burst-{i}"} for i in range(BURST)])
        s.devtools.call("Page.reload", ignoreCache=True)
        s.wait_for("document.body && document.body.dataset.connection === 'live' && document.querySelectorAll('#event-list .event').length > 0",
                   "the reopened page lists the newest events")
        held = s.evaluate("document.querySelectorAll('#event-list .event[data-vm=\"products\"]').length")
        state = s.wait_for(f"{run_state('products', 'refresh')} === 'failed-before' && {run_state('products', 'refresh')}",
                           "the reopened page shows the failure behind the burst as failed before")
        s.evaluate("document.getElementById('runs').open = true")
        bars = s.wait_for(f"Number(document.querySelector('#run-lanes .run-lane[data-command=\"products.refresh\"]')?.dataset.bars) >= 2"
                          f" && document.querySelector({js(command_selector('products', 'refresh'))} + ' svg.run-timeline')?.dataset.runs",
                          "the refresh's runs show on its timeline and the runs panel")
        if held:
            raise TestFailure(f"the check needs the failure outside the page's first events, but {held} products events are listed")
        print(f"      after {BURST} sets: {state}, {bars} runs on the command's timeline", flush=True)
    s.check("a failure behind a burst of sets still shows as failed before, its runs on the timelines, after reopening",
            failure_behind_a_burst)
