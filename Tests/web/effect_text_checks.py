"""What the page says a change did (issue 43), checked against the real daemon: outputs that
derive only from inputs are not marked stale by a failed run; the changes that follow a
restore are listed once, not under each of its sets; a change whose shown text is the same
before and after says what did change."""

import json
import urllib.request

from devtools import TestFailure
from dashboard_checks import command_selector, js, run_state
from event_checks import set_control

LOGIN = '[data-vm="login"]'


def daemon_version(session):
    no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with no_proxy.open(session.base_url + "/api/state", timeout=10) as response:
        return json.load(response)["version"]


def effect_text_checks(session, driver):
    s = session
    for control in ("event-search", "event-vm", "event-kind"):
        set_control(s, control, "")

    def inputs_only_outputs_not_stale():
        driver.lines(["set api.latencyMs 50", "set api.failureRate 1", "set login.mobilePhone 13800138000",
                      "set login.verifyCode 1234", "run login.login &"])
        s.wait_for(f"{run_state('login', 'login')} === 'failed-now'", "login.login failed now")
        marked = s.evaluate(f"[...document.querySelectorAll('{LOGIN} [data-output][data-stale=\"true\"]')].map(p => p.dataset.output)")
        note = s.evaluate(f"document.querySelector('{LOGIN} .stale-note').hidden")
        driver.lines(["set api.failureRate 0", "run login.login"])
        s.wait_for(f"{run_state('login', 'login')} === 'failed-before'", "login.login succeeds again")
        if marked or not note:
            raise TestFailure(f"while login.login failed, {marked} were marked stale (the note hidden: {note})")
    s.check("outputs derived only from inputs (avatarURL, isLoginValid) are not marked stale by a failed run",
            inputs_only_outputs_not_stale)

    def then_listed_once():
        # A login run sets avatarURL a latency after it starts: a version with no event of its
        # own, after the restore's (one restore event, whatever the number of its inputs).
        # (Another number first: set again, the number's own avatarURL is derived afresh.)
        driver.lines(["set api.latencyMs 1000", "set api.failureRate 0", "set login.mobilePhone 13800138005",
                      "set login.mobilePhone 13800138000", "set login.verifyCode 1234", "set compass.valueA restore-a"])
        kept = daemon_version(s)
        driver.line("set compass.valueA restore-b")
        driver.lines(["run login.login &", f"restore @{kept}"])
        restored = daemon_version(s)
        entries = f"document.querySelectorAll('#event-list li.event[data-version=\"{restored}\"]')"
        then = f"document.querySelectorAll('#event-list li.event[data-version=\"{restored}\"] ul[data-relation=\"then\"]')"
        s.wait_for(f"{entries}.length >= 1 && {then}.length >= 1", f"the restore (v{restored}) and what followed it")
        blocks = s.evaluate(f"[[...{entries}].filter(e => e.dataset.eventKind === 'restore').length, {then}.length, [...{then}].map(u => u.textContent)]")
        if blocks[0] != 1 or blocks[1] != 1:
            raise TestFailure(f"v{restored} lists {blocks[0]} restore entries and {blocks[1]} 'then' blocks: {blocks[2]}")
        driver.line("set api.latencyMs 50")
        print(f"      one restore entry at v{restored}, one 'then' block: {blocks[2][0]!r}", flush=True)
    s.check("the changes after a restore are listed once, not under each of its sets", then_listed_once)

    def same_text_says_what_changed():
        # Two failures with the same message: only the time inside lastError differs.
        newest = "document.querySelector('#event-list li.event[data-event-kind=\"fail\"][data-vm=\"products\"]')"
        fails = f"Number({newest}?.dataset.version ?? 0)"
        before = s.evaluate(fails)
        s.wait_for(f"document.querySelector({js(command_selector('products', 'refresh'))}).dataset.executing === 'false'",
                   "products.refresh is not running", timeout=40)
        driver.lines(["set api.latencyMs 50", "set api.failureRate 1", "run products.refresh &"])
        first = s.wait_for(f"{fails} > {before} && {fails}", "the first failure is listed")
        driver.line("run products.refresh &")
        s.wait_for(f"{fails} > {first}", "the second failure is listed")
        s.wait_for(f"{newest} && {newest}.querySelectorAll('.effect').length > 0", "the failure's changes are listed")
        lines = s.evaluate(f"""[...{newest}.querySelectorAll('.effect:not(.summary)')].map(li =>
            [li.querySelector('.effect-name').textContent, li.querySelector('.before').textContent, li.querySelector('.after').textContent])""")
        driver.lines(["set api.failureRate 0", "run products.refresh"])
        same = [line for line in lines if line[1] == line[2]]
        if same or not any(name.endswith("lastError.at") for name, _, _ in lines):
            raise TestFailure(f"the second failure's changes read {lines}")
        print(f"      {[f'{n}: {b} → {a}' for n, b, a in lines if 'lastError' in n]}", flush=True)
    s.check("a change whose text reads the same before and after shows what changed (lastError.at)", same_text_says_what_changed)
