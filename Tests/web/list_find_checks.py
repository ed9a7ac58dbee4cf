"""Finding rows of a long list (at least 1,500 products, grown by scale_checks) in the page,
against the real daemon: a search by a row's text reaches its page and marks it, a jump to a
row number does too, and a change outside the page shown is pointed to and reached."""

from devtools import TestFailure
from dashboard_checks import js
from scale_checks import COUNT, PRODUCTS

TOOLS = f"document.querySelector('{PRODUCTS} .list-tools')"


def set_input(session, selector, value, event):
    session.evaluate(f"""(() => {{ const c = document.querySelector({js(selector)}); c.value = {js(value)};
        c.dispatchEvent(new Event({js(event)}, {{ bubbles: true }})); return true; }})()""")


def marked_row(session):
    """The index of the row marked as found on the page shown, or None."""
    return session.evaluate(f"(() => {{ const r = document.querySelector('{PRODUCTS} tbody tr.found');"
                            " return r ? Number(r.dataset.row) : null; })()")


def list_find_checks(session, driver):
    s = session

    def find_by_text():
        rows = s.evaluate(COUNT)
        if not rows or rows < 1500:
            raise TestFailure(f"the products list has {rows} rows, not 1,500 or more")
        target = 1400
        set_input(s, f"{PRODUCTS} .list-jump", str(target), "change")
        s.wait_for(f"!!document.querySelector('{PRODUCTS} tbody tr[data-row=\"{target}\"].found')", f"the jump reaches row {target}")
        title = s.evaluate(f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"{target}\"] [data-field=\"title\"]').textContent")
        s.evaluate(f"document.querySelector('{PRODUCTS} .pager-button[data-page=\"previous\"]').click(), true")
        set_input(s, f"{PRODUCTS} .list-search", title, "input")
        found = s.wait_for(f"{TOOLS}.querySelector('.list-found').textContent", "the search answers")
        if not found.startswith(f"row {target}: match 1 of ") or marked_row(s) != target:
            raise TestFailure(f"searching {title!r} says {found!r}, marks row {marked_row(s)}")
        set_input(s, f"{PRODUCTS} .list-search", "no such product anywhere", "input")
        if s.evaluate(f"{TOOLS}.querySelector('.list-found').textContent") != "no row matches":
            raise TestFailure("a search that matches nothing does not say so")
        print(f"      {rows} rows: {title!r} found at row {target}", flush=True)
    s.check("a 1,500-row list finds a row by its text and jumps to a row number", find_by_text)

    def change_off_page():
        set_input(s, f"{PRODUCTS} .list-jump", "0", "change")
        s.wait_for(f"!!document.querySelector('{PRODUCTS} tbody tr[data-row=\"0\"]')", "the first page")
        driver.line("run products.toggle 120")
        pointer = f"{TOOLS}.querySelector('.list-changed')"
        s.wait_for(f"!{pointer}.hidden && {pointer}.textContent === 'row 120 changed ↓'", "the pointer says row 120 changed ↓")
        s.evaluate(f"{pointer}.click(), true")
        s.wait_for(f"!!document.querySelector('{PRODUCTS} tbody tr[data-row=\"120\"].found')", "the pointer reaches row 120")
        driver.line("run products.toggle 120")
    s.check("a change outside the page shown is pointed to (row 120 changed ↓) and reached", change_off_page)
