// A list output as a table, one page of PAGE_ROWS rows at a time with a pager: the table is
// built once; a patch rewrites only the rows it changes that are on the page, and changing
// pages rewrites only the page's rows — so one toggled row of a long list costs one <tr>.
// Each row is laid out on its own (style.css: a grid per row on the table's --list-columns),
// so that one <tr> is also all the browser lays out and paints again.
import { counted, formatValue } from "./format.js";
import { isNested, jsonTree } from "./json-tree.js";
import { ListTools } from "./list-tools.js";
import { flash, h, setData, setHidden, setText, swatch } from "./dom.js";

const PAGE_ROWS = 100;
// A page of more rows than this scrolls in a box of fixed height (style.css: .tall).
const TALL_ROWS = 12;

/** The columns of a list: the surface's item fields in order, then any other row keys. */
function columnsFor(rows, fields) {
  const keys = [];
  for (const row of rows) {
    if (row && typeof row === "object" && !Array.isArray(row)) {
      for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
    }
  }
  if (keys.length === 0) return [];
  const known = fields.map((field) => field.name);
  return known.concat(keys.filter((key) => !known.includes(key)));
}

/** The text a cell shows for `value` in column `key`. */
function cellText(key, value) {
  if (typeof value === "boolean") return value ? (key === "isSelected" ? "✓ selected" : "✓ yes") : (key === "isSelected" ? "—" : "no");
  return typeof value === "string" ? value : formatValue(value);
}

function listCell(key, value) {
  const cell = h("td", { role: "cell", "data-field": key });
  const text = cellText(key, value);
  if (typeof value === "boolean") cell.dataset.kind = "boolean";
  // A date (as the daemon writes it) wraps only at its "T", never mid-number.
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) cell.dataset.kind = "date";
  if (key === "color" && typeof value === "string") cell.append(swatch(value), text);
  else if (typeof value === "string" && /^https?:\/\//.test(value)) cell.append(h("code", { class: "url" }, text));
  else cell.append(isNested(value) ? jsonTree(value) : text);
  return cell;
}

// Column widths, in characters of the widest text seen, are kept within these bounds. A
// column of short texts (up to SHORT_TEXT characters: a year, a flag, a colour name) is never
// narrower than them, so they stay on one line; one of longer texts wraps them, down to
// WRAPPED_COLUMN characters.
const NARROWEST_COLUMN = 3;
const WIDEST_COLUMN = 40;
const SHORT_TEXT = 12;
const WRAPPED_COLUMN = 8;
// A colour cell shows a chip before its text: about this many characters wide.
const SWATCH_CHARACTERS = 3;

/**
 * The rows' shared grid-template-columns: the row-number column as wide as `lastNumber` (the last row number shown), and
 * each column a share of the rest in proportion to the longest text of its header and of
 * `rows` (a page). Where even that does not fit, the box scrolls sideways.
 */
function columnTemplate(columns, labels, rows, lastNumber) {
  const padding = "1rem"; // a cell's own padding, left and right (style.css)
  const index = `calc(${String(lastNumber).length}ch + ${padding})`;
  if (!columns.length) return `${index} minmax(0, 1fr)`;
  const tracks = columns.map((key) => {
    let widest = String(labels[key] || key).length;
    for (const row of rows) {
      if (!row || typeof row !== "object") continue;
      const extra = key === "color" && typeof row[key] === "string" ? SWATCH_CHARACTERS : 0;
      widest = Math.max(widest, cellText(key, row[key]).length + extra);
    }
    const width = Math.max(NARROWEST_COLUMN, Math.min(WIDEST_COLUMN, widest));
    const least = width <= SHORT_TEXT ? width : WRAPPED_COLUMN;
    return `minmax(calc(${least}ch + ${padding}), ${width}fr)`;
  });
  return [index, ...tracks].join(" ");
}

