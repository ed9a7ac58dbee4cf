"""The dashboard's checks (run by dashboard_test.py): each reads the live DOM of the page in
headless Chromium over the DevTools protocol and waits, bounded, for what a person would see."""

import json
import re
import time
import urllib.request

from devtools import TestFailure
from graph_checks import no_edge_behind_a_node

# The demo daemon's view models and their surface names (inputs, outputs, commands), as
# docs/VIEWMODELS.md lists them.
VIEW_MODELS = {
    "login": (["mobilePhone", "verifyCode"], ["avatarURL", "isLoginValid"], ["login", "fillUp"]),
    "signin": (["username", "password"], ["isValid", "usernameColor"], ["login"]),
    "books": (["query"], ["books", "count"], ["search"]),
    "products": ([], ["products", "pageIndex", "lastError"], ["refresh", "loadMore", "cancel", "toggle"]),
    "tweets": (["username"], ["isUsernameValid", "goAlpha", "userFullName", "userAvatarURL", "tweets",
                              "allTweetsLoaded"], ["getTweets", "loadMore"]),
    "compass": (["valueA", "valueB"], [], []),
    "api": (["latencyMs", "failureRate"], ["requests", "failures"], []),
}


def js(value):
    return json.dumps(value)


def text_of(selector):
    return f"(document.querySelector({js(selector)})?.textContent ?? null)"


def value_selector(vm, kind, name):
    return f'[data-vm="{vm}"] [data-{kind}="{name}"] .value'


def command_selector(vm, name):
    return f'[data-vm="{vm}"] [data-command="{name}"]'


def run_state(vm, name):
    return f"document.querySelector({js(command_selector(vm, name))})?.dataset.runState"


class Session:
    def __init__(self, devtools, timeout, base_url):
        self.devtools = devtools
        self.timeout = timeout
        self.base_url = base_url
        self.passed = 0
        self.failed = []

    def evaluate(self, expression):
        return self.devtools.evaluate(expression)

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

    def version(self):
        return int(self.evaluate("document.body.dataset.version || 0"))


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers, response.read().decode()


# ---- what needs no driving --------------------------------------------------------------------

