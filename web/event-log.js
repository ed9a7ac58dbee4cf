// The event log (/api/events): newest first, each entry with its full local timestamp and
// what it changed (history.js gives each event the changes of its version, and the later
// changes before the next event). A search box, a view-model and a kind filter choose what
// is shown; pause stops new entries from being added to the list (they are counted and added
// on resume); export downloads the entries shown as JSON through a Blob URL.
import { counted, formatDuration, formatValue, fullTimestamp } from "./format.js";
import { flash, h, setData, setHidden, timeElement } from "./dom.js";

const EVENT_LIMIT = 300;
// "Then" lines shown under one event: later changes add up while nothing else happens.
const THEN_LINE_LIMIT = 12;
const OUTCOMES = { failed: "failed", timed_out: "timed out", interrupted: "interrupted", disabled: "refused" };

/** How a `fail` event ended, in words ("cancelled" is an interruption by the view model). */
function outcomeOf(event) {
  if (event.kind !== "fail") return null;
  if (event.code === "interrupted" && /cancel/i.test(event.error || "")) return "cancelled";
  return OUTCOMES[event.code] || "failed";
}

function describe(event) {
  const parts = [];
  if (event.kind === "set") parts.push(h("span", { class: "event-value" }, "= ", formatValue(event.value)));
  if (event.kind === "start") parts.push(h("span", { class: "event-value" }, event.arg === undefined ? "started" : `started with ${formatValue(event.arg)}`));
  if (event.kind === "finish" && event.value !== undefined) parts.push(h("span", { class: "event-value" }, "→ ", formatValue(event.value)));
  if (typeof event.durationMs === "number") parts.push(h("span", { class: "duration" }, formatDuration(event.durationMs)));
  const outcome = outcomeOf(event);
  if (outcome) parts.push(h("span", { class: "outcome", "data-outcome": outcome }, outcome));
  if (event.error) parts.push(h("span", { class: "event-error" }, String(event.error)));
  return parts;
}

function effectLine(line, eventVM) {
  if (line.summary) return h("li", { class: "effect summary" }, line.after);
  const name = line.vm && line.vm !== eventVM ? `${line.vm}.${line.name}` : line.name;
  return h("li", { class: "effect", "data-part": line.part || "" },
    h("span", { class: "effect-name" }, name), ": ",
    h("span", { class: "before" }, line.before), " → ", h("span", { class: "after" }, line.after));
}

export class EventLog {
  constructor(elements) {
    this.list = elements.list;
    this.empty = elements.empty;
    this.status = elements.status;
    this.search = elements.search;
    this.vmFilter = elements.vmFilter;
    this.kindFilter = elements.kindFilter;
    this.pauseButton = elements.pause;
    this.exportButton = elements.export;
    this.entries = [];      // oldest first: {event, item, haystack, effects: {at, then}, thenList, thenHidden}
    this.byVersion = new Map();
    this.pending = [];      // entries made while paused, not yet in the list
    this.paused = false;
    this.kinds = new Set(["set", "start", "finish", "fail"]);
    this.search.addEventListener("input", () => this.applyFilter());
    this.vmFilter.addEventListener("change", () => this.applyFilter());
    this.kindFilter.addEventListener("change", () => this.applyFilter());
    this.pauseButton.addEventListener("click", () => this.setPaused(!this.paused));
    this.exportButton.addEventListener("click", () => this.exportShown());
    this.fillKinds();
    this.updateStatus();
  }

  /** Offers the view models of the surface in the filter (keeping the current choice). */
  setViewModels(names) {
    const chosen = this.vmFilter.value;
    this.vmFilter.replaceChildren(h("option", { value: "" }, "all view models"),
      ...names.map((name) => h("option", { value: name }, name)));
    this.vmFilter.value = names.includes(chosen) ? chosen : "";
  }

  fillKinds() {
    const chosen = this.kindFilter.value;
    this.kindFilter.replaceChildren(h("option", { value: "" }, "all kinds"),
      ...[...this.kinds].map((kind) => h("option", { value: kind }, kind)));
    this.kindFilter.value = this.kinds.has(chosen) ? chosen : "";
  }

  /** Another state (versions went back): the log starts over. */
  clear() {
    this.entries = [];
    this.byVersion.clear();
    this.pending = [];
    this.list.replaceChildren();
    this.updateStatus();
  }

  /** A divider: the page reloaded the whole state at `version` (another run of the daemon). */
  markReset(version, text) {
    const item = h("li", { class: "event-divider", "data-version": version, role: "separator" }, text);
    this.insert({ item, divider: true });
  }

  /** Adds new events (oldest first); `markNew` flashes them. */
  add(events, markNew) {
    let newKind = false;
    for (const event of events) {
      const kind = String(event.kind || "event");
      if (!this.kinds.has(kind)) { this.kinds.add(kind); newKind = true; }
      const outcome = outcomeOf(event);
      const item = h("li", { class: `event kind-${kind.replace(/[^a-z0-9-]/gi, "")}`, "data-event-kind": kind,
        "data-version": event.version, "data-vm": event.vm || "", "data-outcome": outcome },
        h("div", { class: "event-head" },
          timeElement(event.at, "full"),
          h("span", { class: "kind" }, kind),
          h("span", { class: "target" }, `${event.vm || "?"}.${event.name || "?"}`),
          h("span", { class: "event-version" }, `v${event.version}`)),
        ...describe(event));
      const haystack = [event.vm, event.name, event.value === undefined ? "" : JSON.stringify(event.value), event.error]
        .filter((part) => part !== undefined && part !== null).join("\n").toLowerCase();
      const entry = { event, item, haystack, effects: { at: [], then: [] }, thenList: null, thenHidden: 0 };
      this.entries.push(entry);
      if (!this.byVersion.has(event.version)) this.byVersion.set(event.version, []);
      this.byVersion.get(event.version).push(entry);
      item.hidden = !this.matches(entry);
      if (this.paused) this.pending.push(entry);
      else this.insert(entry, markNew);
    }
    if (newKind) this.fillKinds();
    this.trim();
    this.updateStatus();
  }

