#!/usr/bin/env python3
"""The history under its byte budget (issue 45, item 2), measured on a release binderyd:
12,000 books in the demo store, `books.search` alternating "Alpha" and "Beta" (6,000 rows
each, every result a 6,000-row list in the state) SEARCHES times. Prints, per run: the
daemon's resident memory after the searches, state.sqlite's size (with its -wal), the time a
restart takes to answer (SIGTERM, start, /healthz and the control socket both answering)
and its resident memory after, and what one open dashboard costs the daemon in CPU seconds a
minute: the page's opening reads (/, /api/history a page at a time back from the newest as
daemon-history.js reads it, the newest /api/events page) once, then for a minute each second
the change feed's read from the version on screen (api/changes?since=V, as feed.js after each
answer) — and, as a worst case, the whole opening every second for a minute.

  scripts/bench-history.py BINDERYD [--runs N] [--searches N]
"""
import argparse, json, os, socket, sqlite3, sys, time, urllib.error, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemon import Daemon  # noqa: E402

BOOKS_PER_WORD = 6_000
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def seed_books(store):
    """Adds 6,000 books titled "Alpha N" and 6,000 "Beta N" to the demo store (12,000 rows,
    besides its 34 fixtures, none of which matches either word)."""
    with sqlite3.connect(store, timeout=10) as db:
        first = db.execute("SELECT COALESCE(MAX(id), 0) FROM books").fetchone()[0] + 1
        rows = [(first + i, f"{word} {i}", f"Author {i % 97}", 1900 + i % 120)
                for i, word in enumerate(["Alpha"] * BOOKS_PER_WORD + ["Beta"] * BOOKS_PER_WORD)]
        db.executemany("INSERT INTO books (id, title, author, year) VALUES (?, ?, ?, ?)", rows)


class Control:
    """One control-socket connection: a request per line, a reply per line."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.connect(path)
        self.reader = self.socket.makefile("rb")

    def request(self, message):
        self.socket.sendall(json.dumps(message).encode() + b"\n")
        reply = json.loads(self.reader.readline())
        if not reply.get("ok", True) or "error" in reply:
            raise RuntimeError(f"{message} -> {reply}")
        return reply

    def close(self):
        self.reader.close()
        self.socket.close()


def get(daemon, path):
    request = urllib.request.Request(daemon.base_url + path, headers={"Accept-Encoding": "gzip"})
    with NO_PROXY.open(request, timeout=60) as response:
        return response.read(), response.headers.get("Content-Encoding") == "gzip"


def get_json(daemon, path):
    body, zipped = get(daemon, path)
    if zipped:
        import gzip
        body = gzip.decompress(body)
    return json.loads(body)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def disk_mb(state_dir):
    return sum(os.path.getsize(os.path.join(state_dir, name)) for name in os.listdir(state_dir)
               if name.startswith("state.sqlite")) / 1e6


def open_page(daemon):
    """What the dashboard reads as it opens: the page, the history back from the newest
    (daemon-history.js: pages until 1,000 versions or 8 pages), the newest events page.
    Returns the current version."""
    get(daemon, "/")
    to, versions, pages = None, 0, 0
    while pages < 8 and versions < 1000:
        query = f"limit={1000 - versions}" + ("" if to is None else f"&to={to}")
        page = get_json(daemon, f"/api/history?{query}")
        pages += 1
        versions += len(page["versions"])
        if "older" not in page or not page["versions"]:
            break
        to = page["older"]["to"]
    return get_json(daemon, "/api/events")["version"]


def dashboard_cpu(daemon, reopen, seconds=60):
    """The daemon's CPU seconds over `seconds` of one open dashboard (see the module's doc)."""
    version = open_page(daemon)
    before = cpu_seconds(daemon.pid)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        tick = time.monotonic()
        if reopen:
            version = open_page(daemon)
        else:
            try:
                version = get_json(daemon, f"/api/changes?since={version}")["version"]
            except urllib.error.HTTPError as answer:
                if answer.code != 304:  # 304: nothing changed since the version on screen
                    raise
        time.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))
    return cpu_seconds(daemon.pid) - before


def run(binary, searches):
    daemon = Daemon(binary, args=["--latency-ms", "0"], prefix="bindery-bench-history-")
    try:
        daemon.start()
        daemon.stop()
        seed_books(daemon.store)
        daemon.start()
        control = Control(daemon.socket)
        began = time.monotonic()
        for index in range(searches):
            word = "Alpha" if index % 2 == 0 else "Beta"
            control.request({"op": "set", "vm": "books", "name": "query", "value": word})
            reply = control.request({"op": "run", "vm": "books", "name": "search"})
            if index == 0:
                count = control.request({"op": "get", "vm": "books", "name": "count"})["value"]
                assert count == BOOKS_PER_WORD, f"{word} found {count} books, not {BOOKS_PER_WORD}"
        searching = time.monotonic() - began
        control.close()
        result = {"searches": searches, "search_s": searching, "rss_mb": resident_mb(daemon.pid),
                  "disk_mb": disk_mb(daemon.state_dir)}
        history = get_json(daemon, "/api/history?limit=1")
        result["kept"] = f"{history['oldest']}–{history['version']}"
        daemon.stop()
        began = time.monotonic()
        daemon.start()
        result["restart_s"] = time.monotonic() - began
        result["rss_after_restart_mb"] = resident_mb(daemon.pid)
        result["dashboard_cpu_s_per_min"] = dashboard_cpu(daemon, reopen=False)
        result["reopened_cpu_s_per_min"] = dashboard_cpu(daemon, reopen=True)
        result["rss_end_mb"] = resident_mb(daemon.pid)
        return result
    finally:
        daemon.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--searches", type=int, default=1500)
    options = parser.parse_args()
    for number in range(1, options.runs + 1):
        result = run(options.binary, options.searches)
        print(f"run {number}: {result['searches']} searches in {result['search_s']:.0f} s; "
              f"resident {result['rss_mb']:.0f} MB, state.sqlite {result['disk_mb']:.1f} MB, versions kept {result['kept']}; "
              f"restart {result['restart_s']:.2f} s, then resident {result['rss_after_restart_mb']:.0f} MB; "
              f"one dashboard following {result['dashboard_cpu_s_per_min']:.2f} CPU-s/min, "
              f"reopened every second {result['reopened_cpu_s_per_min']:.2f} CPU-s/min; resident at the end {result['rss_end_mb']:.0f} MB",
              flush=True)


if __name__ == "__main__":
    main()
