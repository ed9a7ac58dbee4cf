"""The dashboard over a long history (issue 43): opened over 10,000 kept events it fetches one
bounded page of them and builds the DOM of the entries it lists only; searching, scrolling to
the end of the log and a past version reach the older events the daemon keeps. Asserted on
what the page fetches and builds, never on a time."""

import json
import random
import socket
import urllib.request

from devtools import TestFailure
from dashboard_checks import js
from event_checks import set_control
from history_checks import choose_stop

# binderyd's default --event-log-size: the daemon keeps this many, and the check makes more.
KEPT = 10000
# What the page may fetch of /api/events at open: one page (event-pages.js's 300, at most
# the daemon's 500) of small events is tens of kilobytes; the whole log was 4 MB.
OPEN_BYTES_LIMIT = 400_000
# What the page may read of runs at open: two requests (failures, finishes) of at most this many.
RUN_EVENTS = 100
# List items and the nodes inside the log at open: 25 entries listed.
LISTED_LIMIT = 30
LOG_NODES_LIMIT = 1500


def pipelined_sets(control_socket, lines):
    """Sends the control-protocol `lines` (JSON objects without `id`) at once and reads every reply."""
    with socket.socket(socket.AF_UNIX) as connection:
        connection.settimeout(60)
        connection.connect(control_socket)
        connection.sendall("".join(json.dumps({"id": i + 1, **line}) + "\n" for i, line in enumerate(lines)).encode())
        replies = connection.makefile("rb")
        answered = 0
        while answered < len(lines):
            reply = json.loads(replies.readline())
            if "event" in reply:
                continue
            if not reply.get("ok"):
                raise TestFailure(f"a pipelined set was refused: {reply}")
            answered += 1


class NetworkLog:
    """The /api/events responses the page receives while recording (Network domain events)."""

    def __init__(self, devtools):
        self.devtools = devtools
        self.responses = {}  # requestId -> {url, encoded}
        original = devtools._event

        def recording(message):
            method, params = message.get("method"), message.get("params", {})
            if method == "Network.responseReceived" and "/api/events" in params["response"]["url"]:
                self.responses[params["requestId"]] = {"url": params["response"]["url"], "encoded": 0}
            elif method == "Network.loadingFinished" and params["requestId"] in self.responses:
                self.responses[params["requestId"]]["encoded"] = params["encodedDataLength"]
            original(message)
        devtools._event = recording
        devtools.call("Network.enable")

    def bodies(self):
        """(url, encoded bytes, body text) of each response recorded."""
        found = []
        # A snapshot: a response may arrive while the bodies are asked for.
        for request_id, response in list(self.responses.items()):
            body = self.devtools.call("Network.getResponseBody", requestId=request_id)
            found.append((response["url"], response["encoded"], body.get("body", "")))
        return found


def daemon_json(session, path):
    """`path` of the daemon the page shows, as JSON (read directly, not through the page)."""
    no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with no_proxy.open(session.base_url + path, timeout=10) as response:
        return json.load(response)