def passive_checks(session, quick=False):
    s = session
    s.check("the header says live", lambda: s.wait_for(
        "document.getElementById('status')?.dataset.state === 'live' && "
        "document.getElementById('status').textContent === 'live'", "status is live"))
    if quick:
        return
    # binderyd serves no push stream (only nginx with nchan does): the page long-polls it.
    s.check("straight from the daemon, which serves no stream, the page long-polls (data-transport)", lambda: s.wait_for(
        "document.body.dataset.transport === 'long-poll'", "data-transport is long-poll"))

    def modules():
        headers, html = fetch(s.base_url + "/")
        if '<script type="module" src="main.js">' not in html:
            raise TestFailure("index.html does not load main.js as a module")
        seen, queue = set(), ["main.js"]
        while queue:
            name = queue.pop()
            if name in seen:
                continue
            seen.add(name)
            module_headers, source = fetch(f"{s.base_url}/{name}")
            if not module_headers.get("Content-Type", "").startswith("text/javascript"):
                raise TestFailure(f"{name} is served as {module_headers.get('Content-Type')}")
            if module_headers.get("Content-Security-Policy") != "default-src 'self'; frame-ancestors 'none'":
                raise TestFailure(f"{name} lacks the CSP: {module_headers.get('Content-Security-Policy')}")
            queue += re.findall(r'from "\./([\w-]+\.js)"', source)
            queue += re.findall(r'new Worker\("([\w-]+\.js)"', source)  # the feed's long-poll worker
        loaded = s.evaluate("performance.getEntriesByType('resource').filter(e => e.name.endsWith('.js'))"
                            ".map(e => e.name.split('/').pop())")
        if sorted(set(loaded)) != sorted(seen):
            raise TestFailure(f"modules imported {sorted(seen)}, loaded by the page {sorted(set(loaded))}")
        print(f"      {len(seen)} scripts (modules and the long-poll worker), each text/javascript under default-src 'self'", flush=True)
    s.check("the page is ES modules and a worker, served as text/javascript under the CSP, all loaded", modules)

    def every_surface_name():
        missing = s.evaluate(f"""(() => {{
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
    s.check("one card per view model with every input, output and command of its surface", every_surface_name)

    s.check("live values appear (api.latencyMs is a number)", lambda: s.wait_for(
        f"/^\\d+$/.test({text_of(value_selector('api', 'input', 'latencyMs'))} ?? '')", "api.latencyMs shows a number"))

    def graphs():
        count = s.evaluate("document.querySelectorAll('[data-vm] svg.graph [data-node]').length")
        edges = s.evaluate("document.querySelectorAll('[data-vm=\"login\"] svg.graph path.edge').length")
        if not count or not edges:
            raise TestFailure(f"graph nodes {count}, login edges {edges}")
    s.check("every card has a binding graph; login's has edges", graphs)
    s.check("no edge of a binding graph passes behind a node it does not connect, one from a command to the output it sets among them",
            lambda: no_edge_behind_a_node(s, need_command_to_output=True))

    s.check("the last-update time is shown", lambda: s.wait_for(
        "/^\\d\\d:\\d\\d:\\d\\d$/.test(document.getElementById('updated').textContent)", "last update is a clock time"))

    s.check("a note says the page is read-only and how to drive it with binderyctl", lambda: s.wait_for(
        """(() => { const note = document.getElementById('read-only-note'); if (!note) return false;
            const lines = [...note.querySelectorAll('code.command-line')].map(c => c.textContent);
            const attach = note.querySelector('code.attach-line');
            return /Read-only/.test(note.textContent) && attach && /binderyctl --socket \\S+$/.test(attach.textContent)
              && lines.some(l => l.startsWith(attach.textContent + " -c 'set ") && /'set \\w+\\.\\w+ \\S+'$/.test(l))
              && lines.some(l => l.startsWith(attach.textContent + " -c 'run ") && /'run \\w+\\.\\w+'$/.test(l)); })()""",
        "the read-only note names the daemon's attach line (binderyctl --socket PATH) and set and run with real names"))


# ---- driven: values, flashes, slow commands ---------------------------------------------------

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
        s.wait_for(f"{text_of(value_selector('login', 'output', 'isLoginValid'))} === 'true'", "login.isLoginValid turns true")
        # A secret input is shown as set, never as its value.
        s.wait_for(f"{text_of(value_selector('login', 'input', 'verifyCode'))} === '•••• (set)'",
                   "login.verifyCode shows '•••• (set)', not the code")
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
        runs_before = int(s.evaluate(text_of(selector + " .runs")) or 0)
        d("set api.latencyMs 3000")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '3000'", "latency set")
        d("run login.login &")  # the REPL returns at once; the page must show the run live
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(selector)});
            return c.dataset.executing === 'true' && c.getAttribute('aria-busy') === 'true'
              && c.dataset.runState === 'running' && c.querySelector('.run-state').textContent === 'running'
              && !c.querySelector('.spinner').hidden && c.dataset.enabled === 'false'; }})()""",
                   "login.login shows running with aria-busy and a spinner")
        s.wait_for("document.querySelector('[data-vm=\"login\"] [data-node=\"cmd:login\"]')?.classList.contains('executing')",
                   "login's graph shows the command executing")
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(selector)});
            return c.dataset.executing === 'false' && c.getAttribute('aria-busy') === 'false'
              && c.dataset.runState !== 'running' && c.querySelector('.spinner').hidden
              && Number(c.querySelector('.runs').textContent) > {runs_before}; }})()""",
                   "login.login finishes and its run count grows")
        s.wait_for("[...document.querySelectorAll('#event-list .event.kind-finish, #event-list .event.kind-fail')].some(e => "
                   "e.querySelector('.target').textContent === 'login.login' && /\\d (ms|s)$/.test(e.querySelector('.duration')?.textContent ?? ''))",
                   "the event log shows login.login completing with its duration")
    s.check("a slow command shows running while it runs", slow_command)

    def lists():
        d("set api.latencyMs 200")
        d("set api.failureRate 0")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '200'", "latency set")
        d("run products.refresh")
        rows = 'document.querySelectorAll(\'[data-vm="products"] [data-output="products"] tbody tr\').length'
        first = s.wait_for(f"{rows} === 15 && {rows}", "products are listed after refresh")
        d("run products.loadMore")
        s.wait_for(f"{rows} > {first}", "loadMore appends products")
        selected = s.evaluate("document.querySelector('[data-vm=\"products\"] tbody tr[data-row=\"0\"]').classList.contains('selected')")
        d("run products.toggle 0")
        s.wait_for(f"""(() => {{ const row = document.querySelector('[data-vm="products"] tbody tr[data-row="0"]');
            const chip = row && row.querySelector('[data-field="color"] .swatch');
            return row.classList.contains('selected') === {js(not selected)} && chip
              && getComputedStyle(chip).backgroundColor === ({js(not selected)} ? 'rgb(255, 0, 0)' : getComputedStyle(chip).backgroundColor); }})()""",
                   "the toggled product shows its new selection (red swatch when selected)")
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
        # Each row is laid out as a grid of its own, not as a table row: assistive technology
        # must still meet a table, its rows, header cells and cells (the browser's own tree).
        roles = ax_roles(s, '[data-vm="books"] [data-output="books"] table',
                         ["", " thead th", " tbody tr", " tbody tr th", " tbody tr td"])
        if roles != ["table", "columnheader", "row", "rowheader", "cell"]:
            raise TestFailure(f"the books table, a header, a row, its index and a cell have the roles {roles}")
    s.check("lists render as tables and grow live", lists)

    def two_way_and_cjk():
        d("set compass.valueA 西")
        s.wait_for(f"{text_of(value_selector('compass', 'input', 'valueB'))} === '\"東\"'", "compass.valueB shows 東")
        fonts = platform_fonts(s, value_selector("compass", "input", "valueB"))
        cjk = [font for font in fonts if "CJK" in font["familyName"]]
        if not cjk:
            raise TestFailure(f"東 is not drawn with a CJK font (fonts used: {fonts}); install fonts-noto-cjk")
        # A missing glyph is drawn as a box the width of a Latin letter; a CJK glyph is one em.
        widths = s.evaluate(f"""(() => {{ const cell = document.querySelector({js(value_selector('compass', 'input', 'valueB'))});
            const text = cell.firstChild; const range = document.createRange();
            const at = text.textContent.indexOf('東'); range.setStart(text, at); range.setEnd(text, at + 1);
            return [range.getBoundingClientRect().width, parseFloat(getComputedStyle(cell).fontSize)]; }})()""")
        if abs(widths[0] - widths[1]) > 1.5:
            raise TestFailure(f"東 is {widths[0]:.1f} px wide at a {widths[1]:.1f} px font: not a full-width glyph")
        print(f"      東 drawn with {cjk[0]['familyName']}, {widths[0]:.1f} px at {widths[1]:.1f} px", flush=True)
    s.check("the compass two-way binding shows both sides, in a CJK font (no tofu)", two_way_and_cjk)


def ax_roles(session, base, suffixes):
    """The accessibility-tree roles Chromium gives the first element of `base` + each suffix."""
    devtools = session.devtools
    root = devtools.call("DOM.getDocument", depth=0)["root"]["nodeId"]
    roles = []
    for suffix in suffixes:
        node = devtools.call("DOM.querySelector", nodeId=root, selector=base + suffix)["nodeId"]
        if not node:
            raise TestFailure(f"no element matches {base + suffix}")
        nodes = devtools.call("Accessibility.getPartialAXTree", nodeId=node, fetchRelatives=False)["nodes"]
        roles.append(nodes[0].get("role", {}).get("value") if nodes else None)
    return roles


def platform_fonts(session, selector):
    """The fonts Chromium really used for the text of the element at `selector`. A card out of
    view is not rendered (`content-visibility: auto`), so no font is used for it until it is
    scrolled into view and drawn (two frames)."""
    devtools = session.devtools
    scrolled_from = devtools.evaluate(f"""new Promise((done) => {{ const from = window.scrollY;
        document.querySelector({js(selector)}).scrollIntoView({{ block: "center" }});
        requestAnimationFrame(() => requestAnimationFrame(() => done(from))); }})""", await_promise=True)
    devtools.call("DOM.enable")
    devtools.call("CSS.enable")
    root = devtools.call("DOM.getDocument", depth=0)["root"]["nodeId"]
    node = devtools.call("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
    fonts = devtools.call("CSS.getPlatformFontsForNode", nodeId=node)["fonts"]
    devtools.call("CSS.disable")
    devtools.evaluate(f"window.scrollTo(0, {int(scrolled_from or 0)}), true")
    return fonts


# ---- run states --------------------------------------------------------------------------------

def run_state_checks(session, driver):
    s = session
    d = driver.line
    refresh = command_selector("products", "refresh")

    def failed_now():
        d("set api.latencyMs 300")
        d("set api.failureRate 1")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'failureRate'))} === '1'", "failure rate set")
        d("run products.refresh &")  # it fails on purpose; the REPL would exit 1 if it waited
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(refresh)}); const f = c.querySelector('.failure');
            return c.dataset.runState === 'failed-now' && c.querySelector('.run-state').textContent === 'failed now'
              && !f.hidden && f.dataset.when === 'now' && /^failed now: Server unavailable, please retry/.test(f.textContent)
              && !!f.querySelector('time') && getComputedStyle(f).color !== getComputedStyle(document.body).color; }})()""",
                   "products.refresh shows failed now, its error in red with its time")
        s.wait_for(f"/Server unavailable/.test({text_of(value_selector('products', 'output', 'lastError'))} ?? '')",
                   "products.lastError shows the error")
        s.wait_for("(() => { const f = document.querySelector('#event-list .event.kind-fail');"
                   " return f && f.querySelector('.target').textContent === 'products.refresh'"
                   " && f.dataset.outcome === 'failed' && /Server unavailable/.test(f.textContent); })()",
                   "the newest failure in the event log is products.refresh")
        order = s.evaluate("[...document.querySelectorAll('#event-list .event')].map(e => Number(e.dataset.version))")
        if order != sorted(order, reverse=True):
            raise TestFailure(f"event log is not newest first: {order[:10]}")
    s.check("run state: a failed run shows 'failed now'", failed_now)

    def running_after_failure():
        d("set api.failureRate 0")
        d("set api.latencyMs 2500")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '2500'", "latency set")
        d("run products.refresh &")
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(refresh)}); const f = c.querySelector('.failure');
            return c.dataset.runState === 'running' && c.dataset.failedBefore === 'true'
              && f.dataset.when === 'before' && /^an earlier run failed: Server unavailable/.test(f.textContent)
              && /still going/.test(f.textContent)
              && getComputedStyle(f).color !== getComputedStyle(document.querySelector('.stale-banner')).color; }})()""",
                   "the new run shows running; the earlier failure is muted and labelled as earlier")
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(refresh)}); const f = c.querySelector('.failure');
            return c.dataset.runState === 'failed-before' && c.querySelector('.run-state').textContent === 'failed before'
              && f.dataset.when === 'before' && /the latest run succeeded/.test(f.textContent); }})()""",
                   "after it succeeds: failed before, the latest run succeeded")
    s.check("run state: a run after a failure shows 'running', then 'failed before'", running_after_failure)

    def cancelled():
        d("set api.latencyMs 5000")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '5000'", "latency set")
        d("run products.loadMore &")
        s.wait_for(f"{run_state('products', 'loadMore')} === 'running'", "loadMore running")
        d("run products.cancel")
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(command_selector('products', 'loadMore'))});
            const f = c.querySelector('.failure');
            return c.dataset.runState === 'cancelled' && c.querySelector('.run-state').textContent === 'cancelled'
              && /^cancelled: products.loadMore was cancelled/.test(f.textContent); }})()""",
                   "products.loadMore shows cancelled")
        s.wait_for("[...document.querySelectorAll('#event-list .event[data-outcome=\"cancelled\"]')]"
                   ".some(e => e.querySelector('.target').textContent === 'products.loadMore')",
                   "the event log marks the run cancelled, not failed")
    s.check("run state: a run cancelled by its view model shows 'cancelled'", cancelled)

    def interrupted():
        if not driver.socket:
            print("      (no --socket: the interrupt op is not sent)", flush=True)
            return
        d("run products.refresh &")
        s.wait_for(f"{run_state('products', 'refresh')} === 'running'", "refresh running")
        driver.interrupt("products", "refresh")
        s.wait_for(f"""(() => {{ const c = document.querySelector({js(refresh)});
            return c.dataset.runState === 'interrupted'
              && /^interrupted: products.refresh was interrupted by a client/.test(c.querySelector('.failure').textContent); }})()""",
                   "products.refresh shows interrupted")
    s.check("run state: a run interrupted by a client shows 'interrupted'", interrupted)

    def idle():
        state = s.evaluate(f"[{run_state('signin', 'login')}, {text_of(command_selector('signin', 'login') + ' .runs')}]")
        if state != ["idle", "0"]:
            raise TestFailure(f"signin.login, never run, shows {state}")
        d("set api.latencyMs 300")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '300'", "latency back to 300")
    s.check("run state: a command never run shows 'idle'", idle)
