"""How the page looks: a 360 px screen, keyboard access, no console problem, and the two
screenshots of the documentation."""

import base64
import os
import time

from devtools import TestFailure
from dashboard_checks import command_selector, js
from event_checks import set_control


def layout_checks(session, driver=None):
    s = session

    def narrow():
        if driver is not None:
            # Lists with long texts (tweets, books) and a colour column (products) in the page:
            # their rows must fit too (a restart before this check empties the lists).
            driver.lines(["set api.latencyMs 0", "set api.failureRate 0", "set tweets.username ada", "run tweets.getTweets",
                          "set books.query design", "run books.search", "run products.refresh"])
            s.wait_for("['tweets', 'books', 'products'].every(vm => document.querySelector(`[data-vm=\"${vm}\"] table.list tbody tr`))",
                       "the tweets, books and products lists are tables with rows")
        s.devtools.call("Emulation.setDeviceMetricsOverride", width=360, height=800, deviceScaleFactor=1, mobile=True)
        # The widths below are read once the page lays out at 360 px (reading them forces
        # that layout), not after a fixed pause.
        s.wait_for("window.innerWidth === 360", "the 360 px viewport applies")
        widths = s.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        # A list's rows are grids of their own: where their columns' least widths do not fit,
        # the table must widen with them (its box scrolls sideways), not let them spill out.
        spilling = s.evaluate("""[...document.querySelectorAll('table.list tr')]
            .filter(tr => tr.scrollWidth > tr.clientWidth + 1 || tr.clientWidth > tr.closest('table').clientWidth + 1)
            .map(tr => `${tr.closest('[data-vm]')?.dataset.vm}: ${tr.scrollWidth} px in ${tr.clientWidth}`).slice(0, 3)""")
        s.devtools.call("Emulation.clearDeviceMetricsOverride")
        if widths[0] > widths[1]:
            raise TestFailure(f"page is {widths[0]} px wide in a {widths[1]} px viewport")
        if spilling:
            raise TestFailure(f"list rows spill out of their table at 360 px: {spilling}")
    s.check("the page and its lists fit a 360 px wide screen (a wide list scrolls in its box)", narrow)

    def graphs_readable():
        # Each graph's 12 px text as drawn: a graph wider than its card scrolls sideways in its
        # box rather than shrinking its text (the tweets graph's was 5 px at both widths).
        smallest = {}
        for width in (1400, 400):
            s.devtools.call("Emulation.setDeviceMetricsOverride", width=width, height=1000, deviceScaleFactor=1, mobile=width < 600)
            s.wait_for(f"window.innerWidth === {width}", f"the {width} px viewport applies")
            sizes = s.evaluate("""[...document.querySelectorAll('svg.graph')].map(g => [g.closest('[data-vm]').dataset.vm,
                12 * g.getBoundingClientRect().width / g.viewBox.baseVal.width])""")
            smallest[width] = min(sizes, key=lambda pair: pair[1]) if sizes else None
        s.devtools.call("Emulation.clearDeviceMetricsOverride")
        small = {width: pair for width, pair in smallest.items() if pair is None or pair[1] < 9.9}
        if small:
            raise TestFailure(f"graph text below 10 px: {small}")
        print(f"      smallest graph text: {', '.join(f'{pair[1]:.1f} px ({pair[0]}) at {width} px' for width, pair in smallest.items())}",
              flush=True)
    s.check("graph text stays readable (10 px or more) at 1400 and 400 px; wide graphs scroll", graphs_readable)

    def keyboard():
        focusable = s.evaluate(
            "[...document.querySelectorAll('.table-scroll, .graph-scroll, .events-scroll, summary')]"
            ".every(el => el.tabIndex >= 0)")
        labelled = s.evaluate(
            "[...document.querySelectorAll('[role=region]')].every(el => el.getAttribute('aria-label'))")
        controls = s.evaluate(
            "[...document.querySelectorAll('input, select, button')].every(el => el.labels?.length || el.getAttribute('aria-label') || el.textContent.trim())")
        if not focusable or not labelled or not controls:
            raise TestFailure(f"scroll regions focusable {focusable}, labelled {labelled}; controls named {controls}")
    s.check("scrolling regions and controls are keyboard focusable and named", keyboard)

    def no_console_problems():
        if s.devtools.console_problems:
            raise TestFailure("; ".join(s.devtools.console_problems[:5]))
    s.check("no CSP violation, module error, uncaught exception or console error", no_console_problems)


def save(session, path, clip=None):
    params = {"format": "png"}
    if clip:
        params["clip"] = {**clip, "scale": 1}
    shot = session.devtools.call("Page.captureScreenshot", **params)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(base64.b64decode(shot["data"]))
    print(f"saved screenshot {path}", flush=True)


def take_screenshots(session, driver, page_path, events_path):
    s = session
    if driver is not None:
        # A representative moment: lists filled, a failure on screen, an earlier failure under a
        # success, and a slow command still running. Runs that fail or take long are started
        # with `&` so the REPL returns.
        for line in ("set api.failureRate 0", "set api.latencyMs 300", "set books.query design",
                     "run books.search", "set tweets.username ada", "run tweets.getTweets",
                     "run products.refresh", "run products.toggle 1",
                     "set login.mobilePhone 13800138000", "set login.verifyCode 1234",
                     "set api.failureRate 1", "run login.login &", "run tweets.getTweets &"):
            driver.line(line)
            # Pacing for the picture only (no check reads it): one version per poll, so each
            # event's changes are their own in the log shown.
            time.sleep(0.3)
        s.wait_for(f"document.querySelector({js(command_selector('login', 'login'))}).dataset.runState === 'failed-now'",
                   "login failed now")
        driver.line("set api.failureRate 0")
        driver.line("run tweets.getTweets")
        driver.line("set compass.valueA 西")
        before = s.version()
        driver.line("set api.latencyMs 30000")
        s.wait_for(f"+(document.body.dataset.version || 0) > {before}", "the page shows the version setting api.latencyMs")
        driver.line("run products.loadMore &")
        s.wait_for(f"document.querySelector({js(command_selector('products', 'loadMore'))}).dataset.executing === 'true'",
                   "products.loadMore running")
        # The picture shows the resting state: every change flash has faded.
        s.wait_for("!document.querySelector('.flash, .lit')", "the change flashes faded")
    s.devtools.call("Emulation.setDeviceMetricsOverride", width=1280, height=1600, deviceScaleFactor=1, mobile=False)
    s.evaluate("window.scrollTo(0, 0)")
    s.wait_for("window.innerWidth === 1280 && window.scrollY === 0", "the 1280 px viewport applies, scrolled to the top")
    if page_path:
        save(s, page_path)
    if events_path:
        # The log filtered to one view model, each entry with what it changed (opened).
        set_control(s, "event-vm", "products")
        s.wait_for("(() => { const shown = [...document.querySelectorAll('#events [data-vm]')];"
                   " return shown.length > 0 && shown.every(e => e.dataset.vm === 'products'); })()",
                   "the event log shows products only")
        # Each entry is one line with what it changed folded under it: the picture opens them.
        s.evaluate("document.querySelectorAll('#event-list details.event-changes').forEach(d => { d.open = true; }), true")
        rect = s.evaluate("(() => { const r = document.getElementById('events').getBoundingClientRect();"
                          " return { x: r.x, y: r.y, width: r.width, height: Math.min(r.height, 900) }; })()")
        save(s, events_path, rect)
        set_control(s, "event-vm", "")
    s.devtools.call("Emulation.clearDeviceMetricsOverride")
    if driver is not None:
        driver.line("set api.latencyMs 300")
