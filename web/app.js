// Bindery dashboard: polls binderyd's read-only JSON endpoint (docs/HTTP.md) and renders
// every view model's bound state. No framework, no build step; data only ever reaches the
// page through textContent and attributes, never as markup.
"use strict";

(() => {
  const LONG_POLL_SECONDS = 25;
  // A daemon that answers at once (no long-poll support) is still polled at most once a second.
  const MIN_IDLE_POLL_MS = 1000;
  // While values change continuously, render at most ten times a second.
  const MIN_BUSY_POLL_MS = 100;
  const BACKOFF_FIRST_MS = 500;
  const BACKOFF_MAX_MS = 15000;
  const REQUEST_TIMEOUT_MS = (LONG_POLL_SECONDS + 10) * 1000;
  const FLASH_MS = 1600;
  // A list shows this many rows a page: patching or paging costs the page, not the list.
  const PAGE_ROWS = 100;
  const EVENT_LIMIT = 250;
  const SVG_NS = "http://www.w3.org/2000/svg";

  const dom = {
    status: document.getElementById("status"),
    statusDetail: document.getElementById("status-detail"),
    updated: document.getElementById("updated"),
    version: document.getElementById("version"),
    cards: document.getElementById("cards"),
    eventList: document.getElementById("event-list"),
    eventsEmpty: document.getElementById("events-empty"),
  };

  let surface = null;       // viewModels object of /api/surface
  let stateVersion = null;  // version of the state on screen
  let eventCursor = 0;      // newest event version shown
  const cards = new Map();  // vm name -> Card
  const lastSeen = new Map(); // "vm|kind|name" -> JSON of the value on screen

  // ---- small DOM helpers ---------------------------------------------------------------

  function h(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function s(tag, attributes) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
    return node;
  }

  const flashTimers = new WeakMap();

  /**
   * Adds `className` to `node` for FLASH_MS, restarting the effect if it is already on. The
   * class comes back on the next frame rather than after a forced layout, so a batch of
   * flashes costs one style pass, not one layout each.
   */
  function pulse(node, className) {
    if (!node) return;
    const timers = flashTimers.get(node) || {};
    clearTimeout(timers[className]);
    cancelAnimationFrame(timers[`${className}-frame`]);
    if (node.classList.contains(className)) {
      node.classList.remove(className);
      timers[`${className}-frame`] = requestAnimationFrame(() => node.classList.add(className));
    } else {
      node.classList.add(className);
    }
    timers[className] = setTimeout(() => node.classList.remove(className), FLASH_MS);
    flashTimers.set(node, timers);
  }

  function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  function clockTime(date, withMillis) {
    const pad = (n, w = 2) => String(n).padStart(w, "0");
    const base = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    return withMillis ? `${base}.${pad(date.getMilliseconds(), 3)}` : base;
  }

  function timeElement(iso, withMillis) {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return h("time", {}, String(iso));
    return h("time", { datetime: date.toISOString(), title: date.toISOString() }, clockTime(date, withMillis));
  }

  function formatDuration(ms) {
    if (typeof ms !== "number" || !Number.isFinite(ms)) return "";
    if (ms < 10) return `${ms.toFixed(1)} ms`;
    if (ms < 1000) return `${Math.round(ms)} ms`;
    return `${(ms / 1000).toFixed(2)} s`;
  }

  /** A one-line rendering of any JSON value: strings quoted, nil for null, lists counted. */
  function formatValue(value) {
    if (value === null || value === undefined) return "nil";
    if (typeof value === "string") return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? "" : "s"}]`;
    if (typeof value === "object") {
      const text = JSON.stringify(value);
      return text.length > 120 ? `${text.slice(0, 117)}…` : text;
    }
    return String(value);
  }

  function valueKind(value) {
    if (value === null || value === undefined) return "nil";
    if (Array.isArray(value)) return "list";
    return typeof value;
  }

  function looksLikeColour(name, value) {
    return typeof value === "string" && value !== "" && /colou?r$/i.test(name);
  }

  function swatch(colour) {
    const chip = h("span", { class: "swatch", "aria-hidden": "true" });
    chip.style.backgroundColor = colour; // CSSOM, allowed by the CSP; invalid colours are ignored
    return chip;
  }

  /** Fills `target` with a value rendering: text, plus a colour chip for colour values. */
  function showValue(target, name, value) {
    target.replaceChildren();
    target.dataset.kind = valueKind(value);
    if (looksLikeColour(name, value)) target.append(swatch(value));
    target.append(formatValue(value));
    if (typeof value === "object" && value !== null) target.title = JSON.stringify(value);
    else target.removeAttribute("title");
  }

  // ---- network ---------------------------------------------------------------------------

  async function fetchJSON(path, headers) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(path, { headers: headers || {}, cache: "no-store", signal: controller.signal });
      if (response.status === 304) return { notModified: true };
      if (!response.ok) throw new Error(`${path.split("?")[0]} answered HTTP ${response.status}`);
      return { body: await response.json() };
    } finally {
      clearTimeout(timer);
    }
  }

  async function loadSurface() {
    const { body } = await fetchJSON("api/surface");
    if (!body || typeof body.viewModels !== "object" || body.viewModels === null) {
      throw new Error("api/surface has no viewModels object");
    }
    surface = body.viewModels;
    for (const card of cards.values()) card.root.remove();
    cards.clear();
    lastSeen.clear();
  }

  /**
   * One long-poll of the change feed (/api/changes): patches what changed and returns true
   * when the version moved. A reset (first poll, a cursor from another run or too old)
   * renders the whole state.
   */
  async function pollState() {
    const first = stateVersion === null;
    const path = first ? "api/changes" : `api/changes?since=${stateVersion}&wait=${LONG_POLL_SECONDS}`;
    const result = await fetchJSON(path);
    if (result.notModified) return false;
    const feed = result.body;
    if (!feed || typeof feed.version !== "number") throw new Error("api/changes has no version");
    if (feed.reset !== undefined) {
      const state = feed.reset;
      if (!state || typeof state.version !== "number" || typeof state.viewModels !== "object" || state.viewModels === null) {
        throw new Error("api/changes reset is not {version, viewModels}");
      }
      if ((stateVersion !== null && state.version < stateVersion) || eventCursor > state.version) {
        // Versions continue across restarts, so this is another state (e.g. --reset-state):
        // its versions and event log started over.
        if (stateVersion !== null) await loadSurface();
        resetEvents();
      }
      stateVersion = state.version;
      render(state);
    } else {
      if (!Array.isArray(feed.changes)) throw new Error("api/changes has neither changes nor reset");
      if (feed.version === stateVersion) return false;
      stateVersion = feed.version;
      applyChanges(feed.changes);
      showVersion(feed.version);
    }
    await pollEvents(!first);
    return true;
  }

  async function pollEvents(markNew) {
    const { body } = await fetchJSON(`api/events?since=${eventCursor}`);
    if (!body || !Array.isArray(body.events)) throw new Error("api/events has no events array");
    appendEvents(body.events, markNew);
  }

  function setStatus(state, detail) {
    const text = { live: "live", reconnecting: "reconnecting…", connecting: "connecting…" }[state];
    if (dom.status.dataset.state !== state) {
      dom.status.dataset.state = state;
      dom.status.textContent = text;
    }
    dom.statusDetail.textContent = detail || "";
  }

  async function pollForever() {
    let backoff = BACKOFF_FIRST_MS;
    for (;;) {
      const started = performance.now();
      try {
        if (surface === null) await loadSurface();
        const changed = await pollState();
        setStatus("live");
        backoff = BACKOFF_FIRST_MS;
        const floor = changed ? MIN_BUSY_POLL_MS : MIN_IDLE_POLL_MS;
        const elapsed = performance.now() - started;
        if (elapsed < floor) await sleep(floor - elapsed);
      } catch (error) {
        // The daemon may come back as another build: reload its surface and state then
        // (a plain read, not a long-poll of the version we had: that would leave the
        // rebuilt cards empty until the next change).
        surface = null;
        stateVersion = null;
        const wait = Math.round(backoff * (0.8 + Math.random() * 0.4));
        const reason = error && error.name === "AbortError" ? "request timed out" : (error && error.message) || "unreachable";
        setStatus("reconnecting", `${reason}; retrying in ${(wait / 1000).toFixed(1)} s`);
        await sleep(wait);
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
      }
    }
  }

  // ---- cards -----------------------------------------------------------------------------

  /** Names in surface order, then any the state has that the surface does not list. */
  function orderedNames(fromSurface, fromState) {
    const names = (fromSurface || []).map((entry) => entry.name);
    for (const name of Object.keys(fromState || {})) if (!names.includes(name)) names.push(name);
    return names;
  }

  function surfaceOf(vm, vmState) {
    const known = (surface && surface[vm]) || {};
    return {
      inputs: known.inputs || Object.keys(vmState.inputs || {}).map((name) => ({ name })),
      outputs: known.outputs || Object.keys(vmState.outputs || {}).map((name) => ({ name, derivesFrom: [] })),
      commands: known.commands || Object.keys(vmState.commands || {}).map((name) => ({ name, argument: null, enabledDerivesFrom: [] })),
    };
  }

  class Card {
    constructor(vm, vmState) {
      this.vm = vm;
      this.shape = surfaceOf(vm, vmState);
      this.inputs = new Map();
      this.outputs = new Map();
      this.commands = new Map();
      const titleId = `vm-${vm}-title`;
      this.root = h("section", { class: "card", "data-vm": vm, "aria-labelledby": titleId },
        h("h3", { id: titleId, class: "card-title" }, vm));

      const inputNames = orderedNames(this.shape.inputs, vmState.inputs);
      if (inputNames.length) {
        const list = h("dl", { class: "pairs" });
        for (const name of inputNames) {
          const spec = this.shape.inputs.find((entry) => entry.name === name) || {};
          const value = h("dd", { class: "value" });
          list.append(h("div", { class: "pair", "data-input": name },
            h("dt", {}, name, spec.type ? h("span", { class: "type" }, spec.type) : null), value));
          this.inputs.set(name, value);
        }
        this.root.append(h("h4", {}, "Inputs"), list);
      }

      const outputNames = orderedNames(this.shape.outputs, vmState.outputs);
      if (outputNames.length) {
        const list = h("dl", { class: "pairs" });
        for (const name of outputNames) {
          const value = h("dd", { class: "value" });
          const pair = h("div", { class: "pair", "data-output": name }, h("dt", {}, name), value);
          list.append(pair);
          this.outputs.set(name, { pair, value, list: null });
        }
        this.root.append(h("h4", {}, "Outputs"), list);
      }

      const commandNames = orderedNames(this.shape.commands, vmState.commands);
      if (commandNames.length) {
        const list = h("ul", { class: "commands" });
        for (const name of commandNames) {
          const spec = this.shape.commands.find((entry) => entry.name === name) || {};
          const command = new CommandView(name, spec.argument);
          list.append(command.root);
          this.commands.set(name, command);
        }
        this.root.append(h("h4", {}, "Commands"), list);
      }

      this.graph = new BindingGraph(vm, this.shape, inputNames, outputNames, commandNames);
      this.root.append(this.graph.root);
    }

    /** Updates the card to `vmState`; flashes and lights what changed since the last render. */
    update(vmState, animate) {
      const changed = new Set();
      const track = (kind, name, value) => {
        const key = `${this.vm}|${kind}|${name}`;
        const json = JSON.stringify(value === undefined ? null : value);
        if (lastSeen.get(key) === json) return false;
        lastSeen.set(key, json);
        return true;
      };

      for (const [name, target] of this.inputs) {
        const value = (vmState.inputs || {})[name];
        if (!track("input", name, value)) continue;
        showValue(target, name, value);
        if (animate) { pulse(target, "flash"); changed.add(`in:${name}`); }
      }
      for (const [name, view] of this.outputs) {
        const value = (vmState.outputs || {})[name];
        if (!track("output", name, value)) continue;
        this.showOutput(view, name, value, animate);
        if (animate) { pulse(view.value, "flash"); changed.add(`out:${name}`); }
      }
      for (const [name, view] of this.commands) {
        const value = (vmState.commands || {})[name] || {};
        if (!track("command", name, value)) continue;
        const enabledChanged = view.update(value, animate);
        if (animate && enabledChanged) changed.add(`cmd:${name}`);
      }
      this.graph.update(vmState, changed);
      this.state = vmState;
    }

    showOutput(view, name, value, animate) {
      if (Array.isArray(value)) {
        if (!view.list) view.list = new ListView(view, this.vm, name);
        view.list.setRows(value, animate);
      } else {
        if (view.list) { view.list = null; view.pair.removeAttribute("data-count"); }
        showValue(view.value, name, value);
      }
    }

    /**
     * Applies one change-feed entry (docs/HTTP.md): only the member it names is touched, and
     * of a list only the rows it carries (on the page shown).
     */
    applyChange(change, changed) {
      const part = `${change.part}s`;
      const members = this.state[part] || (this.state[part] = {});
      const name = change.name;
      lastSeen.delete(`${this.vm}|${change.part}|${name}`); // a later reset compares afresh
      if (change.part === "input") {
        const target = this.inputs.get(name);
        members[name] = change.value;
        if (!target) return;
        showValue(target, name, change.value);
        pulse(target, "flash");
        changed.add(`in:${name}`);
      } else if (change.part === "output") {
        const view = this.outputs.get(name);
        if ("value" in change) {
          members[name] = change.value;
          if (view) this.showOutput(view, name, change.value, true);
        } else {
          const rows = Array.isArray(members[name]) ? members[name] : [];
          rows.length = Math.min(rows.length, change.length);
          for (const [index, row] of change.rows || []) rows[index] = row;
          members[name] = rows;
          if (view && view.list) view.list.patch(rows, change.rows || []);
          else if (view) this.showOutput(view, name, rows, true);
        }
        if (view) { pulse(view.value, "flash"); changed.add(`out:${name}`); }
      } else if (change.part === "command") {
        members[name] = change.value;
        const view = this.commands.get(name);
        if (view && view.update(change.value || {}, true)) changed.add(`cmd:${name}`);
      }
    }
  }

  /** Applies a batch of change-feed entries, then lights the graphs of the cards touched. */
  function applyChanges(changes) {
    const touched = new Map();
    for (const change of changes) {
      const card = change && cards.get(change.vm);
      if (!card) continue;
      if (!touched.has(card)) touched.set(card, new Set());
      card.applyChange(change, touched.get(card));
    }
    for (const [card, changed] of touched) card.graph.update(card.state, changed);
  }

  /** A list output's item fields ({name, label}) as /api/surface describes them, or []. */
  function itemFieldsOf(vm, name) {
    const outputs = (surface && surface[vm] && surface[vm].outputs) || [];
    const output = outputs.find((o) => o.name === name);
    return (output && output.items) || [];
  }

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

  /**
   * A list output as a table of one page of rows (PAGE_ROWS), with a pager when longer. The
   * table is built once; a patch rewrites only the rows it changes that are on the page, and
   * changing pages rewrites only the page's rows.
   */
  class ListView {
    constructor(view, vm, name) {
      this.view = view;
      this.vm = vm;
      this.name = name;
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
      const before = this.pageRowsJSON();
      this.rows = rows;
      this.updateColumns(rows);
      this.page = Math.min(this.page, this.pageCount - 1);
      this.frame();
      this.fillPage(animate ? before : null);
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
        pulse(fresh, "flash");
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
      const fields = itemFieldsOf(this.vm, this.name);
      const seen = this.columns.length ? [Object.fromEntries(this.columns.map((key) => [key, null]))] : [];
      const columns = columnsFor(seen.concat(rows), fields);
      const key = columns.join("\u0000");
      if (key === this.columnKey) return false;
      this.columns = columns;
      this.columnKey = key;
      const labels = Object.fromEntries(fields.map((field) => [field.name, field.label]));
      this.head.replaceChildren(h("th", { scope: "col", class: "index" }, "#"),
        ...columns.map((column) => h("th", { scope: "col" }, labels[column] || column)));
      return true;
    }

    /** The count, the pager and the table (or "empty list") in the output's cell. */
    frame() {
      const target = this.view.value;
      const length = this.rows.length;
      target.removeAttribute("title");
      target.dataset.kind = "list";
      this.view.pair.dataset.count = String(length);
      this.count.textContent = `${length} row${length === 1 ? "" : "s"}`;
      this.scroll.setAttribute("aria-label", `${this.vm}.${this.name}, ${length} rows`);
      this.pager.hidden = length <= PAGE_ROWS;
      this.pageLabel.textContent = `rows ${this.page * PAGE_ROWS + 1}–${this.page * PAGE_ROWS + this.pageLength()} of ${length}`;
      this.previous.disabled = this.page === 0;
      this.next.disabled = this.page >= this.pageCount - 1;
      const parts = length === 0 ? [this.count, this.empty] : [this.count, this.pager, this.scroll];
      if (target.childElementCount !== parts.length || parts.some((part, index) => target.children[index] !== part)) {
        target.replaceChildren(...parts);
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
        if (before && before[index - first] !== JSON.stringify(this.rows[index])) pulse(tr, "flash");
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
        pulse(tr, "flash");
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

  class CommandView {
    constructor(name, argument) {
      this.enabled = null;
      this.name = name;
      this.badge = h("span", { class: "badge" });
      this.busy = h("span", { class: "busy", hidden: true }, h("span", { class: "spinner", "aria-hidden": "true" }), "executing");
      this.runs = h("dd", { class: "runs" }, "0");
      this.lastValue = h("dd", { class: "last-value" }, "nil");
      this.error = h("p", { class: "error", "data-error": "", hidden: true });
      const signature = argument && argument.name ? `(${argument.name}: ${argument.type || "value"})` : "";
      this.root = h("li", { class: "command", "data-command": name, "data-enabled": "false",
        "data-executing": "false", "aria-busy": "false" },
        h("div", { class: "command-head" },
          h("span", { class: "command-name" }, name, signature ? h("span", { class: "type" }, signature) : null),
          this.badge, this.busy),
        h("dl", { class: "command-facts" }, h("dt", {}, "runs"), this.runs, h("dt", {}, "last value"), this.lastValue),
        this.error);
    }

    /** Shows `state`; returns whether the enabled or executing flag changed. */
    update(state, animate) {
      const enabled = state.enabled === true;
      const executing = state.executing === true;
      const flagsChanged = this.root.dataset.enabled !== String(enabled) || this.root.dataset.executing !== String(executing);
      this.root.dataset.enabled = String(enabled);
      this.root.dataset.executing = String(executing);
      this.root.setAttribute("aria-busy", String(executing));
      this.badge.textContent = enabled ? "enabled" : "disabled";
      this.badge.dataset.state = enabled ? "enabled" : "disabled";
      this.busy.hidden = !executing;

      const runs = String(typeof state.runs === "number" ? state.runs : 0);
      if (this.runs.textContent !== runs) {
        this.runs.textContent = runs;
        if (animate) pulse(this.runs, "flash");
      }
      const lastValue = JSON.stringify(state.lastValue === undefined ? null : state.lastValue);
      if (this.lastValueJSON !== lastValue) {
        this.lastValueJSON = lastValue;
        showValue(this.lastValue, "", state.lastValue === undefined ? null : state.lastValue);
        if (animate) pulse(this.lastValue, "flash");
      }
      const failure = state.lastError;
      const errorJSON = JSON.stringify(failure === undefined ? null : failure);
      if (this.errorJSON !== errorJSON) {
        this.errorJSON = errorJSON;
        if (failure) {
          const message = typeof failure === "string" ? failure : failure.message || JSON.stringify(failure);
          this.error.replaceChildren(h("span", { class: "error-label" }, "failed: "), message);
          if (failure.at) this.error.append(" ", h("span", { class: "error-time" }, "at ", timeElement(failure.at, false)));
          this.error.hidden = false;
          if (animate) pulse(this.error, "flash");
        } else {
          this.error.replaceChildren();
          this.error.hidden = true;
        }
      }
      if (animate && flagsChanged) pulse(this.root, "flash");
      return flagsChanged;
    }
  }

  // ---- binding graph ---------------------------------------------------------------------

  const NODE_W = 128;
  const NODE_H = 26;
  const ROW_GAP = 10;
  const COL_GAP = 44;
  const TOP = 30;

  function clip(text, max) {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }

  /** Inline SVG of inputs → outputs → commands' enabled state, from the surface. */
  class BindingGraph {
    constructor(vm, shape, inputNames, outputNames, commandNames) {
      this.nodes = new Map();
      this.edges = [];
      const columns = [
        { title: "inputs", prefix: "in", names: inputNames },
        { title: "outputs", prefix: "out", names: outputNames },
        { title: "commands · enabled", prefix: "cmd", names: commandNames },
      ].filter((column) => column.names.length > 0);
      const tallest = Math.max(1, ...columns.map((column) => column.names.length));
      const width = Math.max(1, columns.length) * NODE_W + Math.max(0, columns.length - 1) * COL_GAP + 24;
      const height = TOP + tallest * (NODE_H + ROW_GAP) + 4;
      const titleId = `graph-${vm}-title`;
      const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": titleId, class: "graph" });
      svg.style.minWidth = `${Math.min(width, 340)}px`;
      svg.style.maxWidth = `${width}px`; // never enlarge: text keeps one size across cards
      const markerId = `arrow-${vm}`;
      const defs = s("defs");
      const marker = s("marker", { id: markerId, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
      marker.append(s("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
      defs.append(marker);
      svg.append(defs);

      const position = new Map();
      columns.forEach((column, c) => {
        const x = c * (NODE_W + COL_GAP);
        const heading = s("text", { x: x + 4, y: 14, class: "column-title" });
        heading.textContent = column.title;
        svg.append(heading);
        column.names.forEach((name, r) => position.set(`${column.prefix}:${name}`, { x, y: TOP + r * (NODE_H + ROW_GAP), column: c }));
      });

      const descriptions = [];
      const idOf = (name) => (inputNames.includes(name) ? `in:${name}` : outputNames.includes(name) ? `out:${name}` : null);
      const link = (fromName, to) => {
        const from = idOf(fromName);
        if (from && position.has(to)) this.edges.push({ from, to });
      };
      for (const output of shape.outputs) {
        for (const source of output.derivesFrom || []) link(source, `out:${output.name}`);
        if ((output.derivesFrom || []).length) descriptions.push(`${output.name} derives from ${output.derivesFrom.join(", ")}`);
      }
      for (const command of shape.commands) {
        for (const source of command.enabledDerivesFrom || []) link(source, `cmd:${command.name}`);
        if ((command.enabledDerivesFrom || []).length) descriptions.push(`${command.name} is enabled by ${command.enabledDerivesFrom.join(", ")}`);
      }
      const title = s("title", { id: titleId });
      title.textContent = `Binding graph of ${vm}. ${descriptions.join(". ") || "No derivations."}`;
      svg.prepend(title);

      const edgeLayer = s("g", { class: "edges" });
      for (const edge of this.edges) {
        const a = position.get(edge.from);
        const b = position.get(edge.to);
        const ay = a.y + NODE_H / 2;
        const by = b.y + NODE_H / 2;
        let d;
        if (a.column === b.column) {
          const x = a.x + NODE_W;
          const bulge = 20 + Math.abs(by - ay) / 6;
          d = `M${x},${ay} C${x + bulge},${ay} ${x + bulge},${by} ${x + 2},${by}`;
        } else {
          const ax = a.x + NODE_W;
          const bx = b.x - 2;
          const mid = (ax + bx) / 2;
          d = `M${ax},${ay} C${mid},${ay} ${mid},${by} ${bx},${by}`;
        }
        edge.path = s("path", { d, class: "edge", "marker-end": `url(#${markerId})`, "data-from": edge.from, "data-to": edge.to });
        edgeLayer.append(edge.path);
      }
      svg.append(edgeLayer);

      for (const [id, at] of position) {
        const name = id.slice(id.indexOf(":") + 1);
        const kind = id.slice(0, id.indexOf(":"));
        const group = s("g", { class: `node node-${kind}`, "data-node": id, transform: `translate(${at.x},${at.y})` });
        const hint = s("title");
        hint.textContent = `${kind === "in" ? "input" : kind === "out" ? "output" : "command"} ${name}`;
        group.append(hint, s("rect", { width: NODE_W, height: NODE_H, rx: 6 }));
        const label = s("text", { x: 10, y: NODE_H / 2 + 4 });
        label.textContent = clip(name, 16);
        group.append(label);
        svg.append(group);
        this.nodes.set(id, group);
      }

      this.root = h("details", { class: "graph-box", open: true },
        h("summary", {}, "Binding graph"),
        h("div", { class: "graph-scroll", role: "region", tabindex: "0", "aria-label": `Binding graph of ${vm}` }, svg));
    }

    update(vmState, changed) {
      for (const [id, group] of this.nodes) {
        if (!id.startsWith("cmd:")) continue;
        const state = (vmState.commands || {})[id.slice(4)] || {};
        group.classList.toggle("disabled", state.enabled !== true);
        group.classList.toggle("executing", state.executing === true);
      }
      for (const id of changed) pulse(this.nodes.get(id), "lit");
      for (const edge of this.edges) {
        if (changed.has(edge.from) && changed.has(edge.to)) pulse(edge.path, "lit");
      }
    }
  }

  // ---- rendering -------------------------------------------------------------------------

  function render(state) {
    const animate = lastSeen.size > 0;
    const placeholder = dom.cards.querySelector(".placeholder");
    if (placeholder) placeholder.remove();
    const order = orderedNames(Object.keys(surface || {}).map((name) => ({ name })), state.viewModels);
    for (const vm of order) {
      const vmState = state.viewModels[vm];
      if (!vmState || typeof vmState !== "object") continue;
      let card = cards.get(vm);
      if (!card) {
        card = new Card(vm, vmState);
        cards.set(vm, card);
        dom.cards.append(card.root);
      }
      card.update(vmState, animate);
    }
    showVersion(state.version);
  }

  function showVersion(version) {
    const now = new Date();
    dom.updated.textContent = clockTime(now, false);
    dom.updated.dateTime = now.toISOString();
    dom.version.textContent = `version ${version}`;
    document.body.dataset.version = String(version);
  }

  // ---- event log -------------------------------------------------------------------------

  function resetEvents() {
    eventCursor = 0;
    dom.eventList.replaceChildren();
    dom.eventsEmpty.hidden = false;
  }

  function describeEvent(event) {
    const parts = [];
    if (event.kind === "set") parts.push(h("span", { class: "event-value" }, "= ", formatValue(event.value)));
    if (event.kind === "start") parts.push(h("span", { class: "event-value" }, "started"));
    if (typeof event.durationMs === "number") parts.push(h("span", { class: "duration" }, formatDuration(event.durationMs)));
    if (event.error) parts.push(h("span", { class: "event-error" }, String(event.error)));
    return parts;
  }

  function appendEvents(events, markNew) {
    const fresh = events.filter((event) => event && typeof event.version === "number" && event.version > eventCursor);
    for (const event of fresh.slice(-EVENT_LIMIT)) {
      const kind = String(event.kind || "event");
      const item = h("li", { class: `event kind-${kind.replace(/[^a-z0-9-]/gi, "")}`, "data-event-kind": kind, "data-version": event.version },
        timeElement(event.at, true),
        h("span", { class: "kind" }, kind),
        h("span", { class: "target" }, `${event.vm || "?"}.${event.name || "?"}`),
        ...describeEvent(event));
      dom.eventList.prepend(item);
      if (markNew) pulse(item, "flash");
    }
    if (fresh.length) eventCursor = Math.max(eventCursor, ...fresh.map((event) => event.version));
    while (dom.eventList.childElementCount > EVENT_LIMIT) dom.eventList.lastElementChild.remove();
    dom.eventsEmpty.hidden = dom.eventList.childElementCount > 0;
  }

  pollForever();
})();
