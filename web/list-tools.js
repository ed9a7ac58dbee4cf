// Finding rows in a long list (more rows than one page): a search over the rows' values (not
// their field names: "title" would match every row) that steps from match to match and keeps
// its count true as rows change, a jump to a row number, and a pointer to the latest change
// made outside the page shown ("row 121 changed ↓"). Each goes to the row's page and marks the
// row. Rows are numbered from 1 everywhere, as the table and its pager number them ("rows
// 1201–1300"); indexes (data-row, the change feed's) stay from 0. The table itself still
// changes row by row (list-view.js).
import { h, setHidden, setText } from "./dom.js";

/** The text of a row's values, lowercased: each field's value, never its name. */
export function rowText(row) {
  if (row === null || typeof row !== "object") return String(row).toLowerCase();
  const values = Array.isArray(row) ? row : Object.values(row);
  return values.map((value) => (value !== null && typeof value === "object" ? rowText(value) : String(value))).join("\u0000").toLowerCase();
}

export class ListTools {
  /** `list` is the ListView whose rows these find (it provides rows, pageRange(), reveal()). */
  constructor(list, label) {
    this.list = list;
    this.matches = [];
    this.at = -1;
    this.query = h("input", { type: "search", class: "list-search", placeholder: "find rows…", "aria-label": `find rows of ${label}` });
    this.found = h("span", { class: "list-found", role: "status" });
    this.nextMatch = h("button", { type: "button", class: "list-next", disabled: true }, "next match");
    this.row = h("input", { type: "number", class: "list-jump", min: "1", placeholder: "row #", "aria-label": `go to row number (from 1) of ${label}` });
    this.pointer = h("button", { type: "button", class: "list-changed", hidden: true });
    this.root = h("div", { class: "list-tools" }, this.query, this.nextMatch, this.found, this.row, this.pointer);
    this.query.addEventListener("input", () => this.search());
    this.query.addEventListener("keydown", (key) => { if (key.key === "Enter") this.step(); });
    this.nextMatch.addEventListener("click", () => this.step());
    this.row.addEventListener("change", () => {
      const index = Number(this.row.value) - 1;
      if (Number.isInteger(index) && index >= 0 && index < this.list.rows.length) this.list.reveal(index);
    });
    this.pointer.addEventListener("click", () => {
      this.list.reveal(Number(this.pointer.dataset.row));
      setHidden(this.pointer, true);
    });
  }

  /** The indexes of the rows whose values hold the query (case-insensitive). */
  matching(query) {
    const matches = [];
    this.list.rows.forEach((row, index) => {
      if (rowText(row).includes(query)) matches.push(index);
    });
    return matches;
  }

  /** Finds the rows whose values hold the query and shows the first. */
  search() {
    const query = this.query.value.trim().toLowerCase();
    this.matches = query ? this.matching(query) : [];
    this.at = -1;
    this.nextMatch.disabled = this.matches.length < 2;
    if (!query) return setText(this.found, "");
    if (!this.matches.length) return setText(this.found, "no row matches");
    this.step();
  }

  /** Shows the next match. */
  step() {
    if (!this.matches.length) return;
    this.at = (this.at + 1) % this.matches.length;
    this.showFound();
    this.list.reveal(this.matches[this.at]);
  }

  showFound() {
    setText(this.found, `row ${this.matches[this.at] + 1}: match ${this.at + 1} of ${this.matches.length}`);
  }

  /**
   * The rows changed: while a search is open its matches are counted again (the row shown
   * stays the one found, or the nearest match after it), without moving the page.
   */
  rowsChanged() {
    const query = this.query.value.trim().toLowerCase();
    if (!query) return;
    const current = this.at >= 0 ? this.matches[this.at] : -1;
    this.matches = this.matching(query);
    this.nextMatch.disabled = this.matches.length < 2;
    if (!this.matches.length) { this.at = -1; return setText(this.found, "no row matches"); }
    const next = this.matches.findIndex((index) => index >= current);
    this.at = next < 0 ? 0 : next;
    this.showFound();
  }

  /** Row `index` changed outside the page shown: the pointer names it (from 1) and goes there. */
  pointTo(index) {
    const [first] = this.list.pageRange();
    this.pointer.dataset.row = String(index);
    setText(this.pointer, `row ${index + 1} changed ${index < first ? "↑" : "↓"}`);
    setHidden(this.pointer, false);
  }
}
