// Finding rows in a long list (more rows than one page): a search over the rows' text that
// steps from match to match, a jump to a row number, and a pointer to the latest change made
// outside the page shown ("row 120 changed ↓"). Each goes to the row's page and marks the
// row; the table itself still changes row by row (list-view.js).
import { h, setHidden, setText } from "./dom.js";

export class ListTools {
  /** `list` is the ListView whose rows these find (it provides rows, pageRange(), reveal()). */
  constructor(list, label) {
    this.list = list;
    this.matches = [];
    this.at = -1;
    this.query = h("input", { type: "search", class: "list-search", placeholder: "find rows…", "aria-label": `find rows of ${label}` });
    this.found = h("span", { class: "list-found", role: "status" });
    this.nextMatch = h("button", { type: "button", class: "list-next", disabled: true }, "next match");
    this.row = h("input", { type: "number", class: "list-jump", min: "0", placeholder: "row #", "aria-label": `go to row number of ${label}` });
    this.pointer = h("button", { type: "button", class: "list-changed", hidden: true });
    this.root = h("div", { class: "list-tools" }, this.query, this.nextMatch, this.found, this.row, this.pointer);
    this.query.addEventListener("input", () => this.search());
    this.query.addEventListener("keydown", (key) => { if (key.key === "Enter") this.step(); });
    this.nextMatch.addEventListener("click", () => this.step());
    this.row.addEventListener("change", () => {
      const index = Number(this.row.value);
      if (Number.isInteger(index) && index >= 0 && index < this.list.rows.length) this.list.reveal(index);
    });
    this.pointer.addEventListener("click", () => {
      this.list.reveal(Number(this.pointer.dataset.row));
      setHidden(this.pointer, true);
    });
  }

  /** Finds the rows whose text holds the query (case-insensitive) and shows the first. */
  search() {
    const query = this.query.value.trim().toLowerCase();
    this.matches = [];
    this.at = -1;
    if (query) {
      this.list.rows.forEach((row, index) => {
        if (JSON.stringify(row).toLowerCase().includes(query)) this.matches.push(index);
      });
    }
    this.nextMatch.disabled = this.matches.length < 2;
    if (!query) return setText(this.found, "");
    if (!this.matches.length) return setText(this.found, "no row matches");
    this.step();
  }

  /** Shows the next match. */
  step() {
    if (!this.matches.length) return;
    this.at = (this.at + 1) % this.matches.length;
    const index = this.matches[this.at];
    setText(this.found, `row ${index}: match ${this.at + 1} of ${this.matches.length}`);
    this.list.reveal(index);
  }

  /** Row `index` changed outside the page shown: the pointer names it and goes there. */
  pointTo(index) {
    const [first] = this.list.pageRange();
    this.pointer.dataset.row = String(index);
    setText(this.pointer, `row ${index} changed ${index < first ? "↑" : "↓"}`);
    setHidden(this.pointer, false);
  }
}
