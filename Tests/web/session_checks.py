"""The dashboard's "Export session" link (docs/HTTP.md, /api/session): the daemon's session
file of the kept versions up to the one shown, what `binderyctl export` saves; the page builds
nothing itself and stays read-only. Checked against the real daemon."""

from devtools import TestFailure
from history_checks import BANNER, choose_stop

SESSION_OF = """(async () => {{ const link = document.getElementById('session-export');
    const answer = await fetch(link.href); const body = await answer.json();
    return [link.getAttribute('href'), link.hasAttribute('download'), answer.status,
            answer.headers.get('Content-Disposition'), body.format, body.to, body.events.length,
            body.events.every(e => e.version > body.from && e.version <= body.to)]; }})()"""


def session_checks(session, driver):
    s = session

    def export_link():
        driver.line("set api.latencyMs 321")
        live = s.version()
        href, download, status, disposition, form, to, events, inside = s.devtools.evaluate(SESSION_OF.format(), await_promise=True)
        if href != "api/session" or not download or status != 200 or form != "bindery-session" or to < live or not inside:
            raise TestFailure(f"live: the link {href!r} (download {download}) gets {status}, format {form!r}, to {to} (the page's live version {live}), events inside {inside}")
        if not (disposition or "").startswith('attachment; filename="binderyd-session-v'):
            raise TestFailure(f"the session is not a download: Content-Disposition {disposition!r}")
        target = live - 5
        result = choose_stop(s, target)
        if result is not True:
            raise TestFailure(f"could not choose version {target}: {result}")
        s.wait_for(f"{BANNER}.startsWith('viewing version {target} ')", f"viewing version {target}")
        href, _, status, _, _, to, _, inside = s.devtools.evaluate(SESSION_OF.format(), await_promise=True)
        if href != f"api/session?to={target}" or status != 200 or to != target or not inside:
            raise TestFailure(f"viewing v{target}: the link {href!r} gets {status} ending at {to}")
        s.evaluate("document.querySelector('.back-to-live').click(), true")
        s.wait_for("document.getElementById('session-export').getAttribute('href') === 'api/session'", "back to live, the link exports every version")
        print(f"      live: {events} events to v{live}; viewing v{target}: the session ends there", flush=True)
    s.check("the Export session link downloads the daemon's session file up to the version shown", export_link)
