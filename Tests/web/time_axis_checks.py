"""Time on a real axis (issue 43), checked in the page against the real daemon: a numeric
input's sparkline spans the time its values were set over (not their count), with its range
and unit, and follows the scrubber to the values around a past version; every command's runs
sit on one time axis that zooms with the keyboard and the wheel, each run naming its cause; a
running command shows its time against the daemon's command timeout; one long run does not
flatten the bars of the short ones."""

import json
import re
import time
import urllib.request

from devtools import TestFailure
from dashboard_checks import command_selector, js, text_of, value_selector
from history_checks import choose_stop

LINE = "document.querySelector('[data-vm=\"api\"] [data-input=\"latencyMs\"] svg.sparkline')"
CAPTION = "document.querySelector('[data-vm=\"api\"] [data-input=\"latencyMs\"] .sparkline-range')"
RUNS = "document.getElementById('runs')"
LANES = "document.getElementById('run-lanes')"


def x_coordinates(session):
    """The distinct x coordinates of latencyMs's sparkline (each value's time on the axis)."""
    points = session.evaluate(f"{LINE}.querySelector('polyline').getAttribute('points')")
    return sorted({float(point.split(",")[0]) for point in points.split()})


def span_ms(session):
    return int(session.evaluate(f"Number({RUNS}.dataset.span)"))


