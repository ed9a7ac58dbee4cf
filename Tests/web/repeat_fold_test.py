#!/usr/bin/env python3
"""A view model polled by a timer (bindery-ticker-daemon, this build's: every 0.3 s, the same
answer until its symbols change) on the dashboard, in headless Chromium, against the real
daemon (issue 40, item 3):

- the timer's identical runs fold into one line "×N, last at T" under the newest run, which
  opens to list them, and N grows as the timer goes on;
- a different answer is listed as its own run, not folded into the identical ones;
- a command's state in a run's changes is shown once, by what changed: its lastValue by the
  new value alone, never "old → new" in full.

  python3 Tests/web/repeat_fold_test.py --bin-dir .build/debug

Prints one line per check; exits 0 only when all held."""

import subprocess
import sys

from daemon_page_test import run_checks, run_daemon_page_test
from devtools import TestFailure


FOLD = "document.querySelector('#event-list li.event-fold')"
FOLD_COUNT = f"Number(({FOLD}?.querySelector('.fold-count')?.textContent ?? '×0').slice(1))"
FINISHES = "document.querySelectorAll('#event-list li.event[data-event-kind=\"finish\"][data-vm=\"ticker\"]')"


def main():
    return run_daemon_page_test(__doc__, "bindery-ticker-daemon", "bindery-ticker", check_dashboard)


def check_dashboard(session, control):
    """The ticker's log, the timer polling on its own; `control` is binderyctl's command line."""
    session.wait_for("document.querySelector('[data-vm=\"ticker\"]') !== null", "the ticker card")

    def identical_runs_fold():
        first = session.wait_for(f"{FOLD_COUNT} >= 3 && {FOLD_COUNT}", "a fold line of at least 3 identical runs", timeout=30)
        later = session.wait_for(f"{FOLD_COUNT} > {first} && {FOLD_COUNT}", "the fold counting on as the timer polls", timeout=30)
        listed = session.evaluate(f"{FINISHES}.length")
        if listed != 1:
            raise TestFailure(f"{listed} identical finishes are listed beside the fold of {later}")
        text = session.evaluate(f"{FOLD}.textContent")
        if "last at" not in text or "ticker.refresh" not in text:
            raise TestFailure(f"the fold line reads {text!r}")
        session.evaluate(f"{FOLD}.querySelector('button').click()")
        opened = session.wait_for(f"{FINISHES}.length > 1 && {FINISHES}.length", "the opened fold lists the folded runs")
        session.evaluate(f"{FOLD}.querySelector('button').click()")
        session.wait_for(f"{FINISHES}.length === 1", "closed again, one run listed")
        return f"×{first} then ×{later}; {text.strip()!r}; opened it lists {opened} finishes"

    def a_different_answer_is_its_own_run():
        subprocess.run(control + ["-c", "set ticker.symbols [\"AAPL\"]"], check=True, capture_output=True, timeout=30)
        values = session.wait_for(
            f"(() => {{ const v = [...{FINISHES}].map(li => li.querySelector('.event-value')?.textContent ?? '');"
            " return v.length >= 2 && v; })()", "the new answer's run listed apart from the fold", timeout=30)
        # A list is shown folded by its length: the one symbol's answer, then the two symbols'.
        if "1 item" not in values[0] or not any("2 items" in value for value in values[1:]):
            raise TestFailure(f"the finishes listed read {values}")
        return f"listed: {values[:3]}"

    def command_state_once():
        # The run whose answer changed may be folded under later identical ones by now, or past
        # the entries listed: the log's search lists the entries whose changes name lastValue.
        session.evaluate("(() => { const box = document.getElementById('event-search');"
                         " box.value = 'lastValue'; box.dispatchEvent(new Event('input')); })()")
        session.wait_for(f"{FINISHES}.length >= 1", "the runs whose changes name lastValue")
        lines = session.evaluate(
            "[...document.querySelectorAll('#event-list li.event[data-vm=\"ticker\"] .effect:not(.summary)')]"
            ".map(li => li.textContent)")
        last_values = [line for line in lines if ".lastValue" in line or line.startswith("refresh.lastValue") or "lastValue" in line]
        wrong = [line for line in last_values if "→" in line]
        if wrong or not last_values:
            raise TestFailure(f"the runs' lastValue lines read {last_values or lines}")
        session.evaluate("(() => { const box = document.getElementById('event-search');"
                         " box.value = ''; box.dispatchEvent(new Event('input')); })()")
        return f"{last_values[0]!r}"

    return run_checks(session, "repeat fold dashboard test", [
        ("a timer's identical runs fold into one line '×N, last at T' that opens to list them", identical_runs_fold),
        ("a different answer is listed as its own run, not folded", a_different_answer_is_its_own_run),
        ("a command's state is shown once per event: its lastValue by the new value alone", command_state_once),
    ])


if __name__ == "__main__":
    sys.exit(main())
