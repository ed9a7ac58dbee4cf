"""The frame of a Chromium check of one test daemon's dashboard, written once: the usual flags
(--bin-dir, --chromium, --web-dir), the daemon (a program in --bin-dir) started on a temporary
socket, port and state directory, its dashboard opened in headless Chromium, the check run
with binderyctl's command line for that daemon, and everything stopped however it ends."""

import argparse
import os
import shutil
import sys

from dashboard_test import open_dashboard
from devtools import TestFailure

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from daemon import Daemon  # noqa: E402


def run_daemon_page_test(description, program, prefix, check):
    """Runs `check(session, control)` against `program`'s dashboard (`control`: binderyctl's
    command line for the daemon); returns the exit status (0 only when the check held)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--web-dir", help="serve these dashboard files instead of the compiled-in ones")
    args = parser.parse_args()
    daemon = Daemon(os.path.join(args.bin_dir, program), ["--web-dir", args.web_dir] if args.web_dir else [],
                    prefix=f"{prefix}-")
    try:
        daemon.start()
        control = [os.path.join(args.bin_dir, "binderyctl"), "--socket", daemon.socket]
        with open_dashboard(args.chromium, daemon.base_url, timeout=30, prefix=f"{prefix}-web-") as (session, _):
            return check(session, control)
    except TestFailure as failure:
        print(f"FAIL  {failure}")
        return 1
    finally:
        daemon.close()


def run_checks(session, name, checks):
    """Runs each (description, check) pair in order, then prints "NAME: PASS — N checks" (or
    FAIL); returns the exit status."""
    for description, check in checks:
        session.check(description, check)
    print(f"{name}: {'PASS' if not session.failed else 'FAIL'} — {session.passed} checks")
    return 0 if not session.failed else 1
