"""The event log (timestamps, what each event changed, search, filters, pause, export) and the
version scrubber, checked in the page against the real daemon."""

import json
import os
import re
import time

from devtools import TestFailure
from dashboard_checks import js, text_of, value_selector


def set_control(session, element_id, value):
    """Sets a form control of the page as a person would, firing its input and change events."""
    session.evaluate(f"""(() => {{ const c = document.getElementById({js(element_id)}); c.value = {js(value)};
        c.dispatchEvent(new Event('input', {{ bubbles: true }})); c.dispatchEvent(new Event('change', {{ bubbles: true }}));
        return true; }})()""")


def click(session, selector):
    session.evaluate(f"document.querySelector({js(selector)}).click(), true")


VISIBLE_EVENTS = "[...document.querySelectorAll('#event-list .event:not([hidden])')]"
OLDER = "document.querySelector('.event-older')"


def event_counts(session):
    """(entries matching the filters, entries kept) as the log's status line says them."""
    status = session.evaluate(text_of("#event-status"))
    match = re.match(r"(?:showing (\d+) of )?(\d+) events?\b", status)
    if not match:
        raise TestFailure(f"the event log's status says {status!r}")
    kept = int(match.group(2))
    return (int(match.group(1)) if match.group(1) else kept), kept


def check_listing(session, what):
    """The page lists the newest of the matching entries, and the 'show older' button counts the rest."""
    matching, _ = event_counts(session)
    listed = session.evaluate(f"{VISIBLE_EVENTS}.length")
    older = session.evaluate(f"{OLDER}.hidden ? '' : {OLDER}.textContent")
    if listed > matching or (listed < matching) != bool(older) or (older and f"({matching - listed} not listed)" not in older):
        raise TestFailure(f"{what}: {listed} entries listed of {matching} matching, the older button says {older!r}")
    return listed, matching


def newest_event(kind, target):
    return (f"[...document.querySelectorAll('#event-list .event[data-event-kind=\"{kind}\"]')]"
            f".find(e => e.querySelector('.target').textContent === {js(target)})")


