// A list output as a table, one page of PAGE_ROWS rows at a time with a pager: the table is
// built once; a patch rewrites only the rows it changes that are on the page, and changing
// pages rewrites only the page's rows — so one toggled row of a long list costs one <tr>.
import { counted, formatValue } from "./format.js";
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

function listCell(key, value) {
  const cell = h("td", { "data-field": key });
  if (key === "color" && typeof value === "string") {
    cell.append(swatch(value), value);
  } else if (typeof value === "boolean") {
    cell.dataset.kind = "boolean";
    cell.append(value ? (key === "isSelected" ? "✓ selected" : "✓ yes") : (key === "isSelected" ? "—" : "no"));
  } else if (typeof value === "string" && /^https?:\/\//.test(value)) {
    cell.append(h("code", { class: "url" }, value));
  } else if (typeof value === "string") {
    cell.append(value);
  } else {
    cell.append(formatValue(value));
  }
  return cell;
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
    this.body = h("tbody");
    this.head = h("tr");
    this.table = h("table", { class: "list" },
      h("caption", { class: "visually-hidden" }, `${vm}.${name}`), h("thead", {}, this.head), this.body);
    this.scroll = h("div", { class: "table-scroll", role: "region", tabindex: "0" }, this.table);
    this.previous = h("button", { type: "button", class: "pager-button", "data-page": "previous" }, "‹ previous");
    this.next = h("button", { type: "button", class: "pager-button", "data-page": "next" }, "next ›");
    this.pageLabel = h("span", { class: "pager-label" });
    this.pager = h("div", { class: "pager", hidden: true }, this.previous, this.pageLabel, this.next);
    this.previous.addEventListener("click", () => this.showPage(this.page - 1));
    this.next.addEventListener("click", () => this.showPage(this.page + 1));
    this.empty = h("span", { class: "empty" }, "empty list");
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
  }

  /** `rows` is the list after a change of `changed` ([index, row] pairs): patch those. */
  patch(rows, changed) {
    this.rows = rows;
    if (this.updateColumns(changed.map(([, row]) => row))) return this.setRows(rows, true);
    this.page = Math.min(this.page, this.pageCount - 1);
    this.frame();
    this.fitPage();
    const first = this.page * PAGE_ROWS;
    for (const [index] of changed) {
      if (index < first || index >= first + PAGE_ROWS || index >= rows.length) continue;
      const old = this.body.children[index - first];
      const fresh = this.rowElement(index);
      if (old) old.replaceWith(fresh); else this.body.append(fresh);
      flash(fresh);
    }
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
    const labels = Object.fromEntries(this.fields.map((field) => [field.name, field.label]));
    this.head.replaceChildren(h("th", { scope: "col", class: "index" }, "#"),
      ...columns.map((column) => h("th", { scope: "col" }, labels[column] || column)));
    return true;
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
    const parts = length === 0 ? [this.count, this.empty] : [this.count, this.pager, this.scroll];
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
    const first = this.page * PAGE_ROWS;
    const fresh = [];
    for (let index = first; index < first + this.pageLength(); index += 1) {
      const tr = this.rowElement(index);
      if (before && before[index - first] !== JSON.stringify(this.rows[index])) flash(tr);
      fresh.push(tr);
    }
    this.body.replaceChildren(...fresh);
  }

  /** Adds or removes rows at the page's end after the list's length changed. */
  fitPage() {
    const first = this.page * PAGE_ROWS;
    const want = this.pageLength();
    while (this.body.childElementCount > want) this.body.lastElementChild.remove();
    for (let index = first + this.body.childElementCount; index < first + want; index += 1) {
      const tr = this.rowElement(index);
      this.body.append(tr);
      flash(tr);
    }
  }

  rowElement(index) {
    const row = this.rows[index];
    const tr = h("tr", { "data-row": index }, h("th", { scope: "row", class: "index" }, index));
    if (this.columns.length && row && typeof row === "object" && !Array.isArray(row)) {
      for (const key of this.columns) tr.append(listCell(key, row[key]));
    } else {
      tr.append(h("td", { colspan: Math.max(this.columns.length, 1) }, formatValue(row)));
    }
    if (row && row.isSelected === true) tr.classList.add("selected");
    return tr;
  }
}
