#!/usr/bin/env python3
"""End-to-end test of the dashboard (web/) in headless Chromium.

Loads the page in Debian's `chromium`, drives the view models and asserts from the live DOM
(read over the DevTools protocol, spoken through a minimal stdlib WebSocket client) that
values appear, that a slow command shows as executing while it runs, that a provoked failure
shows its error, that lists grow, that the page reconnects after an outage, that nothing
violates the CSP and that the page fits 360 px.

  python3 Tests/web/dashboard_test.py                   # starts Tests/web/fake_binderyd.py
  python3 Tests/web/dashboard_test.py --base-url http://127.0.0.1:8080 \\
          --control 'binderyctl --socket /run/bindery/control.sock'
      # a running binderyd; each driving line ("set vm.input value", "run vm.command [arg]")
      # is written to the standard input of one run of the --control shell command.
      # Without --control only the checks that need no driving run.
  --screenshot docs/dashboard.png                       # also saves a 1280x1600 screenshot

Prints one line per check and a final "dashboard test: PASS" or "dashboard test: FAIL ...";
exits 0 only when every check passed.
"""

import argparse
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
VIEW_MODELS = {  # SPEC.md §2 "Surface names"
    "login": (["mobilePhone", "verifyCode"], ["avatarURL", "isLoginValid"], ["login", "fillUp"]),
    "signin": (["username", "password"], ["isValid", "usernameColor"], ["login"]),
    "books": (["query"], ["books", "count"], ["search"]),
    "products": ([], ["products", "pageIndex", "lastError"], ["refresh", "loadMore", "cancel", "toggle"]),
    "tweets": (["username"], ["isUsernameValid", "goAlpha", "userFullName", "userAvatarURL", "tweets",
                              "allTweetsLoaded"], ["getTweets", "loadMore"]),
    "compass": (["valueA", "valueB"], [], []),
    "api": (["latencyMs", "failureRate"], ["requests", "failures"], []),
}


class TestFailure(Exception):
    """A check did not hold; the message says what was expected and what was seen."""


# ---- a minimal DevTools-protocol client -----------------------------------------------------

class WebSocket:
    """Just enough RFC 6455 for the DevTools protocol: text frames, masking, ping, close."""

    def __init__(self, url, timeout):
        parts = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the WebSocket handshake")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"DevTools refused the WebSocket: {head.decode(errors='replace')}")

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise ConnectionError("DevTools closed the WebSocket")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, text):
        self._send_frame(0x1, text.encode())

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(length)
            if mask:
                payload = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
            if opcode == 0x8:
                raise ConnectionError("DevTools closed the WebSocket")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode in (0x1, 0x2, 0x0):
                message += payload
                if first & 0x80:
                    return message.decode()