def events_checks(session, driver, download_dir):
    s = session
    d = driver.line

    def timestamps():
        bad = s.evaluate("""[...document.querySelectorAll('#event-list .event time')].filter(t => {
            const at = new Date(t.dateTime); const p = (n, w = 2) => String(n).padStart(w, '0');
            const want = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:` +
              `${p(at.getMinutes())}:${p(at.getSeconds())}.${p(at.getMilliseconds(), 3)}`;
            return !/Z$/.test(t.dateTime) || t.textContent !== want; }).map(t => [t.dateTime, t.textContent])""")
        count = s.evaluate("document.querySelectorAll('#event-list .event time').length")
        if not count or bad:
            raise TestFailure(f"{count} event times; not 'YYYY-MM-DD HH:MM:SS.mmm' of their datetime: {bad[:3]}")
    s.check("every event shows its date and time to the millisecond, with a datetime attribute", timestamps)

    def set_diff():
        d("set login.mobilePhone 1")
        s.wait_for(f"{text_of(value_selector('login', 'input', 'mobilePhone'))} === '\"1\"'", "the phone is 1")
        d("set login.mobilePhone 13800138000")
        event = newest_event("set", "login.mobilePhone")
        s.wait_for(f"""(() => {{ const e = {event}; if (!e || !/13800138000/.test(e.textContent)) return false;
            const lines = [...e.querySelectorAll('.effects[data-relation="at"] .effect')].map(l => l.textContent);
            return lines.includes('mobilePhone: "1" → "13800138000"'); }})()""",
                   "the set shows mobilePhone: \"1\" → \"13800138000\" as what it changed")
        # The avatar is looked up through the API (latency 300 ms): a later version, no event.
        s.wait_for(f"""(() => {{ const e = {event};
            return [...e.querySelectorAll('.effects[data-relation="then"] .effect')]
              .some(l => /^avatarURL: null → "https?:/.test(l.textContent)); }})()""",
                   "the avatar found later shows under the set as 'then': avatarURL: null → \"https…\"")
    s.check("a set shows the outputs it changed (name: old → new), and what followed", set_diff)

    def restore_entry():
        rate = s.evaluate(text_of(value_selector('api', 'input', 'failureRate')))
        d("set api.failureRate 0.25")
        s.wait_for(f"{newest_event('set', 'api.failureRate')} !== undefined && /0\\.25/.test({newest_event('set', 'api.failureRate')}.textContent)",
                   "the set of failureRate 0.25 is listed")
        past = s.evaluate(f"Number({newest_event('set', 'api.failureRate')}.dataset.version)")
        d("set api.failureRate 0.5")
        d(f"restore @{past}")
        restores = f"[...document.querySelectorAll('#event-list .event[data-event-kind=\"restore\"]')].filter(e => e.querySelector('.target').textContent === 'from v{past}')"
        s.wait_for(f"{restores}.length === 1", f"one restore entry 'from v{past}'")
        text = s.evaluate(f"{restores}[0].textContent")
        if "api.failureRate" not in text or "login.verifyCode (secret: not restored)" not in text:
            raise TestFailure(f"the restore entry does not name the input it set and the secret it skipped: {text!r}")
        version = s.evaluate(f"Number({restores}[0].dataset.version)")
        sets = s.evaluate(f"[...document.querySelectorAll('#event-list .event[data-version=\"{version}\"]')].map(e => e.dataset.eventKind)")
        if sets != ["restore"]:
            raise TestFailure(f"version {version} lists {sets}, not one restore entry")
        s.wait_for(f"[...{restores}[0].querySelectorAll('.effects[data-relation=\"at\"] .effect')].some(l => l.textContent === 'api.failureRate: 0.5 → 0.25')",
                   "the restore lists what it changed once: api.failureRate: 0.5 → 0.25")
        d(f"set api.failureRate {rate}")  # as it was: the checks after this one run commands
    s.check("a restore is one entry naming what it set and the secret inputs it skipped, its changes listed once", restore_entry)

    def run_diff():
        d("run products.refresh")
        selected = s.evaluate("document.querySelector('[data-vm=\"products\"] tbody tr[data-row=\"2\"]').classList.contains('selected')")
        d("run products.toggle 2")
        want = f"products[2].isSelected: {js(selected)} → {js(not selected)}"
        s.wait_for(f"""(() => {{ const e = {newest_event('finish', 'products.toggle')}; if (!e) return false;
            const lines = [...e.querySelectorAll('.effect')].map(l => l.textContent);
            return lines.includes({js(want)}) && lines.some(l => /^toggle\\.runs: \\d+ → \\d+$/.test(l)); }})()""",
                   f"the toggle's finish shows {want}")
    s.check("a run shows the outputs it changed, row by row", run_diff)

    def search_and_filters():
        _, total = event_counts(s)
        set_control(s, "event-search", "mobilePhone")
        shown = s.evaluate(f"{VISIBLE_EVENTS}.map(e => e.textContent)")
        listed, matching = check_listing(s, "searching mobilePhone")
        if not shown or matching >= total or not all("mobilePhone" in text for text in shown):
            raise TestFailure(f"searching mobilePhone shows {listed} listed, {matching} of {total}: {shown[:3]}")
        set_control(s, "event-search", "server unavailable")  # matches the error, case-insensitively
        # The failures, and the events whose changes name the error (a command's lastError).
        errors = s.evaluate(f"{VISIBLE_EVENTS}.map(e => [e.dataset.eventKind, /server unavailable/i.test(e.textContent)])")
        set_control(s, "event-search", "")
        if not errors or "fail" not in {kind for kind, _ in errors} or not all(says for _, says in errors):
            raise TestFailure(f"searching an error's text shows {errors}")
        set_control(s, "event-search", "")
        set_control(s, "event-vm", "products")
        vms = s.evaluate(f"{VISIBLE_EVENTS}.map(e => e.dataset.vm)")
        if not vms or set(vms) != {"products"}:
            raise TestFailure(f"the products filter shows view models {sorted(set(vms))}")
        set_control(s, "event-kind", "fail")
        kinds = s.evaluate(f"{VISIBLE_EVENTS}.map(e => e.dataset.eventKind + ' ' + e.dataset.vm)")
        if not kinds or set(kinds) != {"fail products"}:
            raise TestFailure(f"products + fail shows {sorted(set(kinds))}")
        status = s.evaluate(text_of("#event-status"))
        if f"showing {len(kinds)} of" not in status:
            raise TestFailure(f"the status says {status!r} for {len(kinds)} shown")
        set_control(s, "event-vm", "")
        set_control(s, "event-kind", "")
        check_listing(s, "the filters cleared")
        if event_counts(s) != (total, total):
            raise TestFailure(f"clearing the filters does not show every event again: {event_counts(s)} of {total}")
    s.check("the event log's search, view-model filter and kind filter", search_and_filters)

    def origins():
        # binderyctl reading its commands from a pipe names itself <stdin>; the uid and pid
        # are the kernel's word for its connection.
        d("set api.latencyMs 303")
        event = newest_event("set", "api.latencyMs")
        s.wait_for(f"(() => {{ const e = {event}; return !!e && /= 303/.test(e.textContent) && !!e.querySelector('.origin'); }})()",
                   "the set of 303 is listed with its origin")
        origin = s.evaluate(f"{event}.querySelector('.origin').textContent")
        match = re.fullmatch(r"from <stdin> \(uid \d+, pid (\d+)\)", origin)
        if not match:
            raise TestFailure(f"the set's origin reads {origin!r}, not 'from <stdin> (uid N, pid N)'")
        set_control(s, "event-search", f"PID {match.group(1)}")
        shown = s.evaluate(f"{VISIBLE_EVENTS}.map(e => [e.querySelector('.target').textContent, e.textContent])")
        set_control(s, "event-search", "")
        if not any(target == "api.latencyMs" and "= 303" in text for target, text in shown) \
                or not all(f"pid {match.group(1)}" in text for _, text in shown):
            raise TestFailure(f"searching 'PID {match.group(1)}' shows {shown[:3]}")
    s.check("each event says who made it (the client's name, uid and pid), and the search finds it", origins)

    def pause():
        click(s, "#event-pause")
        s.wait_for("document.getElementById('event-pause').getAttribute('aria-pressed') === 'true'", "pause pressed")
        d("set api.latencyMs 301")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '301'", "the card still updates while paused")
        s.wait_for("/1 new while paused/.test(document.getElementById('event-status').textContent)", "'1 new while paused'")
        newest = s.evaluate("document.querySelector('#event-list .event')?.textContent ?? ''")
        if "= 301" in newest:
            raise TestFailure("the set was added to the list while paused")
        click(s, "#event-pause")
        s.wait_for("(() => { const e = document.querySelector('#event-list .event');"
                   " return e.querySelector('.target').textContent === 'api.latencyMs' && /= 301/.test(e.textContent); })()",
                   "resuming adds the set at the top")
        d("set api.latencyMs 300")
        # Settled before the next check counts the entries shown: the set's entry has arrived.
        s.wait_for("(() => { const e = document.querySelector('#event-list .event');"
                   " return e.querySelector('.target').textContent === 'api.latencyMs' && /= 300/.test(e.textContent); })()",
                   "the set back to 300 is in the log")
    s.check("pausing the event log holds new events back and counts them; resuming adds them", pause)

    def export():
        session.devtools.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=download_dir, eventsEnabled=False)
        before = set(os.listdir(download_dir))
        set_control(s, "event-kind", "set")
        shown, _ = event_counts(s)  # every kept set, listed in the page or not
        click(s, "#event-export")
        deadline = time.monotonic() + 10
        files = []
        while time.monotonic() < deadline:
            files = [f for f in set(os.listdir(download_dir)) - before if f.endswith(".json")]
            if files:
                break
            time.sleep(0.1)
        set_control(s, "event-kind", "")
        if not files:
            raise TestFailure("no JSON file was downloaded within 10 s")
        with open(os.path.join(download_dir, files[0])) as handle:
            exported = json.load(handle)
        events = exported["events"]
        if len(events) != shown or {e["kind"] for e in events} != {"set"} or exported["filter"]["kind"] != "set":
            raise TestFailure(f"exported {len(events)} events of kinds {sorted({e['kind'] for e in events})}, {shown} shown")
        if [e["version"] for e in events] != sorted(e["version"] for e in events) or not any(e["changed"] for e in events):
            raise TestFailure("the export is not oldest first, or carries no changes")
        print(f"      {files[0]}: {len(events)} set events with their changes", flush=True)
    s.check("export downloads the events shown as JSON (a Blob URL the CSP allows)", export)

    def listing_window():
        # More sets than the page lists at first: it lists the newest, and the button the rest.
        values = [str(400 + i) for i in range(40)]
        driver.lines([f"set api.latencyMs {value}" for value in values])
        s.wait_for("(() => { const e = document.querySelector('#event-list .event');"
                   f" return e && /= {values[-1]}$/.test(e.querySelector('.event-value')?.textContent ?? ''); }})()",
                   "the last of 40 sets is the newest entry")
        listed, matching = check_listing(s, "after 40 sets")
        if listed >= matching or listed < 10:
            raise TestFailure(f"{listed} entries are in the page of {matching}: the page should list the newest only")
        newest = s.evaluate(f"{VISIBLE_EVENTS}.map(e => e.dataset.version)")
        click(s, ".event-older")
        more, _ = check_listing(s, "after 'show older'")
        after = s.evaluate(f"{VISIBLE_EVENTS}.map(e => e.dataset.version)")
        if more <= listed or after[:listed] != newest:
            raise TestFailure(f"'show older' went from {listed} to {more} entries, or changed the newest ones")
        d("set api.latencyMs 300")
        s.wait_for("(() => { const e = document.querySelector('#event-list .event');"
                   " return /= 300$/.test(e.querySelector('.event-value')?.textContent ?? ''); })()", "a new set is listed first")
        still, _ = check_listing(s, "after one more set")
        if still != more:
            raise TestFailure(f"one more set took the page from {more} entries to {still}: the oldest listed should leave")
        print(f"      {matching} events kept: {listed} listed at first, {more} after 'show older'", flush=True)
    s.check("the event log lists the newest entries and 'show older' lists more", listing_window)


