"""The daemon's history in the page (docs/HTTP.md, /api/history): after 300 sets, a freshly
opened dashboard reaches at least 250 versions back on its scrubber and shows the state of any
of them; clicking an event's version jumps to it; the events after the viewed version are
marked; `restore @V` puts that version's inputs back. Checked against the real daemon."""

import re

from devtools import TestFailure
from dashboard_checks import js, text_of, value_selector
from event_checks import set_control

LATENCY = value_selector("api", "input", "latencyMs")
BANNER = "(document.querySelector('.viewing-text')?.textContent ?? '')"


def choose_stop(session, version):
    """Moves the scrubber's range to `version` as a person dragging it would (an input event)."""
    return session.evaluate(f"""(() => {{ const r = document.getElementById('scrub-range');
        const label = document.getElementById('scrub-label').textContent;
        const m = /back to (\\d+)|of (\\d+)–/.exec(label); if (!m) return 'label: ' + label;
        const index = {version} - Number(m[1] || m[2]); if (index < 0 || index > Number(r.max)) return 'not kept: ' + label;
        r.value = String(index); r.dispatchEvent(new Event('input', {{ bubbles: true }})); return true; }})()""")


def history_checks(session, driver):
    s = session

    def reaches_back():
        # 300 sets, each its own version, made before the page opens again.
        values = [str(1000 + i) for i in range(300)]
        driver.lines([f"set api.latencyMs {value}" for value in values])
        s.devtools.call("Page.reload", ignoreCache=True)
        s.wait_for("/versions kept, back to/.test(document.getElementById('scrub-label')?.textContent ?? '')"
                   " && Number(document.getElementById('scrub-range').max) >= 250",
                   "the reopened page's scrubber has at least 250 stops")
        label = s.evaluate(text_of("#scrub-label"))
        match = re.search(r"version (\d+) · (\d+) versions kept, back to (\d+)", label)
        if not match:
            raise TestFailure(f"the scrubber says {label!r}")
        live, kept, oldest = map(int, match.groups())
        if live - oldest < 250 or kept != live - oldest + 1:
            raise TestFailure(f"the scrubber keeps {kept} versions from {oldest} to {live}: not one stop per version, 250 back")
        # The state at a version 250 back: the set made then (the 300 sets are the newest versions).
        target = live - 250
        expected = values[len(values) - 1 - 250]
        result = choose_stop(s, target)
        if result is not True:
            raise TestFailure(f"could not choose version {target}: {result}")
        s.wait_for(f"{BANNER}.startsWith('viewing version {target} ') && {text_of(LATENCY)} === {js(expected)}",
                   f"version {target} shows latencyMs {expected}")
        print(f"      reopened: {kept} stops, v{oldest}–v{live}; v{target} shows latencyMs {expected}", flush=True)
        s.evaluate("document.querySelector('.back-to-live').click(), true")
    s.check("after 300 sets a reopened page's scrubber reaches 250 versions back, one stop per version, with their state", reaches_back)

    def event_jump():
        for control in ("event-search", "event-vm", "event-kind"):
            set_control(s, control, "")
        # The fifth newest set: its version button shows that version, and the newer events are marked.
        picked = s.evaluate("""(() => { const e = [...document.querySelectorAll('#event-list .event[data-event-kind="set"]')][4];
            if (!e) return null; e.querySelector('[data-jump]').click();
            return [Number(e.dataset.version), e.querySelector('.event-value')?.textContent ?? '']; })()""")
        if not picked:
            raise TestFailure("the event log lists fewer than 5 sets")
        version, value = picked
        shown = value.split("= ")[-1]
        s.wait_for(f"{BANNER}.startsWith('viewing version {version} ') && {text_of(LATENCY)} === {js(shown)}",
                   f"the click shows version {version} with latencyMs {shown}")
        marks = s.evaluate("""[...document.querySelectorAll('#event-list li[data-version]')]
            .map(e => [Number(e.dataset.version), e.classList.contains('after-viewed')])""")
        wrong = [m for m in marks if m[1] != (m[0] > version)]
        if wrong or not any(m[1] for m in marks):
            raise TestFailure(f"events after v{version} not (only) those marked: {wrong[:5]}")
        s.evaluate("document.querySelector('.back-to-live').click(), true")
        s.wait_for("!document.querySelector('#event-list .after-viewed')", "back to live clears the marks")
    s.check("clicking an event's version jumps to it, and the events after it are marked", event_jump)

    def restore():
        live = s.version()
        target = live - 100
        result = choose_stop(s, target)
        if result is not True:
            raise TestFailure(f"could not choose version {target}: {result}")
        s.wait_for(f"{BANNER}.startsWith('viewing version {target} ')", f"viewing version {target}")
        then = s.evaluate(text_of(LATENCY))
        s.evaluate("document.querySelector('.back-to-live').click(), true")
        driver.line(f"restore @{target}")
        s.wait_for(f"{text_of(LATENCY)} === {js(then)} && Number(document.body.dataset.version) === {live + 1}",
                   f"restore @{target} makes one version ({live + 1}) showing latencyMs {then}")
        driver.line("set api.latencyMs 300")
    s.check("binderyctl restore @V puts version V's inputs back as one new version, shown live", restore)