class DevTools:
    """Commands and events of one page target."""

    def __init__(self, ws_url, timeout=60):
        self.ws = WebSocket(ws_url, timeout)
        self.next_id = 0
        self.console_problems = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise TestFailure(f"DevTools {method} failed: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _event(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text")
            self.console_problems.append(f"uncaught exception: {text}")
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            text = entry.get("text", "")
            if "Content Security Policy" in text or "Refused to" in text:
                self.console_problems.append(f"CSP violation: {text}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            args = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            self.console_problems.append(f"console.error: {args}")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise TestFailure(f"evaluating {expression!r} threw {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")


def launch_chromium(binary, profile):
    """Starts headless Chromium with a DevTools port; returns (process, page WebSocket URL)."""
    process = subprocess.Popen(
        [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=1280,1600",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise TestFailure(f"{binary} exited with status {process.returncode} before opening DevTools")
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if lines:
                port = int(lines[0])
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
                pages = [t for t in targets if t.get("type") == "page"]
                if pages:
                    return process, pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.1)
    process.kill()
    raise TestFailure(f"{binary} opened no DevTools port within 60 s")


# ---- driving the view models -----------------------------------------------------------------

class FakeDriver:
    """Drives fake_binderyd through its /__fake/ endpoints."""

    can_cause_outage = True

    def __init__(self, base_url):
        self.base_url = base_url

    def _post(self, path, body=b""):
        request = urllib.request.Request(self.base_url + path, data=body, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            raise TestFailure(f"fake refused {body.decode()!r}: {error.read().decode().strip()}") from None

    def line(self, text):
        self._post("/__fake/command", text.encode())

    def outage(self, seconds):
        self._post(f"/__fake/outage?seconds={seconds}")


class CommandDriver:
    """Drives a real binderyd by writing each line to the standard input of a shell command."""

    can_cause_outage = False

    def __init__(self, command):
        self.command = command

    def line(self, text):
        done = subprocess.run(self.command, shell=True, input=text + "\n", text=True,
                              capture_output=True, timeout=30)
        if done.returncode != 0:
            raise TestFailure(f"{self.command!r} failed on {text!r}: {done.stderr.strip() or done.stdout.strip()}")

    def lines(self, texts):
        """Applies several lines in one session of the command."""
        done = subprocess.run(self.command, shell=True, input="".join(t + "\n" for t in texts), text=True,
                              capture_output=True, timeout=120)
        if done.returncode != 0:
            raise TestFailure(f"{self.command!r} failed on {len(texts)} lines: {done.stderr.strip()[-300:] or done.stdout.strip()[-300:]}")


# ---- the checks ------------------------------------------------------------------------------

def js(value):
    return json.dumps(value)


def text_of(selector):
    return f"(document.querySelector({js(selector)})?.textContent ?? null)"


class Session:
    def __init__(self, devtools, timeout):
        self.devtools = devtools
        self.timeout = timeout
        self.passed = 0
        self.failed = []

    def wait_for(self, expression, description, timeout=None):
        """Polls `expression` in the page until it is truthy; raises TestFailure on timeout."""
        deadline = time.monotonic() + (timeout or self.timeout)
        value = None
        while time.monotonic() < deadline:
            value = self.devtools.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        raise TestFailure(f"{description}: still false after {timeout or self.timeout} s (last value {value!r})")

    def check(self, description, action):
        try:
            action()
        except TestFailure as failure:
            self.failed.append(description)
            print(f"FAIL  {description}\n      {failure}", flush=True)
            return False
        self.passed += 1
        print(f"ok    {description}", flush=True)
        return True


def value_selector(vm, kind, name):
    return f'[data-vm="{vm}"] [data-{kind}="{name}"] .value'


def command_selector(vm, name):
    return f'[data-vm="{vm}"] [data-command="{name}"]'


def passive_checks(session):
    s = session
    s.check("the header says live", lambda: s.wait_for(
        "document.getElementById('status')?.dataset.state === 'live' && "
        "document.getElementById('status').textContent === 'live'", "status is live"))

    def every_surface_name():
        missing = s.devtools.evaluate(f"""(() => {{
            const want = {js(VIEW_MODELS)}; const missing = [];
            for (const [vm, [inputs, outputs, commands]] of Object.entries(want)) {{
              const card = document.querySelector(`[data-vm="${{vm}}"]`);
              if (!card) {{ missing.push(vm); continue; }}
              for (const n of inputs) if (!card.querySelector(`[data-input="${{n}}"]`)) missing.push(`${{vm}} input ${{n}}`);
              for (const n of outputs) if (!card.querySelector(`[data-output="${{n}}"]`)) missing.push(`${{vm}} output ${{n}}`);
              for (const n of commands) if (!card.querySelector(`[data-command="${{n}}"]`)) missing.push(`${{vm}} command ${{n}}`);
            }}
            return missing; }})()""")
        if missing:
            raise TestFailure(f"missing from the page: {', '.join(missing)}")
    s.check("one card per view model with every surface name of SPEC.md", every_surface_name)

    s.check("live values appear (api.latencyMs is a number)", lambda: s.wait_for(
        f"/^\\d+$/.test({text_of(value_selector('api', 'input', 'latencyMs'))} ?? '')", "api.latencyMs shows a number"))

    def graphs():
        count = s.devtools.evaluate("document.querySelectorAll('[data-vm] svg.graph [data-node]').length")
        edges = s.devtools.evaluate("document.querySelectorAll('[data-vm=\"login\"] svg.graph path.edge').length")
        if not count or not edges:
            raise TestFailure(f"graph nodes {count}, login edges {edges}")
    s.check("every card has a binding graph; login's has edges", graphs)

    s.check("the last-update time is shown", lambda: s.wait_for(
        "/^\\d\\d:\\d\\d:\\d\\d$/.test(document.getElementById('updated').textContent)", "last update is a clock time"))


def driven_checks(session, driver):
    s = session
    d = driver.line

    def live_value():
        d("set api.failureRate 0")
        d("set api.latencyMs 400")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '400'", "api.latencyMs shows 400")
        d("set login.mobilePhone 13800138000")
        s.wait_for(f"{text_of(value_selector('login', 'input', 'mobilePhone'))} === '\"13800138000\"'",
                   "login.mobilePhone shows the new number")
        d("set login.verifyCode 1234")
        s.wait_for(f"{text_of(value_selector('login', 'output', 'isLoginValid'))} === 'true'",
                   "login.isLoginValid turns true")
        s.wait_for(f"document.querySelector({js(command_selector('login', 'login'))}).dataset.enabled === 'true'",
                   "login.login turns enabled")
    s.check("a set input and its derived outputs appear live", live_value)

    def flash_and_light():
        d("set tweets.username nobody")  # so the next set is a change even on a daemon that saw "ada"
        s.wait_for(f"{text_of(value_selector('tweets', 'input', 'username'))} === '\"nobody\"'", "tweets.username shows nobody")
        d("set tweets.username ada")
        s.wait_for(f"document.querySelector({js(value_selector('tweets', 'input', 'username'))})?.classList.contains('flash')",
                   "tweets.username flashes", timeout=10)
        s.wait_for("document.querySelector('[data-vm=\"tweets\"] [data-node=\"in:username\"]')?.classList.contains('lit')",
                   "the graph node of tweets.username lights up", timeout=10)
    s.check("a changed value flashes and its graph node lights up", flash_and_light)

    def slow_command():
        selector = command_selector("login", "login")
        runs_before = int(s.devtools.evaluate(text_of(selector + " .runs")) or 0)
        d("set api.latencyMs 3000")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '3000'", "latency set")
        d("run login.login &")  # the REPL returns at once; the page must show the run live
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(selector)});
            return c.dataset.executing === 'true' && c.getAttribute('aria-busy') === 'true'
              && /executing/.test(c.innerText) && !!c.querySelector('.spinner')
              && c.dataset.enabled === 'false'; }})()""", "login.login shows executing with aria-busy")
        s.wait_for("document.querySelector('[data-vm=\"login\"] [data-node=\"cmd:login\"]')?.classList.contains('executing')",
                   "login's graph shows the command executing")
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(selector)});
            return c.dataset.executing === 'false' && c.getAttribute('aria-busy') === 'false'
              && !/executing/.test(c.innerText)
              && Number(c.querySelector('.runs').textContent) > {runs_before}; }})()""",
                   "login.login finishes and its run count grows")
        s.wait_for("[...document.querySelectorAll('#event-list .event.kind-finish, #event-list .event.kind-fail')].some(e => "
                   "e.querySelector('.target').textContent === 'login.login' && /\\d (ms|s)$/.test(e.querySelector('.duration')?.textContent ?? ''))",
                   "the event log shows login.login completing with its duration")
    s.check("a slow command shows executing while it runs", slow_command)

    def failure():
        d("set api.latencyMs 300")
        d("set api.failureRate 1")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'failureRate'))} === '1'", "failure rate set")
        d("run products.refresh &")  # it fails on purpose; the REPL would exit 1 if it waited
        selector = command_selector("products", "refresh")
        s.wait_for(f"""(() => {{ const e = document.querySelector({js(selector + ' .error')});
            return e && !e.hidden && /Server unavailable, please retry/.test(e.textContent)
              && !!e.querySelector('time') && getComputedStyle(e).color !== getComputedStyle(document.body).color; }})()""",
                   "products.refresh shows its error, in red, with its time")
        s.wait_for(f"/Server unavailable/.test({text_of(value_selector('products', 'output', 'lastError'))} ?? '')",
                   "products.lastError shows the error")
        s.wait_for("(() => { const f = document.querySelector('#event-list .event.kind-fail');"
                   " return f && f.querySelector('.target').textContent === 'products.refresh'"
                   " && /Server unavailable/.test(f.textContent); })()",
                   "the newest failure in the event log is products.refresh, highlighted")
        order = s.devtools.evaluate("[...document.querySelectorAll('#event-list .event')].map(e => Number(e.dataset.version))")
        if order != sorted(order, reverse=True):
            raise TestFailure(f"event log is not newest first: {order[:10]}")
    s.check("a provoked failure shows its error", failure)

    def list_grows():
        d("set api.failureRate 0")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'failureRate'))} === '0'", "failure rate reset")
        d("run products.refresh")
        rows = 'document.querySelectorAll(\'[data-vm="products"] [data-output="products"] tbody tr\').length'
        # refresh replaces the list with page 0 (15 products), whatever was listed before
        first = s.wait_for(f"{rows} === 15 && {rows}", "products are listed after refresh")
        s.wait_for(f"document.querySelector({js(command_selector('products', 'refresh'))}).dataset.executing === 'false'",
                   "refresh is done")
        d("run products.loadMore")
        s.wait_for(f"{rows} > {first}", "loadMore appends products")
        d("run products.toggle 0")
        s.wait_for("""(() => { const row = document.querySelector('[data-vm="products"] tbody tr[data-row="0"]');
            const chip = row && row.querySelector('[data-field="color"] .swatch');
            return chip && getComputedStyle(chip).backgroundColor === 'rgb(255, 0, 0)'
              && /selected/.test(row.querySelector('[data-field="isSelected"]').textContent); })()""",
                   "the toggled product shows selected with a red swatch")
        d("run tweets.getTweets")
        s.wait_for("""(() => { const t = document.querySelector('[data-vm="tweets"] [data-output="tweets"] table');
            if (!t) return false; const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent);
            return ['Author', 'Avatar URL', 'Content'].every(h => heads.includes(h)) && t.querySelectorAll('tbody tr').length > 0; })()""",
                   "tweets are a table with author, avatar URL and content")
        d("set books.query design")
        d("run books.search")
        s.wait_for("""(() => { const t = document.querySelector('[data-vm="books"] [data-output="books"] table');
            if (!t) return false; const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent);
            return ['Title', 'Author', 'Year'].every(h => heads.includes(h)) && t.querySelectorAll('tbody tr').length > 0; })()""",
                   "books are a table with title, author and year")
    s.check("lists render as tables and grow live", list_grows)

    def two_way():
        d("set compass.valueA 西")
        s.wait_for(f"{text_of(value_selector('compass', 'input', 'valueB'))} === '\"東\"'", "compass.valueB shows 東")
    s.check("the compass two-way binding shows both sides", two_way)

    if driver.can_cause_outage:
        def outage():
            driver.outage(4)
            s.wait_for("document.getElementById('status').textContent === 'reconnecting…'", "header says reconnecting…")
            s.wait_for("document.getElementById('status').textContent === 'live'", "header says live again", timeout=40)
            d("set compass.valueB 左")
            s.wait_for(f"{text_of(value_selector('compass', 'input', 'valueA'))} === '\"右\"'",
                       "a change after the outage appears")
        s.check("the page shows reconnecting… during an outage and recovers by itself", outage)