export class ListView {
  /** `target` is the output's value cell, `pair` its row; `fields` the surface's item fields. */
  constructor(target, pair, vm, name, fields) {
    this.target = target;
    this.pair = pair;
    this.vm = vm;
    this.name = name;
    this.fields = fields || [];
    this.rows = [];
    this.page = 0;
    this.columns = [];
    this.columnKey = "";
    this.count = h("span", { class: "count" });
    // The roles are spelled out: some browsers (WebKit) drop a table's semantics from the
    // accessibility tree when its parts are not displayed as table parts, as here.
    this.body = h("tbody", { role: "rowgroup" });
    this.head = h("tr", { role: "row" });
    this.table = h("table", { class: "list", role: "table" },
      h("caption", { class: "visually-hidden" }, `${vm}.${name}`), h("thead", { role: "rowgroup" }, this.head), this.body);
    this.scroll = h("div", { class: "table-scroll", role: "region", tabindex: "0" }, this.table);
    this.previous = h("button", { type: "button", class: "pager-button", "data-page": "previous" }, "‹ previous");
    this.next = h("button", { type: "button", class: "pager-button", "data-page": "next" }, "next ›");
    this.pageLabel = h("span", { class: "pager-label" });
    this.pager = h("div", { class: "pager", hidden: true }, this.previous, this.pageLabel, this.next);
    this.previous.addEventListener("click", () => this.showPage(this.page - 1));
    this.next.addEventListener("click", () => this.showPage(this.page + 1));
    this.empty = h("span", { class: "empty" }, "empty list");
    this.tools = new ListTools(this, `${vm}.${name}`);
    this.found = -1; // the index of the row a search, a jump or a pointer marked (-1: none)
  }

  /** The first index of the page shown and the one past its last. */
  pageRange() {
    const first = this.page * PAGE_ROWS;
    return [first, first + this.pageLength()];
  }

  /** Shows row `index`'s page and marks the row (found by a search, a jump or a pointer). */
  reveal(index) {
    this.found = index;
    this.showPage(Math.floor(index / PAGE_ROWS));
    for (const marked of this.body.querySelectorAll("tr.found")) marked.classList.remove("found");
    const tr = this.body.children[index - this.page * PAGE_ROWS];
    if (!tr) return;
    tr.classList.add("found");
    tr.scrollIntoView({ block: "nearest" });
  }

  get pageCount() { return Math.max(1, Math.ceil(this.rows.length / PAGE_ROWS)); }

  /** Shows a whole new list; rows on the page that differ flash. */
  setRows(rows, animate) {
    const before = animate ? this.pageRowsJSON() : null;
    this.rows = rows;
    this.updateColumns(rows);
    this.page = Math.min(this.page, this.pageCount - 1);
    this.frame();
    this.fillPage(before);
    this.tools.rowsChanged();
  }

  /** `rows` is the list after a change of `changed` ([index, row] pairs): patch those. */
  patch(rows, changed) {
    this.rows = rows;
    if (this.updateColumns(changed.map(([, row]) => row))) return this.setRows(rows, true);
    this.page = Math.min(this.page, this.pageCount - 1);
    this.frame();
    // The columns are sized again when rows came or went, not for a row changed in place:
    // a new template restyles and lays out every row of the page.
    if (this.fitPage()) this.fitColumns();
    const first = this.page * PAGE_ROWS;
    for (const [index] of changed) {
      if (index >= rows.length) continue;
      if (index < first || index >= first + PAGE_ROWS) { this.tools.pointTo(index); continue; }
      const old = this.body.children[index - first];
      const fresh = this.rowElement(index);
      if (old) old.replaceWith(fresh); else this.body.append(fresh);
      flash(fresh);
    }
    this.tools.rowsChanged();
  }

  pageLength() {
    return Math.max(0, Math.min(PAGE_ROWS, this.rows.length - this.page * PAGE_ROWS));
  }

  pageRowsJSON() {
    const first = this.page * PAGE_ROWS;
    return this.rows.slice(first, first + PAGE_ROWS).map((row) => JSON.stringify(row));
  }

  /** Adds columns for keys not seen before; true when the header changed. */
  updateColumns(rows) {
    const seen = this.columns.length ? [Object.fromEntries(this.columns.map((key) => [key, null]))] : [];
    const columns = columnsFor(seen.concat(rows), this.fields);
    const key = columns.join("\u0000");
    if (key === this.columnKey) return false;
    this.columns = columns;
    this.columnKey = key;
    const labels = this.labels();
    this.head.replaceChildren(h("th", { scope: "col", role: "columnheader", class: "index" }, "#"),
      ...columns.map((column) => h("th", { scope: "col", role: "columnheader" }, labels[column] || column)));
    return true;
  }