def time_axis_checks(session, driver):
    s = session

    def sparkline_by_time():
        # Values after a pause, then one after a pause three times as long: on a time axis the
        # last step is the widest; by count they would be evenly spaced. (The pauses are longer
        # than the page's idle poll, so each value arrives in an answer of its own.)
        driver.line("set api.latencyMs 305")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '305'", "the page follows the daemon")
        time.sleep(1.2)
        driver.lines(["set api.latencyMs 310", "set api.latencyMs 320"])
        time.sleep(1.2)
        driver.line("set api.latencyMs 330")
        time.sleep(3.6)
        driver.line("set api.latencyMs 900")
        s.wait_for(f"{LINE} && /from \\d+ ms to \\d+ ms; latest 900 ms/.test({LINE}.getAttribute('aria-label'))",
                   "the sparkline's label names its time span, range, unit and latest value")
        label = s.evaluate(f"{LINE}.getAttribute('aria-label')")
        if not re.search(r"over time: \d+ values from \d\d:\d\d:\d\d to \d\d:\d\d:\d\d \((\d+\.\d+ s|\d+ min)", label):
            raise TestFailure(f"the label does not give the time span in seconds: {label!r}")
        caption = s.evaluate(f"{CAPTION}.textContent")
        if not re.fullmatch(r"\d+–\d+ ms · (\d+\.\d+ s|\d+ min( \d+ s)?)", caption):
            raise TestFailure(f"the caption beside it says {caption!r}")
        xs = x_coordinates(s)
        # The pause before 900 (3.6 s) is longer than the one before 330 (1.2 s): its step is wider.
        if len(xs) < 3 or xs[-1] - xs[-2] <= 2 * (xs[-2] - xs[-3]):
            raise TestFailure(f"the steps are not placed by time: x = {xs}")
        print(f"      {label}; beside it {caption!r}", flush=True)
    s.check("a sparkline's values sit on a time axis, with their range, unit and time span", sparkline_by_time)

    def sparkline_follows_scrubber():
        # Reopened after 80 sets, the page has a scrubber stop per version (the daemon's history).
        driver.lines([f"set api.latencyMs {500 + i}" for i in range(80)])
        s.devtools.call("Page.reload", ignoreCache=True)
        live = s.wait_for(f"{LINE} && {LINE}.getAttribute('aria-label').includes('latest 579 ms') && document.body.dataset.version",
                          "the reopened page's sparkline shows the newest values")
        live = int(live)
        target = live - 70
        chosen = choose_stop(s, target)
        if chosen is not True:
            raise TestFailure(f"could not choose version {target}: {chosen}")
        s.wait_for(f"Number({LINE}.dataset.marker) === {target}", f"the sparkline marks version {target}")
        shown = s.evaluate(f"[Number({LINE}.dataset.from), Number({LINE}.dataset.to), {LINE}.getAttribute('aria-label')]")
        if not shown[0] <= target <= shown[1] or shown[1] >= live:
            raise TestFailure(f"viewing v{target} (live v{live}) the sparkline shows v{shown[0]}–v{shown[1]}: {shown[2]!r}")
        marker = s.evaluate(f"Number({LINE}.querySelector('.sparkline-marker').getAttribute('x1'))")
        if not 1 < marker < 83:
            raise TestFailure(f"the marker of a version inside the window is at x = {marker}")
        s.evaluate("document.querySelector('.back-to-live').click(), true")
        s.wait_for(f"Number({LINE}.dataset.to) >= {live} - 1 && !{LINE}.getAttribute('aria-label').includes(' at v{target}:')",
                   "back to live, the sparkline shows the newest values again")
        print(f"      viewing v{target}: {shown[2]!r}", flush=True)
    s.check("a sparkline follows the scrubber: a past version shows the values around it, marked", sparkline_follows_scrubber)

    def runs_on_one_axis():
        before = s.version()
        # The panel is folded until opened (a run then costs only its summary line).
        s.wait_for(f"!{RUNS}.hidden && !{RUNS}.open && /\\d+ runs? of \\d+ commands?/.test(document.getElementById('runs-status').textContent)",
                   "a folded runs panel summing up the runs so far")
        s.evaluate(f"{RUNS}.querySelector('summary').click(), true")
        driver.lines(["set api.failureRate 0", "set api.latencyMs 200", "run products.refresh", "run books.search",
                      "set login.mobilePhone 13800138000", "set login.verifyCode 1234", "run login.login"])
        s.wait_for(f"!{RUNS}.hidden && ['products.refresh', 'books.search', 'login.login'].every(c =>"
                   f" Number({LANES}.querySelector(`.run-lane[data-command=\"${{c}}\"] .run-bar:last-child`)?.dataset.version) > {before})",
                   "the runs panel has a lane with a bar for each command just run")
        label = s.evaluate(f"{LANES}.querySelector('.run-lane[data-command=\"login.login\"] .run-bar:last-child').getAttribute('aria-label')")
        if not re.search(r"login\.login: finished in \d+ ms, started \d\d:\d\d:\d\d by a client's run, v\d+", label or ""):
            raise TestFailure(f"a run's label does not say when, how long and its cause: {label!r}")
        caused = s.evaluate(f"{LANES}.querySelector('.run-lane[data-command=\"login.login\"] .run-bar:last-child .run-cause').textContent")
        if caused != "a client's run":
            raise TestFailure(f"the bar shows its cause as {caused!r}")
        # One axis: a bar's left edge is its start, in the same coordinates in every lane.
        lefts = s.evaluate(f"""['products.refresh', 'login.login'].map(c =>
            {LANES}.querySelector(`.run-lane[data-command="${{c}}"] .run-bar:last-child`).getBoundingClientRect().left)""")
        if not lefts[0] < lefts[1]:
            labels = s.evaluate(f"""['products.refresh', 'login.login'].map(c => [...{LANES}.querySelectorAll(
                `.run-lane[data-command="${{c}}"] .run-bar`)].slice(-2).map(b => b.getBoundingClientRect().left + ' ' + b.getAttribute('aria-label')))""")
            raise TestFailure(f"products.refresh (run first) starts at x = {lefts[0]}, login.login at x = {lefts[1]}: {labels}")
        fitted = span_ms(s)
        s.evaluate(f"{LANES}.focus(), true")
        s.devtools.call("Input.dispatchKeyEvent", type="keyDown", key="+", text="+")
        s.devtools.call("Input.dispatchKeyEvent", type="keyUp", key="+")
        zoomed = s.wait_for(f"Number({RUNS}.dataset.span) < {fitted} * 0.6 && Number({RUNS}.dataset.span)", "+ zooms in")
        box = s.evaluate(f"(() => {{ const r = {LANES}.querySelector('.run-track').getBoundingClientRect();"
                         " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        s.devtools.call("Input.dispatchMouseEvent", type="mouseWheel", x=box[0], y=box[1], deltaX=0, deltaY=300)
        s.wait_for(f"Number({RUNS}.dataset.span) > {zoomed} * 1.1", "the wheel zooms out")
        s.devtools.call("Input.dispatchKeyEvent", type="keyDown", key="0", text="0")
        s.devtools.call("Input.dispatchKeyEvent", type="keyUp", key="0")
        s.wait_for(f"!/zoomed/.test(document.getElementById('runs-status').textContent)", "0 fits every run again")
        print(f"      {label!r}; fitted {fitted} ms, + gave {zoomed} ms", flush=True)
    s.check("every command's runs sit on one time axis (a panel, opened), zoomable by keyboard and wheel, each naming its cause", runs_on_one_axis)

    def running_against_timeout():
        with urllib.request.urlopen(s.base_url + "/api/surface", timeout=10) as response:
            timeout_ms = json.load(response)["commandTimeoutMs"]
        driver.lines(["set api.latencyMs 2500", "run products.refresh &"])
        command = f"document.querySelector({js(command_selector('products', 'refresh'))})"
        said = s.wait_for(f"{command}.querySelector('.elapsed')?.textContent.includes('timeout') && {command}.querySelector('.elapsed').textContent",
                          "the running command shows its time against the timeout")
        share = s.evaluate(f"{command}.querySelector('meter.timeout-gauge')?.value ?? -1")
        want = f"of {timeout_ms / 1000:.2f} s timeout"
        if want not in said or not 0 <= share < 1:
            raise TestFailure(f"the running command says {said!r} (want {want!r}), its gauge {share}")
        s.wait_for(f"{command}.dataset.executing === 'false' && !{command}.querySelector('meter')", "the gauge goes with the run", timeout=15)
        driver.line("set api.latencyMs 300")
        print(f"      {said!r}, gauge at {share:.2f}", flush=True)
    s.check("a running command shows how close it is to the daemon's command timeout", running_against_timeout)

    def long_run_does_not_flatten():
        # The refresh just ran 2.5 s; three of 300 ms follow. Drawn linearly they would be an
        # eighth of its height.
        driver.lines(["run products.refresh", "run products.refresh", "run products.refresh"])
        line = f"document.querySelector({js(command_selector('products', 'refresh'))} + ' svg.run-timeline')"
        s.wait_for(f"{line} && /heights on a log scale/.test({line}.getAttribute('aria-label'))", "the timeline says its scale")
        heights = s.wait_for(f"[...{line}.querySelectorAll('rect')].map(r => Number(r.getAttribute('height')))",
                             "the timeline's bars")
        tallest, last = max(heights), heights[-1]
        if last >= tallest or last < tallest * 0.4:
            raise TestFailure(f"a 300 ms bar is {last} px beside the 2.5 s run's {tallest} px: {heights}")
        print(f"      bars {heights}", flush=True)
    s.check("one long run does not flatten the others' bars (log scale)", long_run_does_not_flatten)
