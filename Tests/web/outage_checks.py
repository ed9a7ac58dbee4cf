"""The daemon stopped and started again: the page greys out at once with a banner saying since
when its values are stale, and resynchronises within a retry of the daemon's return — from a
reset, since the restarted daemon is another run whose versions continue."""

import time
import urllib.request

from devtools import TestFailure
from dashboard_checks import text_of, value_selector

# The page retries every second while the daemon is down; it must be live again within one
# retry of the daemon answering (plus the reset's own requests and this test's polling).
RESYNC_LIMIT_S = 2.5
GREY_LIMIT_S = 2.0


def daemon_answers(base_url):
    try:
        with urllib.request.urlopen(base_url + "/healthz", timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def restart_checks(session, driver, daemon):
    s = session
    d = driver.line

    def outage():
        d("set api.latencyMs 300")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '300'", "latency 300")
        before = s.version()
        daemon.stop()
        stopped = time.monotonic()
        s.wait_for("""(() => { const banner = document.getElementById('stale-banner');
            const cards = getComputedStyle(document.getElementById('cards'));
            return document.body.dataset.connection === 'down' && !banner.hidden
              && /^binderyd is unreachable — the values shown are stale since \\d\\d:\\d\\d:\\d\\d\\./.test(banner.textContent)
              && /grayscale\\(1\\)/.test(cards.filter) && Number(cards.opacity) < 0.75
              && document.getElementById('status').textContent === 'unreachable'; })()""",
                   "the cards grey out and the banner says since when the values are stale", timeout=GREY_LIMIT_S + 1)
        greyed = time.monotonic() - stopped
        if greyed > GREY_LIMIT_S:
            raise TestFailure(f"greyed out {greyed:.1f} s after the daemon stopped (limit {GREY_LIMIT_S} s)")
        time.sleep(3)  # down for a while: the page keeps retrying every second
        daemon.start()
        deadline = time.monotonic() + 30
        while not daemon_answers(s.base_url):
            if time.monotonic() > deadline:
                raise TestFailure("the daemon did not answer /healthz within 30 s of its start")
            time.sleep(0.02)
        back = time.monotonic()
        s.wait_for(f"""document.body.dataset.connection === 'live' && document.getElementById('stale-banner').hidden
            && Number(document.body.dataset.version) > {before}""",
                   "live again, at a later version", timeout=RESYNC_LIMIT_S + 5)
        resynced = time.monotonic() - back
        print(f"      greyed out {greyed:.2f} s after the stop; live again {resynced:.2f} s after the daemon answered",
              flush=True)
        if resynced > RESYNC_LIMIT_S:
            raise TestFailure(f"live again {resynced:.1f} s after the daemon came back (limit {RESYNC_LIMIT_S} s)")
        s.wait_for(f"""(() => {{ const divider = document.querySelector('#event-list .event-divider');
            return divider && Number(divider.dataset.version) > {before} && /another run of the daemon/.test(divider.textContent); }})()""",
                   "the event log marks the reload from the other run")
        d("set api.latencyMs 444")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '444'", "a change after the restart appears")
        d("set api.latencyMs 300")
    s.check("the page greys out at once when the daemon stops and resynchronises when it is back", outage)
