"""What assistive technology is told (issue 43), checked in the page against the real daemon:
no live region changes its text when a version arrives (the scrubber's label is not one); a
command's run failing is announced; each command's list item has an accessible name; the
header does not say "live" while a past version is shown."""

import re

from devtools import TestFailure
from dashboard_checks import command_selector, js, run_state

# Every live region of the page, and the text of each.
LIVE_REGIONS = """[...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log], output')]
    .map(el => `${el.id || el.className}: ${el.textContent}`)"""
STATUS = "document.getElementById('status')"


def accessible_name(session, selector):
    """The name Chromium's accessibility tree gives the element at `selector`."""
    devtools = session.devtools
    root = devtools.call("DOM.getDocument", depth=0)["root"]["nodeId"]
    node = devtools.call("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
    if not node:
        raise TestFailure(f"no element matches {selector}")
    nodes = devtools.call("Accessibility.getPartialAXTree", nodeId=node, fetchRelatives=False)["nodes"]
    return nodes[0].get("name", {}).get("value", "") if nodes else ""


def announce_checks(session, driver):
    s = session

    def quiet_on_new_versions():
        label = s.evaluate("(() => { const l = document.getElementById('scrub-label');"
                           " return [l.tagName, l.getAttribute('aria-live'), l.getAttribute('role')]; })()")
        if label[0] == "OUTPUT" or label[1] not in (None, "off") or label[2] in ("status", "alert", "log"):
            raise TestFailure(f"the scrubber's label is a live region: {label}")
        before = s.evaluate(LIVE_REGIONS)
        version = s.version()
        driver.lines([f"set compass.valueA quiet-{version}", f"set api.latencyMs {300 + version % 7}"])
        s.wait_for(f"Number(document.body.dataset.version) >= {version + 2}", "the new versions arrive")
        after = s.evaluate(LIVE_REGIONS)
        if before != after:
            changed = [f"{a!r} → {b!r}" for a, b in zip(before, after) if a != b]
            raise TestFailure(f"live regions changed with new versions: {changed or (before, after)}")
        print(f"      {len(after)} live regions, none changed by v{version}→v{version + 2}", flush=True)
    s.check("no live region (the scrubber's label included) speaks when a version arrives", quiet_on_new_versions)

    def failure_announced():
        idle = f"document.querySelector({js(command_selector('products', 'refresh'))}).dataset.executing === 'false'"
        s.wait_for(idle, "products.refresh is not running", timeout=40)
        # What an earlier failure left there does not count.
        s.evaluate("document.getElementById('announcer').textContent = '', true")
        driver.lines(["set api.latencyMs 100", "set api.failureRate 1", "run products.refresh &"])
        said = s.wait_for("/products\\.refresh failed/.test(document.getElementById('announcer').textContent)"
                          " && document.getElementById('announcer').textContent", "the failure is announced")
        live = s.evaluate("(() => { const a = document.getElementById('announcer'); return a.getAttribute('role') === 'status'"
                          " || a.getAttribute('aria-live') === 'polite' || a.getAttribute('aria-live') === 'assertive'; })()")
        driver.lines(["set api.failureRate 0", "run products.refresh"])
        s.wait_for(f"{run_state('products', 'refresh')} === 'failed-before'", "the refresh succeeds again")
        if not live:
            raise TestFailure("the announcer is not a live region")
        print(f"      announced: {said!r}", flush=True)
    s.check("a command's run failing is announced in a live region", failure_announced)

    def commands_named():
        name = accessible_name(s, command_selector("products", "refresh"))
        if not re.fullmatch(r"refresh, (enabled|disabled), (running|failed now|cancelled|interrupted|failed before|idle)", name):
            raise TestFailure(f"products.refresh's list item is named {name!r}")
        unnamed = s.evaluate("[...document.querySelectorAll('li.command')].filter(li => !li.getAttribute('aria-label'))"
                             ".map(li => li.dataset.command)")
        if unnamed:
            raise TestFailure(f"commands without a name: {unnamed}")
        print(f"      products.refresh is {name!r}", flush=True)
    s.check("each command's list item has an accessible name with its state", commands_named)

    def header_not_live_in_the_past():
        driver.lines([f"set api.latencyMs {310 + i}" for i in range(3)])
        version = s.wait_for("Number(document.getElementById('scrub-range').max) >= 2 && document.body.dataset.version",
                             "the scrubber has earlier versions")
        s.evaluate("(() => { const r = document.getElementById('scrub-range'); r.value = String(Number(r.max) - 1);"
                   " r.dispatchEvent(new Event('input', { bubbles: true })); return true; })()")
        said = s.wait_for(f"document.body.dataset.viewing === 'past' && {STATUS}.textContent", "a past version is shown")
        if said == "live" or "past version" not in said:
            raise TestFailure(f"the header says {said!r} while a past version is shown (live is v{version})")
        s.evaluate("document.querySelector('.back-to-live').click(), true")
        s.wait_for(f"{STATUS}.textContent === 'live'", "back to live, the header says live")
        print(f"      the header said {said!r}", flush=True)
    s.check("the header does not say live while a past version is shown", header_not_live_in_the_past)