  insert(entry, markNew) {
    this.list.prepend(entry.item);
    if (markNew && !entry.item.hidden) flash(entry.item);
  }

  trim() {
    while (this.entries.length > EVENT_LIMIT) {
      const entry = this.entries.shift();
      entry.item.remove();
      const same = this.byVersion.get(entry.event.version) || [];
      same.splice(same.indexOf(entry), 1);
      if (!same.length) this.byVersion.delete(entry.event.version);
      const waiting = this.pending.indexOf(entry);
      if (waiting >= 0) this.pending.splice(waiting, 1);
    }
    // Dividers older than the oldest entry kept go too.
    const oldest = this.entries.length ? this.entries[0].event.version : Infinity;
    for (const divider of this.list.querySelectorAll(".event-divider")) {
      if (Number(divider.dataset.version) < oldest) divider.remove();
    }
  }

  /** The versions that have events, ascending (for history.js's attribute). */
  eventVersions() {
    return [...this.byVersion.keys()];
  }

  /**
   * Shows `lines` (diff.js) under the events at each of `versions`: relation "at" (the
   * changes of the event's own version; `span` names the versions when several arrived
   * together) or "then" (later changes before the next event).
   */
  addEffects(versions, relation, lines, span) {
    for (const version of versions) {
      const entries = this.byVersion.get(version) || [];
      for (const entry of entries) {
        if (relation === "at") {
          // Events of one version happened in one turn (a command that runs synchronously
          // starts and finishes in it): its changes are listed once, under the last of them.
          const last = entries[entries.length - 1];
          const listed = entry === last ? lines
            : [{ summary: true, after: `changed in the same turn as ${last.event.kind} ${last.event.vm}.${last.event.name}: listed there` }];
          entry.effects.at.push(...(entry === last ? lines : []));
          const block = h("ul", { class: "effects", "data-relation": "at", "aria-label": "changed" },
            ...listed.map((line) => effectLine(line, entry.event.vm)));
          if (span && entry === last) block.prepend(h("li", { class: "effect summary" }, span));
          if (lines.length) entry.item.append(block);
          continue;
        }
        entry.effects.then.push(...lines);
        if (!entry.thenList) {
          entry.thenList = h("ul", { class: "effects", "data-relation": "then", "aria-label": "then, before the next event" });
          entry.item.append(h("p", { class: "effects-label" }, "then, before the next event:"), entry.thenList);
        }
        for (const line of lines) {
          if (entry.thenList.childElementCount < THEN_LINE_LIMIT) entry.thenList.append(effectLine(line, entry.event.vm));
          else entry.thenHidden += 1;
        }
        if (entry.thenHidden) entry.thenList.dataset.more = `and ${counted(entry.thenHidden, "more change")}`;
      }
    }
  }

  matches(entry) {
    const vm = this.vmFilter.value;
    const kind = this.kindFilter.value;
    const query = this.search.value.trim().toLowerCase();
    return (!vm || entry.event.vm === vm) && (!kind || entry.event.kind === kind) && (!query || entry.haystack.includes(query));
  }

  applyFilter() {
    for (const entry of this.entries) entry.item.hidden = !this.matches(entry);
    const filtering = this.vmFilter.value || this.kindFilter.value || this.search.value.trim();
    // Dividers mark a restart in the whole log; a filtered list shows events only.
    for (const divider of this.list.querySelectorAll(".event-divider")) divider.hidden = Boolean(filtering);
    this.updateStatus();
  }

  setPaused(paused) {
    this.paused = paused;
    this.pauseButton.setAttribute("aria-pressed", String(paused));
    this.pauseButton.textContent = paused ? "Resume" : "Pause";
    if (!paused) {
      for (const entry of this.pending) this.insert(entry, true);
      this.pending = [];
    }
    this.updateStatus();
  }

  /** The entries in the list now and matching the filters, oldest first. */
  shownEntries() {
    return this.entries.filter((entry) => !this.pending.includes(entry) && this.matches(entry));
  }

  updateStatus() {
    const shown = this.shownEntries().length;
    const listed = this.entries.length - this.pending.length;
    const parts = [shown === listed ? counted(listed, "event") : `showing ${shown} of ${counted(listed, "event")}`];
    if (this.paused) parts.push(`paused: ${this.pending.length} new while paused`);
    const text = parts.join(" · ");
    if (this.status.textContent !== text) this.status.textContent = text;
    setData(this.status, "paused", String(this.paused));
    setHidden(this.empty, listed > 0);
    if (this.exportButton.disabled !== (shown === 0)) this.exportButton.disabled = shown === 0;
  }

  /** Downloads the entries shown, with what each changed, as a JSON file. */
  exportShown() {
    const now = new Date();
    const exported = {
      exported: now.toISOString(),
      filter: { search: this.search.value, vm: this.vmFilter.value || null, kind: this.kindFilter.value || null },
      events: this.shownEntries().map((entry) => ({ ...entry.event, changed: entry.effects.at, then: entry.effects.then })),
    };
    const blob = new Blob([JSON.stringify(exported, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = h("a", { href: url, download: `bindery-events-${fullTimestamp(now).replace(/[ :.]/g, "-")}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    // The download has read the URL by the next task; free the blob then.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return exported.events.length;
  }
}