  labels() {
    return Object.fromEntries(this.fields.map((field) => [field.name, field.label]));
  }

  /** Sizes the columns for the page shown (a change of the template restyles every row). */
  fitColumns() {
    const first = this.page * PAGE_ROWS;
    const template = columnTemplate(this.columns, this.labels(), this.rows.slice(first, first + PAGE_ROWS),
      first + Math.max(1, this.pageLength()));
    if (this.table.style.getPropertyValue("--list-columns") !== template) this.table.style.setProperty("--list-columns", template);
  }

  /** The count, the pager and the table (or "empty list") in the output's cell. */
  frame() {
    const length = this.rows.length;
    if (this.target.hasAttribute("title")) this.target.removeAttribute("title");
    setData(this.target, "kind", "list");
    setData(this.pair, "count", String(length));
    setText(this.count, counted(length, "row"));
    const label = `${this.vm}.${this.name}, ${counted(length, "row")}`;
    if (this.scroll.getAttribute("aria-label") !== label) this.scroll.setAttribute("aria-label", label);
    setHidden(this.pager, length <= PAGE_ROWS);
    if (this.scroll.classList.contains("tall") !== this.pageLength() > TALL_ROWS) this.scroll.classList.toggle("tall");
    setText(this.pageLabel, `rows ${this.page * PAGE_ROWS + 1}–${this.page * PAGE_ROWS + this.pageLength()} of ${length}`);
    if (this.previous.disabled !== (this.page === 0)) this.previous.disabled = this.page === 0;
    const last = this.page >= this.pageCount - 1;
    if (this.next.disabled !== last) this.next.disabled = last;
    const parts = length === 0 ? [this.count, this.empty]
      : length > PAGE_ROWS ? [this.count, this.tools.root, this.pager, this.scroll] : [this.count, this.pager, this.scroll];
    if (this.target.childElementCount !== parts.length || parts.some((part, index) => this.target.children[index] !== part)) {
      this.target.replaceChildren(...parts);
    }
  }

  showPage(page) {
    const next = Math.max(0, Math.min(page, this.pageCount - 1));
    if (next === this.page) return;
    this.page = next;
    this.frame();
    this.fillPage(null);
  }

  /** Rebuilds the page's rows; with `before` (the page's old rows as JSON) changed ones flash. */
  fillPage(before) {
    this.fitColumns();
    const first = this.page * PAGE_ROWS;
    const fresh = [];
    for (let index = first; index < first + this.pageLength(); index += 1) {
      const tr = this.rowElement(index);
      if (before && before[index - first] !== JSON.stringify(this.rows[index])) flash(tr);
      fresh.push(tr);
    }
    this.body.replaceChildren(...fresh);
  }

  /** Adds or removes rows at the page's end after the list's length changed; true if it did. */
  fitPage() {
    const first = this.page * PAGE_ROWS;
    const want = this.pageLength();
    const had = this.body.childElementCount;
    while (this.body.childElementCount > want) this.body.lastElementChild.remove();
    for (let index = first + this.body.childElementCount; index < first + want; index += 1) {
      const tr = this.rowElement(index);
      this.body.append(tr);
      flash(tr);
    }
    return had !== want;
  }

  rowElement(index) {
    const row = this.rows[index];
    // Numbered from 1, as the pager ("rows 1–100") and the finder say it; data-row is the index.
    const tr = h("tr", { role: "row", "data-row": index }, h("th", { scope: "row", role: "rowheader", class: "index" }, index + 1));
    if (index === this.found) tr.classList.add("found");
    if (this.columns.length && row && typeof row === "object" && !Array.isArray(row)) {
      for (const key of this.columns) tr.append(listCell(key, row[key]));
    } else {
      tr.append(h("td", { role: "cell", colspan: Math.max(this.columns.length, 1) }, formatValue(row)));
    }
    if (row && row.isSelected === true) tr.classList.add("selected");
    return tr;
  }
}
