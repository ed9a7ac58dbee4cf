#!/usr/bin/env python3
"""A session imported for reading (binderyctl import, /api/imported) on the dashboard, in
headless Chromium, against the real daemon (bindery-ticker-daemon, this build's; issue 43,
item 2): a session exported from the daemon and imported into it again is shown under its own
banner saying it is imported and not live, with a slider over its versions whose state is the
daemon's at that version, while the live cards go on.

  python3 Tests/web/imported_session_test.py --bin-dir .build/debug

Prints one line per check; exits 0 only when all held."""

import json
import os
import subprocess
import sys
import tempfile

from daemon_page_test import run_checks, run_daemon_page_test
from devtools import TestFailure


BANNER = "document.getElementById('imported-session')"


def main():
    return run_daemon_page_test(__doc__, "bindery-ticker-daemon", "bindery-import", check_dashboard)


def ctl(control, command):
    return subprocess.run(control + ["-c", command], check=True, capture_output=True, text=True, timeout=30).stdout


def check_dashboard(session, control):
    session.wait_for("document.querySelector('[data-vm=\"ticker\"]') !== null", "the ticker card")

    def nothing_imported_no_banner():
        if not session.evaluate(f"{BANNER}.hidden"):
            raise TestFailure("the imported-session banner shows with nothing imported")

    def imported_session_apart():
        ctl(control, "set ticker.symbols [\"AAPL\"]")
        with tempfile.TemporaryDirectory(prefix="bindery-import-") as directory:
            path = os.path.join(directory, "session.json")
            ctl(control, f"export {path}")
            with open(path) as file:
                exported = json.load(file)
            ctl(control, f"import {path}")
        session.devtools.call("Page.reload", ignoreCache=True)
        session.wait_for(f"{BANNER} && !{BANNER}.hidden", "the imported-session banner after a reload")
        text = session.evaluate(f"{BANNER}.textContent")
        if "Imported session, not live" not in text or f"versions {exported['from']}–{exported['to']}" not in text:
            raise TestFailure(f"the banner reads {text!r}")
        tree = session.wait_for(f"{BANNER}.querySelector('.imported-state')?.textContent", "the state at the session's last version")
        if "ticker" not in tree:
            raise TestFailure(f"the imported state reads {tree!r}")
        slider = session.evaluate(f"[{BANNER}.querySelector('input[type=range]').min, {BANNER}.querySelector('input[type=range]').max]")
        if [int(slider[0]), int(slider[1])] != [exported["from"], exported["to"]]:
            raise TestFailure(f"the slider spans {slider}, the session {exported['from']}–{exported['to']}")
        live = session.evaluate("Number(document.body.dataset.version || 0)")
        session.wait_for(f"Number(document.body.dataset.version || 0) > {live}", "the live state going on beside it")

    return run_checks(session, "imported session dashboard test", [
        ("with nothing imported there is no imported-session banner", nothing_imported_no_banner),
        ("an imported session is shown apart, marked imported and not live, with a slider over its versions", imported_session_apart),
    ])


if __name__ == "__main__":
    sys.exit(main())
