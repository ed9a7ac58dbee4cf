"""The event log's search over what each event changed, and its search, filters and pause
surviving a reload (localStorage), checked in the page against the real daemon."""

from devtools import TestFailure
from event_checks import set_control

VISIBLE = "[...document.querySelectorAll('#event-list .event:not([hidden])')]"


def log_memory_checks(session, driver):
    s = session

    def search_covers_changes():
        for control in ("event-search", "event-vm", "event-kind"):
            set_control(s, control, "")
        driver.lines(["run products.refresh", "run products.toggle 3"])
        s.wait_for("[...document.querySelectorAll('#event-list .effect')].some(l => /^products\\[3\\]\\.isSelected: /.test(l.textContent))",
                   "the toggle's change line products[3].isSelected is listed")
        set_control(s, "event-search", "isSelected")
        found = s.evaluate(f"{VISIBLE}.map(e => e.querySelector('.target').textContent + ' ' + e.dataset.eventKind)")
        set_control(s, "event-search", "")
        # No event's own fields say isSelected: only what the toggle changed does.
        if not found or "products.toggle finish" not in found:
            raise TestFailure(f"searching isSelected finds {found}")
    s.check("the log's search finds events by what they changed (isSelected)", search_covers_changes)

    def survive_reload():
        set_control(s, "event-search", "latency")
        set_control(s, "event-kind", "set")
        s.evaluate("document.getElementById('event-pause').click(), true")
        s.devtools.call("Page.reload", ignoreCache=True)
        s.wait_for("document.body && document.body.dataset.version && document.getElementById('event-kind')",
                   "the reloaded page")
        state = s.wait_for("""(() => { const kind = document.getElementById('event-kind').value;
            const search = document.getElementById('event-search').value;
            const paused = document.getElementById('event-pause').getAttribute('aria-pressed');
            return kind === 'set' && search === 'latency' && paused === 'true' ? [kind, search, paused] : null; })()""",
                           "search 'latency', kind 'set' and pause are back after the reload")
        shown = s.wait_for(f"{VISIBLE}.length > 0 && {VISIBLE}.map(e => e.dataset.eventKind)",
                           "the reloaded log lists the events the restored filters show")
        # Back to everything, unpaused, for what follows (and the next visit).
        s.evaluate("document.getElementById('event-pause').click(), true")
        set_control(s, "event-search", "")
        set_control(s, "event-kind", "")
        if not shown or any(kind != "set" for kind in shown):
            raise TestFailure(f"the restored kind filter shows {sorted(set(shown))}")
        print(f"      after the reload: {state}, {len(shown)} set events listed", flush=True)
    s.check("the log's search, filters and pause survive a reload", survive_reload)
