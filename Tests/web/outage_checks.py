"""The daemon stopped and started again: the page greys out at once with a banner saying since
when its values are stale, and resynchronises within a retry of the daemon's return — from a
reset, since the restarted daemon is another run whose versions continue — showing exactly
what it showed before (values, rows, selection, run states, errors) and the restart in its
event log."""

import json
import time
import urllib.request

from devtools import TestFailure
from dashboard_checks import js, run_state, text_of, value_selector

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


# What a person sees of the state: every input and output value, the products rows on screen
# with their selection, and each command's run state and error (without its time element).
SHOWN = """JSON.stringify({
  values: [...document.querySelectorAll('[data-vm] [data-input] .value, [data-vm] [data-output] .value')]
    .map(v => v.closest('[data-vm]').dataset.vm + ' ' + v.textContent),
  rows: [...document.querySelectorAll('[data-vm="products"] tbody tr')].map(r => [r.textContent, r.classList.contains('selected')]),
  commands: [...document.querySelectorAll('[data-vm] [data-command]')].map(c => {
    const f = c.querySelector('.failure');
    const error = !f || f.hidden ? '' : [...f.childNodes].filter(n => n.nodeName !== 'TIME').map(n => n.textContent).join('');
    return [c.closest('[data-vm]').dataset.vm, c.dataset.command, c.dataset.runState, error];
  }),
})"""


def restart_checks(session, driver, daemon):
    s = session
    d = driver.line

    def outage():
        d("set api.latencyMs 300")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '300'", "latency 300")
        # A command failed now, so there is an error to come back (issue 21).
        d("set api.failureRate 1")
        d("run products.loadMore &")
        s.wait_for(f"{run_state('products', 'loadMore')} === 'failed-now'", "products.loadMore failed now")
        d("set api.failureRate 0")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'failureRate'))} === '0'", "failure rate 0")
        shown = s.evaluate(SHOWN)
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
        # The reason in words, never the browser's "Failed to fetch".
        # (The first failure may be the stopping daemon's 503; the retries then find no one.)
        said = s.wait_for("""(() => { const t = document.getElementById('stale-banner').textContent + ' | '
            + document.getElementById('status-detail').textContent;
            return /no answer from binderyd/.test(t) || /Failed to fetch/.test(t) ? t : null; })()""",
                          "the banner says why in words", timeout=4)
        if "Failed to fetch" in said:
            raise TestFailure(f"the banner and status say {said!r}")
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
        try:
            s.wait_for(f"{SHOWN} === {js(shown)}",
                       "the same values, rows, selection, run states and errors as before the restart")
        except TestFailure:
            was, now = json.loads(shown), json.loads(s.evaluate(SHOWN))
            for part in was:
                changed = [(a, b) for a, b in zip(was[part], now[part]) if a != b][:5]
                if changed or len(was[part]) != len(now[part]):
                    print(f"      {part}: {len(was[part])} → {len(now[part])}; first differences {changed}", flush=True)
            raise
        s.wait_for("document.querySelector('#event-list .event.kind-restart') !== null",
                   "the event log lists the restart")
        s.wait_for(f"""(() => {{ const divider = document.querySelector('#event-list .event-divider');
            return divider && Number(divider.dataset.version) > {before} && /another run of the daemon/.test(divider.textContent); }})()""",
                   "the event log marks the reload from the other run")
        d("set api.latencyMs 444")
        s.wait_for(f"{text_of(value_selector('api', 'input', 'latencyMs'))} === '444'", "a change after the restart appears")
        d("set api.latencyMs 300")
    s.check("the page greys out at once when the daemon stops and resynchronises when it is back", outage)
