#!/usr/bin/env python3
"""What each event changed comes from the daemon, stored with the event: checked on the real
binderyd and a dashboard opened only afterwards, in headless Chromium.

Two sets in separate versions (login.mobilePhone; then login.verifyCode, a secret, which
enables the login command) are made with binderyctl before any page is open; the daemon is
stopped (SIGTERM) and started again, so the events come back from its state directory. A
freshly opened page then lists under each event what its own version changed, once:
mobilePhone under the first set, isLoginValid and login.enabled under the second and not under
the first. /api/events carries the same as each event's `effects`, the secret
masked.

  python3 Tests/web/effects_test.py --bin-dir .build/debug

Prints one line per check; exits 0 only when all held."""

import argparse
import json
import os
import shutil
import subprocess
import sys
import urllib.request

from dashboard_test import open_dashboard
from devtools import TestFailure, check

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from daemon import Daemon  # noqa: E402

# Per logged set event in the page: its name and the effect names listed under it.
LISTED = """[...document.querySelectorAll('#event-list li.event[data-event-kind="set"]')].map(item => ({
  target: item.querySelector('.target').textContent,
  effects: [...item.querySelectorAll('ul.effects[data-relation="at"] .effect-name')].map(n => n.textContent)
}))"""


def api_events(daemon):
    no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with no_proxy.open(daemon.base_url + "/api/events", timeout=10) as response:
        return json.loads(response.read())["events"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", default=".build/debug")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    binderyctl = os.path.join(args.bin_dir, "binderyctl")
    ok = True
    with Daemon(os.path.join(args.bin_dir, "binderyd")) as daemon:
        for line in ("set login.mobilePhone 13800138000", "set login.verifyCode 1234"):
            subprocess.run([binderyctl, "--socket", daemon.socket, "-c", line], check=True,
                           stdout=subprocess.DEVNULL, timeout=30)
        daemon.stop()
        daemon.start()

        def stored():
            events = {e["name"]: e for e in api_events(daemon) if e.get("kind") == "set" and e.get("vm") == "login"}
            phone, code = events.get("mobilePhone"), events.get("verifyCode")
            if not phone or not code:
                raise TestFailure(f"the sets are not in /api/events after the restart: {sorted(events)}")
            if phone["version"] == code["version"]:
                raise TestFailure("both sets share a version")
            named = lambda event: {effect["name"] for effect in event.get("effects", [])}
            if "login" in named(phone) or "isLoginValid" in named(phone) or "mobilePhone" not in named(phone):
                raise TestFailure(f"mobilePhone's stored effects: {sorted(named(phone))}")
            if not {"login", "isLoginValid"} <= named(code) or "mobilePhone" in named(code):
                raise TestFailure(f"verifyCode's stored effects: {sorted(named(code))}")
            if "1234" in json.dumps(code["effects"]):
                raise TestFailure(f"the secret verifyCode shows in its effects: {code['effects']}")
            return f"mobilePhone changed {sorted(named(phone))}, verifyCode {sorted(named(code))}"
        ok &= check("/api/events keeps each event's effects across a restart", stored)

        with open_dashboard(args.chromium, daemon.base_url, timeout=30, prefix="bindery-effects-") as (session, _):
            def fresh_page():
                session.wait_for("""document.querySelectorAll('#event-list li.event[data-event-kind="set"] ul.effects').length >= 2""",
                                 "the sets' effects in a freshly opened page")
                listed = {entry["target"]: entry["effects"] for entry in session.evaluate(LISTED)}
                phone, code = listed.get("login.mobilePhone"), listed.get("login.verifyCode")
                if phone is None or code is None:
                    raise TestFailure(f"events listed: {sorted(listed)}")
                if "login.enabled" in phone or "isLoginValid" in phone or phone.count("mobilePhone") != 1:
                    raise TestFailure(f"under set login.mobilePhone: {phone}")
                if code.count("login.enabled") != 1 or code.count("isLoginValid") != 1 or "mobilePhone" in code:
                    raise TestFailure(f"under set login.verifyCode: {code}")
                return f"mobilePhone: {', '.join(phone)}; verifyCode: {', '.join(code)}"
            ok &= check("a page opened after the restart lists each event's own effects, once", fresh_page)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
