#!/usr/bin/env python3
"""End-to-end test of the dashboard (web/) in headless Chromium, against the real binderyd.

Loads the page in Debian's `chromium`, drives the view models through binderyctl and asserts
from the live DOM (read over the DevTools protocol, Tests/web/devtools.py) what a person would
see: live values, flashes and the binding graph, each command's run state (running, failed
now, failed before, cancelled, interrupted, idle), the event log (full timestamps, what each
event changed, search, filters, pause, export), the version scrubber, values and runs on a time
axis (sparklines following the scrubber, every run on one zoomable axis, the command timeout),
what is announced to assistive technology, the read-only note, CJK
glyphs, a 3,000-row list patched row by row, the page greying out while the daemon is down
and resynchronising when it is back, no console or CSP problem, a 360 px layout, and the page
reopened over 10,000 kept events fetching and building a bounded part of them.

  python3 Tests/web/dashboard_test.py
      # starts .build/debug/binderyd itself (fresh state, port and socket; --web-dir DIR
      # serves DIR instead of the compiled-in copy) and stops and restarts it for the outage
  python3 Tests/web/dashboard_test.py --base-url http://127.0.0.1:8080 \\
          --control 'binderyctl --socket /run/bindery/control.sock' --socket /run/bindery/control.sock \\
          --store STATE/bindery.sqlite --stop-daemon 'CMD' --start-daemon 'CMD'
      # a running binderyd; each driving line ("set vm.input value", "run vm.command [arg]")
      # is written to the standard input of one run of the --control shell command; --socket
      # lets the test send the protocol's interrupt op; --stop-daemon/--start-daemon stop and
      # start it again on the same port and state. Checks whose means are missing are skipped.
  --screenshot docs/dashboard.png --events-screenshot docs/dashboard-events.png
  --screenshots-only    # no checks: drive a fresh daemon to a representative moment and take
                        # the screenshots (`make screenshots` regenerates docs/*.png this way)
  --measure-toggle N    # only: grow the list to --rows, then measure N toggles (main-thread ms)

Prints one line per check and a final "dashboard test: PASS" or "dashboard test: FAIL ...";
exits 0 only when every check passed.
"""

import argparse
import contextlib
import os
import shutil
import socket
import subprocess
import sys

from devtools import DevTools, TestFailure, headless_chromium
from dashboard_checks import Session, driven_checks, passive_checks, run_state_checks
from event_checks import events_checks, scrubber_checks
from history_checks import history_checks
from session_checks import session_checks
from value_checks import run_timing_checks, value_checks
from log_memory_checks import log_memory_checks
from list_find_checks import list_find_checks
from small_checks import small_checks
from layout_checks import layout_checks, take_screenshots
from outage_checks import restart_checks
from scale_checks import long_list_checks, measure_toggles
from long_log_checks import long_log_checks
from compression_checks import compression_checks
from time_axis_checks import time_axis_checks
from announce_checks import announce_checks
from effect_text_checks import effect_text_checks
from run_history_checks import run_history_checks

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from daemon import Daemon, DaemonError  # noqa: E402


class OwnDaemon(Daemon):
    """The default run: this checkout's binderyd on a fresh state directory, port and socket
    (scripts/daemon.py), stopped (SIGTERM) and started again on the same ones for the outage
    check."""

    def __init__(self, bin_dir, web_dir):
        binderyd = os.path.join(bin_dir, "binderyd")
        self.binderyctl = os.path.join(bin_dir, "binderyctl")
        for binary in (binderyd, self.binderyctl):
            if not os.access(binary, os.X_OK):
                raise TestFailure(f"{binary} is missing: run `swift build` first (or pass --base-url)")
        super().__init__(binderyd, ["--web-dir", web_dir] if web_dir else [], prefix="bindery-dashboard-")

    @property
    def control(self):
        return f"{self.binderyctl} --socket {self.socket}"

    def start(self):
        try:
            return super().start()
        except DaemonError as problem:
            raise TestFailure(str(problem)) from None

    def stop(self):
        status = super().stop()
        if status not in (None, 0):
            raise TestFailure(f"binderyd exited {status} on SIGTERM")
        return status


