"""Values as a developer reads them, checked in the page against the real daemon: a nested
value (login's lastValue) as a folded tree that opens and copies its JSON; a numeric input's
sparkline of its recent values."""

import json

from devtools import TestFailure
from dashboard_checks import command_selector, js


def value_checks(session, driver):
    s = session

    def nested_tree():
        driver.lines(["set login.mobilePhone 13800138000", "set login.verifyCode 1234", "run login.login"])
        last = f"{js(command_selector('login', 'login'))} + ' .last-value'"
        tree = f"document.querySelector({last} + ' details.json-tree')"
        s.wait_for(f"!!{tree}", "login's lastValue is a folded tree")
        if s.evaluate(f"{tree}.open || {tree}.querySelector('.json-members') !== null"):
            raise TestFailure("the tree is open (or built) before anyone opened it")
        s.evaluate(f"{tree}.querySelector('summary').click(), true")
        keys = s.wait_for(f"{tree}.open && [...{tree}.querySelectorAll(':scope > .json-members > li .json-key')].map(k => k.textContent)",
                          "opening the tree lists its members")
        if "phone" not in keys or "avatarURL" not in keys:
            raise TestFailure(f"the tree's members are {keys}")
        s.devtools.call("Browser.grantPermissions", permissions=["clipboardReadWrite", "clipboardSanitizedWrite"],
                        origin=s.base_url)
        # A headless page has no focused window unless emulated; the clipboard needs one.
        s.devtools.call("Emulation.setFocusEmulationEnabled", enabled=True)
        # A click a person makes is a user gesture, which the clipboard asks for.
        s.devtools.call("Runtime.evaluate", expression=f"{tree}.querySelector('.json-copy').click()", userGesture=True)
        s.wait_for(f"{tree}.querySelector('.json-copy').dataset.copied === 'copied' || {tree}.querySelector('.json-copy').textContent",
                   "the copy button answers")
        said = s.evaluate(f"{tree}.querySelector('.json-copy').textContent")
        if said != "copied":
            raise TestFailure(f"the copy button says {said!r}")
        copied = json.loads(s.devtools.evaluate("navigator.clipboard.readText()", await_promise=True))
        if copied.get("phone") != "13800138000" or "avatarURL" not in copied:
            raise TestFailure(f"the clipboard holds {copied!r}")
    s.check("a nested value (login's lastValue) is a folded tree that opens and copies its JSON", nested_tree)

    def sparkline():
        driver.lines([f"set api.latencyMs {value}" for value in (310, 420, 330, 450)])
        line = "document.querySelector('[data-vm=\"api\"] [data-input=\"latencyMs\"] svg.sparkline')"
        s.wait_for(f"{line} && /latencyMs over time: \\d+ values from .*, v\\d+–v\\d+, from \\d+ ms to \\d+ ms/.test({line}.getAttribute('aria-label'))",
                   "a sparkline beside latencyMs")
        label = s.evaluate(f"{line}.getAttribute('aria-label')")
        points = s.evaluate(f"Number({line}.dataset.points)")
        if points < 2 or not label or int(label.split(" values")[0].split()[-1]) != points:
            raise TestFailure(f"the sparkline has {points} points, labelled {label!r}")
        newest = s.evaluate(f"Number({line}.dataset.to)")
        driver.line("set api.latencyMs 300")
        s.wait_for(f"Number({line}.dataset.to) > {newest} && Number({line}.dataset.points) >= {points}",
                   "a new value adds a point at its version")
        print(f"      {label}", flush=True)
    s.check("a numeric input shows a sparkline of its recent values, a new value adds a point", sparkline)


def run_timing_checks(session, driver):
    s = session
    command = "document.querySelector('[data-vm=\"products\"] [data-command=\"refresh\"]')"

    def elapsed_and_timeline():
        driver.lines(["set api.failureRate 0", "set api.latencyMs 300", "run products.refresh", "set api.latencyMs 2500",
                      "run products.refresh &"])
        first = s.wait_for(f"{command}.dataset.executing === 'true' && {command}.querySelector('.elapsed')?.textContent",
                           "the running refresh shows its elapsed time")
        s.wait_for(f"{command}.querySelector('.elapsed') && {command}.querySelector('.elapsed').textContent !== {js(first)}",
                   "the elapsed time counts up while it runs")
        s.wait_for(f"{command}.dataset.executing === 'false' && !{command}.querySelector('.elapsed')",
                   "the clock goes when the run ends", timeout=15)
        driver.lines(["set api.latencyMs 300"])
        line = f"{command}.querySelector('svg.run-timeline')"
        label = s.wait_for(f"{line} && {line}.getAttribute('aria-label')", "the refresh's runs as a timeline")
        bars = s.evaluate(f"[...{line}.querySelectorAll('rect')].map(r => [Number(r.getAttribute('height')), r.dataset.outcome])")
        tallest = max(height for height, _ in bars)
        if len(bars) < 2 or bars[-1][1] != "ok" or bars[-1][0] != tallest or bars[-2][0] >= tallest:
            raise TestFailure(f"the 2.5 s run is not the last and tallest bar: {bars} ({label})")
        print(f"      running: {first!r}; {label}", flush=True)
    s.check("a running command shows its elapsed time; its runs show as a timeline of durations", elapsed_and_timeline)