def long_log_checks(session, driver):
    s = session
    needle = f"needle-{random.randrange(10**9)}"
    state = {}

    def open_over_a_long_log():
        for control in ("event-search", "event-vm", "event-kind"):
            set_control(s, control, "")
        # 10,000 sets (the daemon keeps the newest 10,000 events), then one to search for,
        # then 600 more: the needle is kept, older than the page's first page.
        pipelined_sets(driver.socket, [{"op": "set", "vm": "api", "name": "latencyMs", "value": 5000 + i} for i in range(KEPT)])
        pipelined_sets(driver.socket, [{"op": "set", "vm": "compass", "name": "valueA", "value": needle}])
        pipelined_sets(driver.socket, [{"op": "set", "vm": "api", "name": "latencyMs", "value": 300 + i % 2} for i in range(600)])
        network = NetworkLog(s.devtools)
        s.devtools.call("Page.reload", ignoreCache=True)
        s.wait_for("document.querySelectorAll('#event-list .event').length > 0 && /binderyd keeps older/.test("
                   "document.getElementById('event-status').textContent)", "the reopened page lists the newest events")
        responses = network.bodies()
        s.devtools.call("Network.disable")
        # Besides the log's page, the page reads the newest failures and finishes once
        # (run-history.js: kind=fail and kind=finish, each at most RUN_EVENTS): bounded apart.
        runs = [(url, body) for url, _, body in responses if "kind=fail" in url or "kind=finish" in url]
        responses = [response for response in responses if "kind=fail" not in response[0] and "kind=finish" not in response[0]]
        run_events = [len(json.loads(body)["events"]) for _, body in runs]
        if len(runs) > 2 or any(count > RUN_EVENTS for count in run_events):
            raise TestFailure(f"at open the page read {run_events} run events by {[url for url, _ in runs]}")
        if not responses:
            raise TestFailure("the page fetched no /api/events")
        fetched = sum(len(json.loads(body)["events"]) for _, _, body in responses)
        encoded = sum(size for _, size, _ in responses)
        decoded = sum(len(body.encode()) for _, _, body in responses)
        urls = [url.split("/api/")[1] for url, _, _ in responses]
        state["first_page"] = "".join(body for _, _, body in responses)
        state["fetched"] = fetched
        if any("since=0" in url for url in urls) or fetched > 500 or decoded > OPEN_BYTES_LIMIT:
            raise TestFailure(f"at open the page fetched {fetched} events, {decoded} bytes ({encoded} on the wire): {urls}")
        listed = s.evaluate("document.querySelectorAll('#event-list > li').length")
        nodes = s.evaluate("document.querySelectorAll('#event-list *').length")
        if listed > LISTED_LIMIT or nodes > LOG_NODES_LIMIT:
            raise TestFailure(f"the log has {listed} items, {nodes} nodes at open")
        s.devtools.call("HeapProfiler.collectGarbage")
        counters = s.devtools.call("Memory.getDOMCounters")
        state["held"] = s.evaluate("document.getElementById('event-status').textContent")
        print(f"      at open over {KEPT} kept events: {fetched} events fetched, {decoded} bytes ({encoded} on the wire)"
              f" by {urls}, and {run_events} run events; {listed} log items, {nodes} nodes in the log,"
              f" {counters['nodes']} DOM nodes in the page", flush=True)
    s.check(f"opened over {KEPT} kept events, the page fetches one bounded page and builds the listed entries only",
            open_over_a_long_log)

    def search_reaches_older():
        set_control(s, "event-search", needle)
        found = s.wait_for(f"""(() => {{ const e = [...document.querySelectorAll('#event-list .event')]
            .find(e => e.textContent.includes({js(needle)})); return e ? Number(e.dataset.version) : null; }})()""",
                           "the search lists the set older than the first page, asked of the daemon")
        set_control(s, "event-search", "")
        print(f"      found {needle} at v{found}, not among the {state['fetched']} events the page opened with", flush=True)
        if needle in state["first_page"]:
            raise TestFailure(f"the needle at v{found} was in the page's first page: the check shows nothing")
    s.check("searching finds an event older than the page's first page (the daemon searches what it keeps)", search_reaches_older)

    def scrolling_loads_older():
        # List everything held, then the end of the list asks the daemon for the next page.
        s.evaluate("""(() => { const b = document.querySelector('.event-older');
            for (let i = 0; i < 100 && !b.hidden && b.dataset.load === 'page'; i += 1) b.click(); return true; })()""")
        s.evaluate("document.querySelector('.event-older').scrollIntoView(), document.querySelector('.event-older').click(), true")
        held = s.wait_for("""(() => { const m = /^(\\d+) events/.exec(document.getElementById('event-status').textContent);
            return m && Number(m[1]) >= 600 ? Number(m[1]) : null; })()""", "the log holds an older page after its end")
        listed = s.evaluate("document.querySelectorAll('#event-list .event').length")
        print(f"      after the end of the list: {held} events held, {listed} listed", flush=True)
    s.check("the end of the log loads the daemon's older events", scrolling_loads_older)

    def past_version_shows_its_events():
        # A version with kept events well older than the 600 newest the page holds now
        # (pipelined sets share versions: hundreds of events each).
        older = daemon_json(s, "/api/events?limit=1&skip=3000")["events"]
        held = daemon_json(s, "/api/events?limit=1&skip=599")["events"]
        if not older or not held or older[0]["version"] >= held[0]["version"]:
            raise TestFailure(f"no version older than the events held: {older} {held}")
        target = older[0]["version"]
        result = choose_stop(s, target)
        if result is not True:
            raise TestFailure(f"could not choose version {target}: {result}")
        newest = s.wait_for(f"""(() => {{ const e = document.querySelector('#event-list .event');
            return e && Number(e.dataset.version) <= {target} ? Number(e.dataset.version) : null; }})()""",
                            f"the log lists version {target}'s events")
        s.evaluate("document.querySelector('.back-to-live').click(), true")
        s.wait_for(f"Number(document.querySelector('#event-list .event')?.dataset.version) > {target}", "back to live lists the newest again")
        if newest != target:
            raise TestFailure(f"viewing v{target}, the newest event listed is v{newest}")
    s.check("a past version older than the events held shows its own events, fetched by version", past_version_shows_its_events)
