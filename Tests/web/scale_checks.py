"""A long products list in the page: shown a page at a time, a toggle patching one row only,
and (--measure-toggle) the main-thread time one toggle costs the page."""

import os
import statistics
import sys
import time

from devtools import TestFailure
from dashboard_checks import js

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from demo_store import add_products  # noqa: E402

PRODUCTS = '[data-vm="products"] [data-output="products"]'
COUNT = f"Number(document.querySelector('{PRODUCTS}')?.dataset.count)"


def long_list_checks(session, driver, store, rows):
    """A list of `rows` products: the page shows one page of it, and toggling one row patches
    that row alone (the other rows and the table stay the same elements)."""
    s = session
    d = driver.line

    def grow():
        if s.evaluate(f"{COUNT} >= {rows}"):
            return  # listed by an earlier run against the same daemon
        add_products(store, rows)
        d("set api.latencyMs 0")
        d("set api.failureRate 0")
        d("run products.refresh")
        s.wait_for(f"{COUNT} === 15", "products refreshed")
        # loadMore appends a page of 15; the REPL runs one line after another in one session.
        driver.lines(["run products.loadMore"] * ((rows + 14) // 15 - 1))
        s.wait_for(f"{COUNT} >= {rows}", f"{rows} products listed", timeout=90)
        shown = s.evaluate(f"document.querySelectorAll('{PRODUCTS} tbody tr').length")
        if not 0 < shown <= 100:
            raise TestFailure(f"{shown} rows are in the page for a list of {rows}: long lists must be paged")
    s.check(f"a {rows}-row list is shown a page at a time", grow)

    def toggle_patches_one_row():
        s.evaluate(f"""(() => {{
            const body = document.querySelector('{PRODUCTS} tbody');
            window.__list = {{ table: body.closest('table'), rows: [...body.children], added: 0, removed: 0 }};
            window.__observer = new MutationObserver((records) => {{ for (const r of records) {{
              window.__list.added += [...r.addedNodes].filter(n => n.nodeName === 'TR').length;
              window.__list.removed += [...r.removedNodes].filter(n => n.nodeName === 'TR').length; }} }});
            window.__observer.observe(body, {{ childList: true }});
            return true; }})()""")
        selected = s.evaluate(f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"3\"]').classList.contains('selected')")
        d("run products.toggle 3")
        s.wait_for(f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"3\"]').classList.contains('selected') === {js(not selected)}",
                   "row 3 shows its new selection")
        time.sleep(0.3)
        result = s.evaluate(f"""(() => {{
            const body = document.querySelector('{PRODUCTS} tbody'); const now = [...body.children];
            const same = window.__list.rows.filter((row, i) => i !== 3 && now[i] === row).length;
            return {{ sameTable: body.closest('table') === window.__list.table, same, total: now.length,
                     added: window.__list.added, removed: window.__list.removed }}; }})()""")
        s.evaluate("window.__observer.disconnect(), true")
        print(f"      toggling one row of {rows}: {result}", flush=True)
        if not result["sameTable"] or result["same"] != result["total"] - 1 or result["added"] != 1 or result["removed"] != 1:
            raise TestFailure(f"toggling row 3 rewrote more than that row: {result}")
    s.check(f"toggling one row of {rows} patches that row only", toggle_patches_one_row)


def main_thread_ms(session):
    metrics = {m["name"]: m["value"] for m in session.devtools.call("Performance.getMetrics")["metrics"]}
    return metrics.get("TaskDuration", 0) * 1000, metrics.get("ScriptDuration", 0) * 1000


def measure_toggles(session, driver, count, window=2.5):
    """The main-thread time (Chromium's TaskDuration: script, style, layout, paint) of `count`
    toggles of a row on the page, each over `window` seconds (the row's flash included), less
    the same window measured idle right before it (the page's own animations, the poll
    waiting). The test does not touch the page during a window: the toggle is sent by
    binderyctl, and whether it arrived is read after the window."""
    s = session
    s.devtools.call("Performance.enable", timeDomain="threadTicks")
    s.evaluate("window.__long = []; new PerformanceObserver((list) => {"
               " for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })"
               ".observe({ type: 'longtask' }); true")
    # A first toggle, not measured: the page's first patch of the list warms its code paths,
    # and the list growth's last flashes fade meanwhile.
    driver.line("run products.toggle 3")
    time.sleep(window + 1)
    costs, scripts, idles = [], [], []
    for attempt in range(count):
        row = 4 + attempt % 90
        selected = s.evaluate(f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"{row}\"]').classList.contains('selected')")
        time.sleep(0.5)
        idle_before = main_thread_ms(s)
        time.sleep(window)
        idle_after = main_thread_ms(s)
        driver.line(f"run products.toggle {row}")
        time.sleep(window)
        toggled = main_thread_ms(s)
        now = s.evaluate(f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"{row}\"]').classList.contains('selected')")
        if now == selected:
            raise TestFailure(f"row {row} did not change within {window} s of its toggle")
        idle = idle_after[0] - idle_before[0]
        busy = toggled[0] - idle_after[0]
        costs.append(busy - idle)
        scripts.append((toggled[1] - idle_after[1]) - (idle_after[1] - idle_before[1]))
        idles.append(idle)
        print(f"      toggle of row {row}: {busy:.1f} ms main thread over {window} s, idle {idle:.1f} ms"
              f" → {busy - idle:.1f} ms (script {scripts[-1]:.1f} ms)", flush=True)
    long_tasks = s.evaluate("window.__long")
    print(f"toggle main-thread ms: {min(costs):.1f}–{max(costs):.1f} (median {statistics.median(costs):.1f}, "
          f"script {min(scripts):.1f}–{max(scripts):.1f}, idle window {min(idles):.1f}–{max(idles):.1f}, "
          f"{count} toggles; tasks over 50 ms: {long_tasks or 'none'})", flush=True)
    return costs
