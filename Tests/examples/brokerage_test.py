#!/usr/bin/env python3
"""Examples/Brokerage's real daemon (brokerd: view models written as an app's ReactiveSwift
code), driven through binderyctl to a rich state, then checked as a user would see it:

  refusals  a private member (`chat.lastReadAt`) is refused with one line saying why, and
            changes nothing; errors are shown by their `errorDescription` — in the answer to
            `run`, in the command's `lastError`, in an output built from `refresh.errors`, in
            the `fail` event;
  restarts  after kill -9, then after SIGTERM: every version from the first after the restart
            to the current one (read through /api/state?at=V) shows what the last version
            before the stop showed, outputs included, and the restart started no run.

  python3 Tests/examples/brokerage_test.py --brokerd .build/debug/brokerd \\
      --binderyctl .build/debug/binderyctl [--checks refusals,restarts]

Prints one line per check (a difference per line under a failed one); exits 0 only when all
held."""

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from daemon import Daemon  # noqa: E402

# Every wait is bounded: the daemon's timers run on the wall clock (a poll every 5 s, a
# reply after 1 s, staleness after 15 s without quotes).
WAIT = 40.0
# How long a restarted daemon is watched for versions of its own: longer than the sign-up's
# debounce and availability check (0.8 s) and the broker's reply (1.2 s) together.
SETTLE = 3.0
LONG_DRAFT = "x" * 150


class CheckFailed(Exception):
    """A check did not hold; its lines say why."""