def long_list_checks(session, driver, store, rows):
    """A list of `rows` products: the page shows one page of it, and toggling one row patches
    that row alone (the other rows and the table stay the same elements)."""
    s = session
    d = driver.line

    def grow():
        import sqlite3
        with sqlite3.connect(store, timeout=10) as db:
            have = db.execute("SELECT COUNT(*) FROM products").fetchone()[0]
            first = db.execute("SELECT COALESCE(MAX(id), 0) FROM products").fetchone()[0] + 1
            db.executemany("INSERT INTO products (id, title) VALUES (?, ?)",
                           [(first + i, f"Bulk {first + i}") for i in range(max(0, rows - have))])
        d("set api.latencyMs 0")
        d("set api.failureRate 0")
        d("run products.refresh")
        count = 'Number(document.querySelector(\'[data-vm="products"] [data-output="products"]\')?.dataset.count)'
        s.wait_for(f"{count} === 15", "products refreshed")
        # loadMore appends a page of 15; the REPL runs one line after another in one session.
        driver.lines(["run products.loadMore"] * ((rows + 14) // 15 - 1))
        s.wait_for(f"{count} >= {rows}", f"{rows} products listed", timeout=60)
        shown = s.devtools.evaluate('document.querySelectorAll(\'[data-vm="products"] [data-output="products"] tbody tr\').length')
        if not 0 < shown <= 100:
            raise TestFailure(f"{shown} rows are in the page for a list of {rows}: long lists must be paged")
    s.check(f"a {rows}-row list is shown a page at a time", grow)

    def toggle_patches_one_row():
        s.devtools.evaluate("""(() => {
            const body = document.querySelector('[data-vm="products"] [data-output="products"] tbody');
            window.__list = { table: body.closest('table'), rows: [...body.children], added: 0, removed: 0 };
            window.__observer = new MutationObserver((records) => { for (const r of records) {
              window.__list.added += [...r.addedNodes].filter(n => n.nodeName === 'TR').length;
              window.__list.removed += [...r.removedNodes].filter(n => n.nodeName === 'TR').length; } });
            window.__observer.observe(body, { childList: true });
            return true; })()""")
        selected = s.devtools.evaluate("""document.querySelector('[data-vm="products"] tbody tr[data-row="3"]')
            .classList.contains('selected')""")
        s.devtools.call("Performance.enable")
        s.devtools.evaluate("""window.__long = []; new PerformanceObserver((list) => {
            for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })
            .observe({ type: 'longtask' }); true""")
        metrics = lambda: {m["name"]: m["value"] for m in s.devtools.call("Performance.getMetrics")["metrics"]}
        before, started = metrics(), time.monotonic()
        d("run products.toggle 3")
        s.wait_for(f"""document.querySelector('[data-vm="products"] tbody tr[data-row="3"]')
            .classList.contains('selected') === {js(not selected)}""", "row 3 shows its new selection")
        time.sleep(0.3)
        after, elapsed = metrics(), time.monotonic() - started
        # The same time with nothing happening (the test's own polling of the page included).
        time.sleep(elapsed)
        idle = metrics()
        long_tasks = s.devtools.evaluate("window.__long")
        result = s.devtools.evaluate("""(() => {
            const body = document.querySelector('[data-vm="products"] [data-output="products"] tbody');
            const now = [...body.children];
            const same = window.__list.rows.filter((row, i) => i !== 3 && now[i] === row).length;
            return { sameTable: body.closest('table') === window.__list.table, same, total: now.length,
                     added: window.__list.added, removed: window.__list.removed }; })()""")
        s.devtools.evaluate("window.__observer.disconnect(), true")
        busy = (after.get("TaskDuration", 0) - before.get("TaskDuration", 0)) * 1000
        quiet = (idle.get("TaskDuration", 0) - after.get("TaskDuration", 0)) * 1000
        print(f"      toggling one row of {rows}: {result}; main-thread task time {busy:.1f} ms "
              f"(the same {elapsed:.2f} s idle: {quiet:.1f} ms; layouts {after.get('LayoutCount', 0) - before.get('LayoutCount', 0):.0f};"
              f" tasks over 50 ms: {long_tasks})", flush=True)
        if not result["sameTable"] or result["same"] != result["total"] - 1 or result["added"] != 1 or result["removed"] != 1:
            raise TestFailure(f"toggling row 3 rewrote more than that row: {result}")
    s.check(f"toggling one row of {rows} patches that row only", toggle_patches_one_row)


def layout_checks(session):
    s = session

    def narrow():
        s.devtools.call("Emulation.setDeviceMetricsOverride", width=360, height=800, deviceScaleFactor=1, mobile=True)
        time.sleep(0.5)
        widths = s.devtools.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        s.devtools.call("Emulation.clearDeviceMetricsOverride")
        if widths[0] > widths[1]:
            raise TestFailure(f"page is {widths[0]} px wide in a {widths[1]} px viewport")
    s.check("the page fits a 360 px wide screen", narrow)

    def keyboard():
        focusable = s.devtools.evaluate(
            "[...document.querySelectorAll('.table-scroll, .graph-scroll, .events-scroll, summary')]"
            ".every(el => el.tabIndex >= 0)")
        labelled = s.devtools.evaluate(
            "[...document.querySelectorAll('[role=region]')].every(el => el.getAttribute('aria-label'))")
        if not focusable or not labelled:
            raise TestFailure(f"scroll regions focusable {focusable}, labelled {labelled}")
    s.check("scrolling regions are keyboard focusable and labelled", keyboard)

    def no_console_problems():
        if s.devtools.console_problems:
            raise TestFailure("; ".join(s.devtools.console_problems[:5]))
    s.check("no CSP violation, uncaught exception or console error", no_console_problems)


def take_screenshot(session, driver, path):
    s = session
    if driver is not None:
        # A representative moment: lists filled, a failure on screen and a slow command still
        # executing. Runs that fail or take long are started with `&` so the REPL returns.
        for line in ("set api.failureRate 0", "set api.latencyMs 300", "set books.query design",
                     "run books.search", "set tweets.username ada", "run tweets.getTweets",
                     "run products.refresh", "run products.toggle 1",
                     "set login.mobilePhone 13800138000", "set login.verifyCode 1234",
                     "set api.failureRate 1", "run login.login &"):
            driver.line(line)
        s.wait_for(f"!document.querySelector({js(command_selector('login', 'login') + ' .error')}).hidden", "login error shown")
        driver.line("set api.failureRate 0")
        driver.line("set api.latencyMs 30000")
        driver.line("run products.loadMore &")
        s.wait_for(f"document.querySelector({js(command_selector('products', 'loadMore'))}).dataset.executing === 'true'",
                   "products.loadMore executing")
        time.sleep(2)  # let the change flashes fade so the picture shows the resting state
    s.devtools.call("Emulation.setDeviceMetricsOverride", width=1280, height=1600, deviceScaleFactor=1, mobile=False)
    s.devtools.evaluate("window.scrollTo(0, 0)")
    time.sleep(0.3)
    shot = s.devtools.call("Page.captureScreenshot", format="png")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(base64.b64decode(shot["data"]))
    print(f"saved screenshot {path}", flush=True)


def start_fake(web_dir):
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_binderyd.py"), "--port", "0",
                                "--web-dir", web_dir], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if "listening on " not in line:
        process.kill()
        raise TestFailure(f"fake_binderyd did not start: {line!r}")
    return process, line.split("listening on ", 1)[1].strip().rstrip("/")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", help="a running binderyd; default: start Tests/web/fake_binderyd.py")
    parser.add_argument("--control", help="shell command that applies one driving line read from stdin")
    parser.add_argument("--web-dir", default=os.path.join(HERE, "..", "..", "web"), help="for the fake")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds to wait for each condition")
    parser.add_argument("--screenshot", help="save a 1280x1600 PNG of the dashboard here")
    parser.add_argument("--store", help="the daemon's model store (bindery.sqlite): grow its products to --rows")
    parser.add_argument("--rows", type=int, default=3000, help="products to list for the long-list checks")
    args = parser.parse_args()

    if shutil.which(args.chromium) is None:
        print(f"dashboard test: FAIL — {args.chromium} not found (apt-get install chromium)")
        return 2

    fake = None
    profile = tempfile.mkdtemp(prefix="bindery-chromium-")
    browser = None
    try:
        if args.base_url:
            base_url = args.base_url.rstrip("/")
            driver = CommandDriver(args.control) if args.control else None
        else:
            fake, base_url = start_fake(os.path.abspath(args.web_dir))
            driver = FakeDriver(base_url)
        print(f"dashboard at {base_url}/ ({'fake binderyd' if fake else 'binderyd'})", flush=True)

        browser, ws_url = launch_chromium(args.chromium, profile)
        devtools = DevTools(ws_url)
        for domain in ("Page", "Runtime", "Log"):
            devtools.call(f"{domain}.enable")
        devtools.call("Page.navigate", url=base_url + "/")
        session = Session(devtools, args.timeout)

        passive_checks(session)
        if driver is not None:
            driven_checks(session, driver)
        else:
            print("skip  driven checks (no --control given for this daemon)", flush=True)
        if driver is not None and args.store:
            long_list_checks(session, driver, args.store, args.rows)
        layout_checks(session)
        if args.screenshot:
            take_screenshot(session, driver, args.screenshot)
    except (TestFailure, ConnectionError, OSError) as problem:
        print(f"dashboard test: FAIL — {problem}")
        return 1
    finally:
        if browser is not None:
            browser.kill()
            browser.wait()
        if fake is not None:
            fake.kill()
            fake.wait()
        shutil.rmtree(profile, ignore_errors=True)

    total = session.passed + len(session.failed)
    if session.failed:
        print(f"dashboard test: FAIL — {len(session.failed)} of {total} checks failed: {'; '.join(session.failed)}")
        return 1
    print(f"dashboard test: PASS — {total} checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
