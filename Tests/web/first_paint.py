#!/usr/bin/env python3
"""The dashboard's first paint, in headless Chromium against a fresh binderyd with ROWS listed
products: navigation → every card and the products list painted, for the page as served (the
state inline) beside the same page with its inline block removed as it is parsed (the page
then waits for /api/surface, the change feed's reset and /api/events, as before it carried the
state). Then the one-shot reads a crawler or a bug report makes: `chromium --dump-dom` shows
values, and `--virtual-time-budget=10000 --dump-dom` returns (it used to wait on long-polls).

  python3 Tests/web/first_paint.py [--rows 15 3000] [--runs 5] [--binderyd B --binderyctl C]

Prints each measurement and a closing line per row count; exits 1 if a check fails."""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

from devtools import DevTools, TestFailure, headless_chromium

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from daemon import Daemon  # noqa: E402
from demo_store import add_products  # noqa: E402
PRODUCTS = '[data-vm="products"] [data-output="products"]'

# Runs before any page script: records when every card and the products list are in the DOM,
# after the frame that paints them. `strip` removes the inline state as the parser adds it.
OBSERVER = """(() => {
  const strip = %s;
  const ready = () => document.querySelectorAll('[data-vm]').length >= 7
    && document.querySelector('[data-vm="api"] .value') && document.querySelector('%s tbody tr');
  new MutationObserver((records, observer) => {
    if (strip) { const block = document.getElementById('bindery-initial'); if (block) block.remove(); }
    if (window.__painted === undefined && ready()) {
      window.__painted = null;
      requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }, 0));
      if (!strip) observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})()"""


def start_daemon(binderyd, binderyctl, rows):
    """A fresh binderyd (scripts/daemon.py) listing `rows` products."""
    daemon = Daemon(binderyd, prefix="bindery-first-paint-")
    try:
        list_products(daemon.start(), binderyctl, rows)
    except BaseException:
        daemon.close()
        raise
    return daemon


def list_products(daemon, binderyctl, rows):
    """Grows the model store's products to `rows` and lists them all (refresh, then loadMore)."""
    sock, store = daemon.socket, daemon.store
    add_products(store, rows)
    lines = ["set api.latencyMs 0", "set api.failureRate 0", "run products.refresh"]
    lines += ["run products.loadMore"] * ((rows + 14) // 15 - 1)
    subprocess.run([binderyctl, "--socket", sock], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)


def measure(devtools, url, strip):
    script = devtools.call("Page.addScriptToEvaluateOnNewDocument", source=OBSERVER % ("true" if strip else "false", PRODUCTS))
    devtools.call("Page.navigate", url=url + "/")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        painted = devtools.evaluate("window.__painted")
        if isinstance(painted, (int, float)):
            devtools.call("Page.removeScriptToEvaluateOnNewDocument", identifier=script["identifier"])
            devtools.call("Page.navigate", url="about:blank")
            return painted
        time.sleep(0.02)
    raise TestFailure(f"{url}: the state was not painted within 60 s (strip={strip})")


def one_shot_reads(chromium, url):
    """The state in a one-shot --dump-dom, and a --virtual-time-budget read that returns."""
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"]
    dom = subprocess.run(common + [url + "/"], capture_output=True, text=True, timeout=60).stdout
    if 'data-kind="number"' not in dom or 'data-vm="products"' not in dom:
        raise TestFailure("chromium --dump-dom shows no values")
    started = time.monotonic()
    try:
        dom = subprocess.run(common + ["--virtual-time-budget=10000", url + "/"], capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        raise TestFailure("chromium --virtual-time-budget=10000 --dump-dom did not return within 60 s")
    if 'data-connection="live"' not in dom:
        raise TestFailure("after a 10 s virtual-time budget the page is not live")
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, nargs="+", default=[15, 3000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binderyd", default=os.path.join(ROOT, ".build/debug/binderyd"))
    parser.add_argument("--binderyctl", default=os.path.join(ROOT, ".build/debug/binderyctl"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    failed = False
    for rows in args.rows:
        daemon = start_daemon(args.binderyd, args.binderyctl, rows)
        url = daemon.base_url
        try:
            with headless_chromium(args.chromium, os.path.join(daemon.dir, "profile")) as (_, ws_url, _):
                devtools = DevTools(ws_url)
                for domain in ("Page", "Runtime"):
                    devtools.call(f"{domain}.enable")
                results = {"inline": [], "feed": []}
                for _ in range(args.runs):  # alternated, so load drifts hit both alike
                    results["inline"].append(measure(devtools, url, strip=False))
                    results["feed"].append(measure(devtools, url, strip=True))
                for name, values in results.items():
                    print(f"{rows:>5} rows  {name:<6} navigation → state painted: median {statistics.median(values):.0f} ms, "
                          f"range {min(values):.0f}–{max(values):.0f} ms over {len(values)} runs", flush=True)
                seconds = one_shot_reads(args.chromium, url)
                print(f"ok    {rows} rows: --dump-dom shows the values; --virtual-time-budget=10000 returned in {seconds:.1f} s", flush=True)
        except TestFailure as failure:
            print(f"FAIL  {rows} rows: {failure}", flush=True)
            failed = True
        finally:
            daemon.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