class ShellDaemon:
    """A daemon someone else runs (scripts/e2e.sh): stopped and started by shell commands."""

    def __init__(self, stop_command, start_command):
        self.stop_command = stop_command
        self.start_command = start_command

    def _run(self, command):
        done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise TestFailure(f"{command!r} failed: {done.stderr.strip() or done.stdout.strip()}")

    def stop(self):
        self._run(self.stop_command)

    def start(self):
        self._run(self.start_command)


class Driver:
    """Drives a real binderyd: each line goes to the standard input of the --control command
    (binderyctl's REPL); `interrupt` speaks the control protocol on --socket directly."""

    def __init__(self, command, control_socket):
        self.command = command
        self.socket = control_socket

    def line(self, text):
        done = subprocess.run(self.command, shell=True, input=text + "\n", text=True, capture_output=True, timeout=30)
        if done.returncode != 0:
            raise TestFailure(f"{self.command!r} failed on {text!r}: {done.stderr.strip() or done.stdout.strip()}")

    def lines(self, texts):
        """Applies several lines in one session of the command."""
        done = subprocess.run(self.command, shell=True, input="".join(t + "\n" for t in texts), text=True,
                              capture_output=True, timeout=180)
        if done.returncode != 0:
            raise TestFailure(f"{self.command!r} failed on {len(texts)} lines: {(done.stderr.strip() or done.stdout.strip())[-300:]}")

    def interrupt(self, vm, name):
        import json
        with socket.socket(socket.AF_UNIX) as connection:
            connection.settimeout(10)
            connection.connect(self.socket)
            connection.sendall((json.dumps({"id": 1, "op": "interrupt", "vm": vm, "name": name}) + "\n").encode())
            reply = connection.makefile("rb").readline()
        answer = json.loads(reply)
        if not answer.get("ok"):
            raise TestFailure(f"interrupt {vm}.{name} refused: {answer}")
        return answer


@contextlib.contextmanager
def open_dashboard(chromium, base_url, timeout, prefix="bindery-chromium-"):
    """Headless Chromium showing the dashboard at `base_url`, for a `with` block: yields
    (Session, the browser's profile directory); the browser is closed and its profile removed
    when the block is left (`devtools.headless_chromium`)."""
    with headless_chromium(chromium, prefix=prefix) as (_, ws_url, profile):
        devtools = DevTools(ws_url)
        for domain in ("Page", "Runtime", "Log"):
            devtools.call(f"{domain}.enable")
        devtools.call("Page.navigate", url=base_url + "/")
        yield Session(devtools, timeout, base_url), profile