class Brokerage:
    """brokerd on a temporary socket, port and state, and the binderyctl that drives it."""

    def __init__(self, brokerd, binderyctl):
        self.daemon = Daemon(brokerd, prefix="bindery-brokerage-")
        self.binderyctl = binderyctl

    def ctl(self, command):
        """binderyctl's answer to one command: (exit status, stdout and stderr together)."""
        done = subprocess.run([self.binderyctl, "--socket", self.daemon.socket, "-c", command],
                              capture_output=True, text=True, timeout=60)
        return done.returncode, (done.stdout + done.stderr).strip()

    def must(self, command):
        status, output = self.ctl(command)
        if status != 0:
            raise CheckFailed(f"`{command}` answered {output!r}")
        return output

    def get(self, path):
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(self.daemon.base_url + path, timeout=10) as response:
            return json.loads(response.read())

    def state(self, at=None):
        return self.get("/api/state" + ("" if at is None else f"?at={at}"))

    def wait_for(self, what, condition):
        """The state once `condition(viewModels)` holds; CheckFailed naming `what` after WAIT s."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            state = self.state()
            if condition(state["viewModels"]):
                return state
            time.sleep(0.1)
        raise CheckFailed(f"waited {WAIT:.0f} s for {what}")

    def wait_quiet(self, quiet=2.0):
        """The current version once no new one came for `quiet` seconds (bounded by WAIT)."""
        deadline = time.monotonic() + WAIT
        version, since = self.state()["version"], time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.2)
            now = self.state()["version"]
            if now != version:
                version, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return version
        raise CheckFailed(f"the daemon kept publishing versions for {WAIT:.0f} s")


def drive_to_a_rich_state(app):
    """Every view model away from its start: quotes loaded then failing (paused), an account
    created, a conversation read and answered, a refused message."""
    app.wait_for("the first poll's quotes", lambda vms: len(vms["quotes"]["outputs"]["quotes"]) == 3)
    app.must("set quotes.isPaused true")
    app.must('set quotes.symbols ["AAPL", "NOPE"]')
    app.ctl("run quotes.refresh")  # fails after its retries: checked by the refusals
    for command in ["set signUp.username linus", "set signUp.email linus@example.org", 'set signUp.password "correct horse"']:
        app.must(command)
    app.wait_for("signUp.isValid", lambda vms: vms["signUp"]["outputs"]["isValid"])
    app.must("run signUp.submit")
    for count, text in enumerate(["how is msft?", "and aapl?"], start=1):
        app.must(f'set chat.draft "{text}"')
        app.must("run chat.send")
        app.wait_for(f"{count} unread", lambda vms, count=count: vms["chat"]["outputs"]["unreadCount"] == count)
    app.must("run chat.markRead")
    app.must('set chat.draft "thanks"')
    app.must("run chat.send")
    app.wait_for("the broker's third answer", lambda vms: vms["chat"]["outputs"]["unreadCount"] == 1)
    app.must(f"set chat.draft {LONG_DRAFT}")
    app.ctl("run chat.send")
    state = app.state()["viewModels"]
    rich = [state["signUp"]["outputs"]["account"] is not None, len(state["chat"]["outputs"]["messages"]) == 6,
            state["chat"]["outputs"]["lastReadAt"] is not None, state["quotes"]["outputs"]["lastError"] is not None]
    if not all(rich):
        raise CheckFailed(f"the state is not the one driven to: {json.dumps(state)[:400]}")


def check_refusals(app):
    """A private member refused; errors in words everywhere they are shown."""
    problems = []
    before = app.state()
    status, answer = app.ctl("set chat.lastReadAt null")
    expected = ("error: 'lastReadAt' in chat is not an input: it is declared private, "
                "and only a public MutableProperty is settable (inputs: draft)")
    if status == 0 or answer != expected:
        problems.append(f"set chat.lastReadAt answered (status {status}) {answer!r}")
    after = app.state()
    if after["version"] != before["version"] or after["viewModels"] != before["viewModels"]:
        problems.append("the refused set changed the state")

    _, answer = app.ctl("run chat.send")
    if answer != "error: Messages are at most 140 characters; this one has 150":
        problems.append(f"run chat.send (150 characters) answered {answer!r}")
    vms = app.state()["viewModels"]
    words = {
        "chat.send's lastError": (vms["chat"]["commands"]["send"]["lastError"] or {}).get("message"),
        "quotes.refresh's lastError": (vms["quotes"]["commands"]["refresh"]["lastError"] or {}).get("message"),
        "quotes.lastError (from refresh.errors)": vms["quotes"]["outputs"]["lastError"],
    }
    wanted = {
        "chat.send's lastError": "Messages are at most 140 characters; this one has 150",
        "quotes.refresh's lastError": "No quotes for 'NOPE'",
        "quotes.lastError (from refresh.errors)": "No quotes for 'NOPE'",
    }
    problems += [f"{name} is {words[name]!r}, not {wanted[name]!r}" for name in wanted if words[name] != wanted[name]]
    messages = {f"{event['vm']}.{event['name']}": event.get("error") for event in app.get("/api/events?kind=fail")["events"]}
    for name, message in [("chat.send", "Messages are at most 140 characters; this one has 150"), ("quotes.refresh", "No quotes for 'NOPE'")]:
        if messages.get(name) != message:
            problems.append(f"the fail event of {name} says {messages.get(name)!r}")
    if problems:
        raise CheckFailed("\n".join(problems))


def differences(before, after, path=""):
    """Where two JSON values differ, one line each ("signUp.outputs.account: null, was {…}")."""
    if isinstance(before, dict) and isinstance(after, dict):
        lines = []
        for key in list(before) + [k for k in after if k not in before]:
            lines += differences(before.get(key), after.get(key), f"{path}.{key}" if path else key)
        return lines
    if before == after:
        return []
    shown = lambda value: (lambda text: text if len(text) <= 90 else text[:87] + "…")(json.dumps(value))
    return [f"{path}: {shown(after)}, was {shown(before)}"]


def check_restart(app, how, first):
    """Stops the daemon (`kill` or `term`), starts it again and compares every new version
    with the last one before the stop; then checks no run was started."""
    if first:
        # The staleness flag's own delay fires 15 s after the last quotes: something new, so
        # the first stop waits for it (a later one finds it fired, or lost by a restart).
        app.wait_for("quotes.isStale (15 s after the last quotes)", lambda vms: vms["quotes"]["outputs"]["isStale"])
    last = app.wait_quiet()
    shown = app.state(at=last)["viewModels"]
    if how == "kill":
        app.daemon.process.kill()
        app.daemon.process.wait()
        app.daemon.process = None
    else:
        status = app.daemon.stop()
        if status != 0:
            raise CheckFailed(f"brokerd exited {status} on SIGTERM")
    app.daemon.start()
    time.sleep(SETTLE)
    current = app.wait_quiet()
    problems = []
    for version in range(last + 1, current + 1):
        try:
            at = app.state(at=version)["viewModels"]
        except urllib.error.HTTPError as error:
            problems.append(f"v{version}: /api/state?at={version} answered {error.code}")
            continue
        problems += [f"v{version}: {line}" for line in differences(shown, at)]
    runs = [e for e in app.get(f"/api/events?since={last}")["events"] if e["kind"] in ("start", "finish", "fail")]
    problems += [f"v{e['version']}: {e['kind']} {e['vm']}.{e['name']} (by {e.get('by')}) after the restart" for e in runs]
    if problems:
        raise CheckFailed(f"the last version before the stop was v{last}; after it:\n" + "\n".join(problems))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--brokerd", default=os.path.join(ROOT, ".build", "examples", "debug", "brokerd"))
    parser.add_argument("--binderyctl", default=os.path.join(ROOT, ".build", "debug", "binderyctl"))
    parser.add_argument("--checks", default="refusals,restarts", help="refusals, restarts or both (comma-separated)")
    args = parser.parse_args()
    wanted = set(args.checks.split(","))
    unknown = wanted - {"refusals", "restarts"}
    if unknown:
        parser.error(f"unknown checks: {', '.join(sorted(unknown))} (known: refusals, restarts)")

    app = Brokerage(args.brokerd, args.binderyctl)
    checks = [("driven to a rich state: an account, a conversation, quotes failing after their retries", lambda: drive_to_a_rich_state(app))]
    if "refusals" in wanted:
        checks.append(("a private member is refused with one line; errors are shown by errorDescription "
                       "(run, lastError, an output from refresh.errors, the fail event)", lambda: check_refusals(app)))
    if "restarts" in wanted:
        checks.append(("kill -9: every version after the restart shows the last one before it; no run started",
                       lambda: check_restart(app, "kill", first=True)))
        checks.append(("SIGTERM: every version after the restart shows the last one before it; no run started",
                       lambda: check_restart(app, "term", first=False)))
    failed = 0
    try:
        app.daemon.start()
        for name, check in checks:
            try:
                check()
                print(f"ok    {name}")
            except CheckFailed as failure:
                failed += 1
                print(f"FAIL  {name}")
                for line in str(failure).splitlines()[:40]:
                    print(f"        {line}")
                if name.startswith("driven"):
                    break
    finally:
        app.daemon.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