def scrubber_checks(session, driver):
    s = session
    d = driver.line
    latency = value_selector("api", "input", "latencyMs")

    def scrub():
        d("set api.latencyMs 111")
        s.wait_for(f"{text_of(latency)} === '111'", "latency 111")
        then = s.version()
        d("set api.latencyMs 222")
        s.wait_for(f"{text_of(latency)} === '222'", "latency 222")
        # Step back with the ‹ button until the version shown is the one that had 111.
        for _ in range(20):
            click(s, "#scrub-older")
            viewing = s.evaluate("document.querySelector('.viewing-text')?.textContent ?? ''")
            if viewing.startswith(f"viewing version {then} "):
                break
        else:
            raise TestFailure(f"the ‹ button never reached version {then}; the banner says {viewing!r}")
        live = s.version()
        s.wait_for(f"""(() => {{ const b = document.getElementById('viewing-banner');
            return !b.hidden && b.textContent === 'viewing version {then} (live is {live}), read-only — back to live'
              && document.body.dataset.viewing === 'past' && {text_of(latency)} === '111'; }})()""",
                   f"the page shows version {then} (latency 111), marked as such")
        d("set api.latencyMs 333")
        s.wait_for(f"""(() => {{ const b = document.getElementById('viewing-banner').textContent;
            const m = /live is (\\d+)/.exec(b); return m && Number(m[1]) > {live} && {text_of(latency)} === '111'; }})()""",
                   "a new change moves 'live is' on, and the past version stays on screen")
        click(s, ".back-to-live")
        s.wait_for(f"""document.getElementById('viewing-banner').hidden && document.body.dataset.viewing === 'live'
            && {text_of(latency)} === '333'""", "back to live shows the change made meanwhile")
        d("set api.latencyMs 300")
    s.check("the scrubber shows an earlier version read-only, marked, while changes keep arriving", scrub)