def run_checks(args, session, driver, daemon, store, profile):
    """The checks the arguments ask for, on the dashboard `session` shows."""
    if args.screenshots_only:
        if driver is None or not (args.screenshot or args.events_screenshot):
            raise TestFailure("--screenshots-only needs a driven daemon and --screenshot or --events-screenshot")
        passive_checks(session, quick=True)
        take_screenshots(session, driver, args.screenshot, args.events_screenshot)
    elif args.measure_toggle:
        if driver is None or not store:
            raise TestFailure("--measure-toggle needs a driven daemon and its --store")
        passive_checks(session, quick=True)
        long_list_checks(session, driver, store, args.rows)
        measure_toggles(session, driver, args.measure_toggle)
    else:
        passive_checks(session)
        compression_checks(session)
        if driver is not None:
            driven_checks(session, driver)
            run_state_checks(session, driver)
            events_checks(session, driver, profile)
            scrubber_checks(session, driver)
            history_checks(session, driver)
            session_checks(session, driver)
            value_checks(session, driver)
            run_timing_checks(session, driver)
            time_axis_checks(session, driver)
            log_memory_checks(session, driver)
            small_checks(session, driver)
            announce_checks(session, driver)
            effect_text_checks(session, driver)
        else:
            print("skip  driven checks (no --control given for this daemon)", flush=True)
        if driver is not None and store:
            long_list_checks(session, driver, store, args.rows)
            list_find_checks(session, driver)
        if daemon is not None and driver is not None:
            restart_checks(session, driver, daemon)
        else:
            print("skip  outage check (no --stop-daemon/--start-daemon given)", flush=True)
        layout_checks(session, driver)
        if driver is not None and driver.socket:
            run_history_checks(session, driver)  # reloads the page after a burst of sets
            long_log_checks(session, driver)  # last: it reloads the page over 10,000 more events
        else:
            print("skip  long-log checks (no --socket given for pipelined sets)", flush=True)
        if args.screenshot or args.events_screenshot:
            take_screenshots(session, driver, args.screenshot, args.events_screenshot)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", help="a running binderyd; default: start .build/debug/binderyd")
    parser.add_argument("--control", help="shell command that applies driving lines read from stdin")
    parser.add_argument("--socket", help="the daemon's control socket (for the interrupt op)")
    parser.add_argument("--store", help="the daemon's model store (bindery.sqlite): grow its products to --rows")
    parser.add_argument("--rows", type=int, default=3000, help="products to list for the long-list checks")
    parser.add_argument("--stop-daemon", help="shell command that stops the daemon (outage check)")
    parser.add_argument("--start-daemon", help="shell command that starts it again on the same port and state")
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "debug"), help="binderyd and binderyctl (default run)")
    parser.add_argument("--web-dir", help="default run: serve this directory instead of the compiled-in dashboard")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds to wait for each condition")
    parser.add_argument("--screenshot", help="save a 1280x1600 PNG of the dashboard here")
    parser.add_argument("--events-screenshot", help="save a PNG of the filtered event log with its changes here")
    parser.add_argument("--screenshots-only", action="store_true",
                        help="skip the checks: only drive the daemon and take --screenshot/--events-screenshot")
    parser.add_argument("--measure-toggle", type=int, default=0, metavar="N",
                        help="only measure: grow the list to --rows, then the main-thread time of N toggles")
    args = parser.parse_args()

    if shutil.which(args.chromium) is None:
        print(f"dashboard test: FAIL — {args.chromium} not found (apt-get install chromium)")
        return 2

    own = None
    stop_failure = None
    session = None
    try:
        if args.base_url:
            base_url = args.base_url.rstrip("/")
            driver = Driver(args.control, args.socket) if args.control else None
            daemon = ShellDaemon(args.stop_daemon, args.start_daemon) if args.stop_daemon and args.start_daemon else None
            store = args.store
        else:
            own = OwnDaemon(args.bin_dir, args.web_dir)
            own.start()
            base_url, store, daemon = own.base_url, own.store, own
            driver = Driver(own.control, own.socket)
        print(f"dashboard at {base_url}/", flush=True)

        with open_dashboard(args.chromium, base_url, args.timeout) as (session, profile):
            run_checks(args, session, driver, daemon, store, profile)
    except (TestFailure, ConnectionError, OSError, subprocess.TimeoutExpired) as problem:
        print(f"dashboard test: FAIL — {problem}")
        return 1
    finally:
        if own is not None:
            try:
                own.close()
            except TestFailure as problem:
                stop_failure = problem

    if stop_failure is not None:
        print(f"dashboard test: FAIL — {stop_failure}")
        return 1
    total = session.passed + len(session.failed)
    if session.failed:
        print(f"dashboard test: FAIL — {len(session.failed)} of {total} checks failed: {'; '.join(session.failed)}")
        return 1
    print(f"dashboard test: PASS — {total} checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
