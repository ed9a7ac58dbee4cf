"""Finding rows of a long list (at least 1,500 products, grown by scale_checks) in the page,
against the real daemon: a search by a row's text reaches its page and marks it, a jump to a
row number does too, and a change outside the page shown is pointed to and reached. Rows are
numbered from 1 everywhere (the table, the pager, the finder, the jump, the pointer); a search
matches values, never field names; the found row keeps its outline when it changes, and the
match count follows the rows as they change."""

import re

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
        number = 1400  # from 1, as the pager says "rows 1301–1400": index 1399
        index = number - 1
        set_input(s, f"{PRODUCTS} .list-jump", str(number), "change")
        s.wait_for(f"!!document.querySelector('{PRODUCTS} tbody tr[data-row=\"{index}\"].found')", f"the jump reaches row {number}")
        shown = s.evaluate(f"[document.querySelector('{PRODUCTS} tbody tr[data-row=\"{index}\"] th').textContent,"
                           f" document.querySelector('{PRODUCTS} .pager-label').textContent]")
        if shown[0] != str(number) or not shown[1].startswith("rows 1301–1400 of"):
            raise TestFailure(f"row {number} is numbered {shown[0]!r} under {shown[1]!r}")
        title = s.evaluate(f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"{index}\"] [data-field=\"title\"]').textContent")
        s.evaluate(f"document.querySelector('{PRODUCTS} .pager-button[data-page=\"previous\"]').click(), true")
        set_input(s, f"{PRODUCTS} .list-search", title, "input")
        found = s.wait_for(f"{TOOLS}.querySelector('.list-found').textContent", "the search answers")
        if not found.startswith(f"row {number}: match 1 of ") or marked_row(s) != index:
            raise TestFailure(f"searching {title!r} says {found!r}, marks row index {marked_row(s)}")
        set_input(s, f"{PRODUCTS} .list-search", "no such product anywhere", "input")
        if s.evaluate(f"{TOOLS}.querySelector('.list-found').textContent") != "no row matches":
            raise TestFailure("a search that matches nothing does not say so")
        print(f"      {rows} rows: {title!r} found at row {number}", flush=True)
    s.check("a 1,500-row list finds a row by its text and jumps to a row number (from 1, as the pager)", find_by_text)

    def values_not_names():
        for name in ("title", "isSelected", "color"):
            set_input(s, f"{PRODUCTS} .list-search", name, "input")
            said = s.evaluate(f"{TOOLS}.querySelector('.list-found').textContent")
            if said != "no row matches":
                raise TestFailure(f"searching the field name {name!r} says {said!r}")
        set_input(s, f"{PRODUCTS} .list-search", "", "input")
    s.check("the row finder matches values, never field names ('title' matches no row)", values_not_names)

    def found_row_changes():
        index = 1399
        set_input(s, f"{PRODUCTS} .list-jump", str(index + 1), "change")
        row = f"document.querySelector('{PRODUCTS} tbody tr[data-row=\"{index}\"]')"
        s.wait_for(f"{row}?.classList.contains('found')", "the row is found")
        selected = s.evaluate(f"{row}.classList.contains('selected')")
        driver.line(f"run products.toggle {index}")
        s.wait_for(f"{row}.classList.contains('selected') !== {str(selected).lower()}", "the found row changes")
        if not s.evaluate(f"{row}.classList.contains('found')"):
            raise TestFailure("the found row lost its outline when it changed")
        driver.line(f"run products.toggle {index}")
    s.check("the found row keeps its outline when it changes", found_row_changes)

    def count_follows_rows():
        selected = s.evaluate(f"document.querySelectorAll('{PRODUCTS} tbody tr.selected').length")
        set_input(s, f"{PRODUCTS} .list-search", "true", "input")
        found = s.wait_for(f"{TOOLS}.querySelector('.list-found').textContent", "the search answers")
        match = re.fullmatch(r"row (\d+): match 1 of (\d+)", found)
        count = int(match.group(2)) if match else 0
        unselected = s.evaluate(f"Number([...document.querySelectorAll('{PRODUCTS} tbody tr:not(.selected)')].at(-1)?.dataset.row ?? -1)")
        if unselected < 0:
            raise TestFailure(f"no unselected row on the page ({selected} selected)")
        driver.line(f"run products.toggle {unselected}")
        s.wait_for(f"{TOOLS}.querySelector('.list-found').textContent.endsWith(' of {count + 1}')",
                   f"the count goes from {count} to {count + 1} as a row becomes a match")
        driver.line(f"run products.toggle {unselected}")
        s.wait_for(f"{TOOLS}.querySelector('.list-found').textContent.endsWith(' of {count}')", "and back")
        set_input(s, f"{PRODUCTS} .list-search", "", "input")
    s.check("the finder's match count follows the rows as they change", count_follows_rows)

    def change_off_page():
        set_input(s, f"{PRODUCTS} .list-jump", "1", "change")
        s.wait_for(f"!!document.querySelector('{PRODUCTS} tbody tr[data-row=\"0\"]')", "the first page")
        driver.line("run products.toggle 120")
        pointer = f"{TOOLS}.querySelector('.list-changed')"
        s.wait_for(f"!{pointer}.hidden && {pointer}.textContent === 'row 121 changed ↓'", "the pointer says row 121 changed ↓")
        s.evaluate(f"{pointer}.click(), true")
        s.wait_for(f"!!document.querySelector('{PRODUCTS} tbody tr[data-row=\"120\"].found')", "the pointer reaches row 121")
        driver.line("run products.toggle 120")
    s.check("a change outside the page shown is pointed to (row 121 changed ↓, index 120) and reached", change_off_page)
