// The event log (/api/events at a reset, then the events each change-feed answer carries):
// what it changed (the daemon stores what each version changed with the last event it logs,
// so a page opened later shows it too; history.js gives the later changes before the next
// event, and what an event of an older daemon without stored effects changed). A search box, a view-model and a kind filter choose what
// is shown; pause stops new entries from being added to the list (they are counted and added
// on resume); export downloads every entry kept that the filters show, as JSON through a
// Blob URL.
//
// The log keeps EVENT_LIMIT entries but puts only the newest LISTED of those the filters
// show in the page ("show older" lists more): every entry in the page is laid out and
// painted again when new ones push it down, so a change costs the page the entries it lists,
// not all it keeps.
import { describeEffect } from "./diff.js";
import { counted, formatDuration, formatValue, fullTimestamp } from "./format.js";
import { isNested, jsonTree } from "./json-tree.js";
import { loadLogSettings, saveLogSettings } from "./log-settings.js";
import { flash, h, setData, setHidden, setText, timeElement } from "./dom.js";

const EVENT_LIMIT = 300;
// Entries in the page at first, and how many more each "show older" adds.
const LISTED = 25;
// "Then" lines shown under one event: later changes add up while nothing else happens.
const THEN_LINE_LIMIT = 12;
const OUTCOMES = { failed: "failed", timed_out: "timed out", interrupted: "interrupted", cancelled: "cancelled", disabled: "refused" };

/** How a `fail` event ended, in words, by its code. */
function outcomeOf(event) {
  if (event.kind !== "fail") return null;
  return OUTCOMES[event.code] || "failed";
}

/** A value in an entry: one line, or a folded tree for an object or list (json-tree.js). */
const valueNode = (value) => (isNested(value) ? jsonTree(value) : formatValue(value));

/**
 * A result too large for an event (the daemon sends its summary: kind, count, bytes, digest,
 * first rows): "6000 rows, 463 KB" and the first rows folded; the whole result is the
 * command's last value in the state.
 */
function summaryNode(summary) {
  const count = typeof summary.count === "number" ? summary.count : null;
  let words = summary.kind === "list" && count !== null ? `${count} ${count === 1 ? "row" : "rows"}`
    : summary.kind === "record" && count !== null ? `a record of ${count} fields` : `a ${summary.kind || "value"}`;
  if (typeof summary.bytes === "number") words += `, ${formatBytes(summary.bytes)}`;
  const node = h("span", { class: "value-summary", title: `digest ${summary.digest || "?"}; the whole result is the command's last value` }, words);
  if (Array.isArray(summary.first) && summary.first.length > 0) return h("span", {}, node, " ", jsonTree(summary.first));
  return node;
}

/** A size for people: "812 B", "463 KB", "1.2 MB" (powers of 1,000). */
function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1000000) return `${Math.floor(bytes / 1000)} KB`;
  return `${(Math.floor(bytes / 100000) / 10).toFixed(1)} MB`;
}

function describe(event) {
  const parts = [];
  if (event.kind === "set") parts.push(h("span", { class: "event-value" }, "= ", valueNode(event.value)));
  if (event.kind === "start") parts.push(h("span", { class: "event-value" }, event.arg === undefined ? "started" : `started with ${formatValue(event.arg)}`));
  if (event.kind === "finish" && event.value !== undefined) parts.push(h("span", { class: "event-value" }, "→ ", valueNode(event.value)));
  if (event.kind === "finish" && event.valueSummary) parts.push(h("span", { class: "event-value" }, "→ ", summaryNode(event.valueSummary)));
  if (typeof event.durationMs === "number") parts.push(h("span", { class: "duration" }, formatDuration(event.durationMs)));
  const outcome = outcomeOf(event);
  if (outcome) parts.push(h("span", { class: "outcome", "data-outcome": outcome }, outcome));
  if (event.error) parts.push(h("span", { class: "event-error" }, String(event.error)));
  // What started a run the view model started itself (a client's run says nothing).
  if (event.by && event.by !== "client") {
    const via = event.via ? (event.by === "binding" ? `, from ${event.via}` : ` ${event.via}`) : "";
    parts.push(h("span", { class: "started-by", "data-by": event.by }, `by ${event.by}${via}`));
  }
  // A restart: "stopped at v N (clean stop | crash recovery), started at v N+1".
  if (event.kind === "restart" && event.message) parts.push(h("span", { class: "event-value" }, String(event.message)));
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
    this.entries = [];      // oldest first: {event, item, haystack, effects: {at, then}, thenList, thenHidden, pending}
    this.dividers = [];     // oldest first: {item, made} (made: entries made before it)
    this.made = 0;          // entries made so far: orders dividers among entries
    this.byVersion = new Map();
    this.paused = false;
    this.listed = LISTED;   // how many entries the page lists at most
    this.older = h("button", { type: "button", class: "event-older", hidden: true });
    this.older.addEventListener("click", () => { this.listed += LISTED; this.refresh([]); });
    this.list.after(this.older);
    this.kinds = new Set(["set", "start", "finish", "fail"]);
    this.search.addEventListener("input", () => this.applyFilter());
    this.vmFilter.addEventListener("change", () => { this.wanted.vm = this.vmFilter.value; this.applyFilter(); });
    this.kindFilter.addEventListener("change", () => { this.wanted.kind = this.kindFilter.value; this.applyFilter(); });
    this.pauseButton.addEventListener("click", () => this.setPaused(!this.paused));
    this.exportButton.addEventListener("click", () => this.exportShown());
    // The search, filters and pause of the last visit (log-settings.js); the view-model and
    // kind chosen are put back once the surface and the events offer them.
    const saved = loadLogSettings();
    this.wanted = { vm: typeof saved.vm === "string" ? saved.vm : "", kind: typeof saved.kind === "string" ? saved.kind : "" };
    if (typeof saved.query === "string") this.search.value = saved.query;
    if (this.wanted.kind) this.kinds.add(this.wanted.kind);
    this.fillKinds();
    if (saved.paused === true) this.setPaused(true);
    this.refresh([]);
  }

  /** Keeps the search, filters and pause for the next visit. */
  saveSettings() {
    saveLogSettings({ query: this.search.value, vm: this.wanted.vm, kind: this.wanted.kind, paused: this.paused });
  }

  /** Offers the view models of the surface in the filter (keeping the current choice). */
  setViewModels(names) {
    const chosen = this.wanted.vm;
    this.vmFilter.replaceChildren(h("option", { value: "" }, "all view models"),
      ...names.map((name) => h("option", { value: name }, name)));
    this.vmFilter.value = names.includes(chosen) ? chosen : "";
  }

  fillKinds() {
    const chosen = this.wanted ? this.wanted.kind : this.kindFilter.value;
    this.kindFilter.replaceChildren(h("option", { value: "" }, "all kinds"),
      ...[...this.kinds].map((kind) => h("option", { value: kind }, kind)));
    this.kindFilter.value = this.kinds.has(chosen) ? chosen : "";
  }

  /** Another state (versions went back): the log starts over. */
  clear() {
    this.entries = [];
    this.dividers = [];
    this.byVersion.clear();
    this.listed = LISTED;
    this.refresh([]);
  }

  /** A divider: the page reloaded the whole state at `version` (another run of the daemon). */
  markReset(version, text) {
    const item = h("li", { class: "event-divider", "data-version": version, role: "separator" }, text);
    this.dividers.push({ item, made: this.made });
    this.refresh([]);
  }

  /** Adds new events (oldest first); `markNew` flashes them. */
  add(events, markNew) {
    let newKind = false;
    const added = [];
    for (const event of events) {
      const kind = String(event.kind || "event");
      if (!this.kinds.has(kind)) { this.kinds.add(kind); newKind = true; }
      const outcome = outcomeOf(event);
      const item = h("li", { class: `event kind-${kind.replace(/[^a-z0-9-]/gi, "")}`, "data-event-kind": kind,
        "data-version": event.version, "data-vm": event.vm || "", "data-outcome": outcome },
        h("div", { class: "event-head" },
          timeElement(event.at, "full"),
          h("span", { class: "kind" }, kind),
          h("span", { class: "target" }, event.kind === "restart" ? "daemon" : `${event.vm || "?"}.${event.name || "?"}`),
          h("button", { type: "button", class: "event-version", "data-jump": event.version,
            title: `show the state at version ${event.version}` }, `v${event.version}`)),
        ...describe(event));
      const haystack = [event.vm, event.name, event.value === undefined ? "" : JSON.stringify(event.value), event.error, event.message]
        .filter((part) => part !== undefined && part !== null).join("\n").toLowerCase();
      this.made += 1;
      const entry = { event, item, haystack, effects: { at: [], then: [] }, thenList: null, thenHidden: 0,
        pending: this.paused && markNew, made: this.made }; // what the page opens with is listed, paused or not
      this.entries.push(entry);
      if (!this.byVersion.has(event.version)) this.byVersion.set(event.version, []);
      this.byVersion.get(event.version).push(entry);
      if (Array.isArray(event.effects)) this.showStoredEffects(entry);
      added.push(entry);
    }
    if (newKind) this.fillKinds();
    this.trim();
    this.refresh(markNew ? added : []);
  }

  /**
   * Lists what the daemon stored with `entry`'s event (the last its version logged): what the
   * version changed, once, under it; the version's earlier events point to it. The page shows
   * the same whenever it was opened, and however versions arrived.
   */
  showStoredEffects(entry) {
    const lines = entry.event.effects.flatMap(describeEffect);
    entry.storedEffects = true;
    entry.effects.at.push(...lines);
    if (lines.length) {
      const block = h("ul", { class: "effects", "data-relation": "at", "aria-label": "changed" },
        ...lines.map((line) => effectLine(line, entry.event.vm)));
      entry.item.append(block);
      entry.haystack += `\n${block.textContent.toLowerCase()}`; // the search covers what it changed
    }
    const same = this.byVersion.get(entry.event.version) || [];
    for (const earlier of same) {
      if (earlier === entry || earlier.pointsToStored || !lines.length) continue;
      earlier.pointsToStored = true;
      earlier.item.append(h("ul", { class: "effects", "data-relation": "at", "aria-label": "changed" },
        effectLine({ summary: true, after: `changed in the same turn as ${entry.event.kind} ${entry.event.vm}.${entry.event.name}: listed there` }, earlier.event.vm)));
    }
  }

  /** Forgets the oldest entries past EVENT_LIMIT, and the dividers older than what is kept. */
  trim() {
    while (this.entries.length > EVENT_LIMIT) {
      const entry = this.entries.shift();
      const same = this.byVersion.get(entry.event.version) || [];
      same.splice(same.indexOf(entry), 1);
      if (!same.length) this.byVersion.delete(entry.event.version);
    }
    const oldest = this.entries.length ? this.entries[0].made : Infinity;
    this.dividers = this.dividers.filter((divider) => divider.made >= oldest);
  }

  /**
   * Puts the newest `listed` entries the filters show (and, unfiltered, the dividers among
   * them) in the page, newest first, moving only what changed: new entries go in at the top,
   * the ones they push past the limit leave at the bottom. Flashes those of `fresh` listed.
   */
  refresh(fresh) {
    const filter = this.filter();
    const filtering = Boolean(filter.vm || filter.kind || filter.query);
    const wanted = [];
    let dividerIndex = this.dividers.length - 1;
    let shown = 0;
    let pending = 0;
    for (let index = this.entries.length - 1; index >= 0; index -= 1) {
      const entry = this.entries[index];
      // A divider goes above the entries made before it.
      while (dividerIndex >= 0 && this.dividers[dividerIndex].made >= entry.made) {
        if (!filtering && shown < this.listed) wanted.push(this.dividers[dividerIndex]);
        dividerIndex -= 1;
      }
      if (entry.pending) pending += 1;
      if (entry.pending || !EventLog.matches(entry, filter)) continue;
      shown += 1;
      if (shown <= this.listed) wanted.push(entry);
    }
    // The dividers older than every entry, when the list reaches that far.
    if (!filtering && shown <= this.listed) wanted.push(...this.dividers.slice(0, dividerIndex + 1).reverse());
    let node = this.list.firstElementChild;
    for (const record of wanted) {
      if (node === record.item) node = node.nextElementSibling;
      else this.list.insertBefore(record.item, node);
    }
    while (node) {
      const next = node.nextElementSibling;
      node.remove();
      node = next;
    }
    for (const entry of fresh) if (entry.item.isConnected) flash(entry.item);
    const unlisted = Math.max(0, shown - this.listed);
    setHidden(this.older, unlisted === 0);
    if (unlisted) setText(this.older, `show ${Math.min(unlisted, LISTED)} older (${unlisted} not listed)`);
    this.updateStatus(shown, pending);
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
      // The daemon stored what this version changed with its events: listed already.
      if (relation === "at" && entries.some((entry) => entry.storedEffects)) continue;
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
          if (lines.length) {
            entry.item.append(block);
            entry.haystack += `\n${block.textContent.toLowerCase()}`; // the search covers what it changed
          }
          continue;
        }
        entry.effects.then.push(...lines);
        if (!entry.thenList) {
          entry.thenList = h("ul", { class: "effects", "data-relation": "then", "aria-label": "then, before the next event" });
          entry.item.append(h("p", { class: "effects-label" }, "then, before the next event:"), entry.thenList);
        }
        for (const line of lines) {
          const shown = effectLine(line, entry.event.vm);
          entry.haystack += `\n${shown.textContent.toLowerCase()}`;
          if (entry.thenList.childElementCount < THEN_LINE_LIMIT) entry.thenList.append(shown);
          else entry.thenHidden += 1;
        }
        if (entry.thenHidden) entry.thenList.dataset.more = `and ${counted(entry.thenHidden, "more change")}`;
      }
    }
  }

  /** What the search box and the filters ask for now (read once per pass over the entries). */
  filter() {
    return { vm: this.vmFilter.value, kind: this.kindFilter.value, query: this.search.value.trim().toLowerCase() };
  }

  static matches(entry, { vm, kind, query }) {
    return (!vm || entry.event.vm === vm) && (!kind || entry.event.kind === kind) && (!query || entry.haystack.includes(query));
  }

  /** The filters changed: the page lists the newest entries they show (dividers only unfiltered). */
  applyFilter() {
    this.saveSettings();
    this.listed = LISTED;
    this.refresh([]);
  }

  setPaused(paused) {
    this.paused = paused;
    if (this.wanted) this.saveSettings();
    this.pauseButton.setAttribute("aria-pressed", String(paused));
    this.pauseButton.textContent = paused ? "Resume" : "Pause";
    const resumed = paused ? [] : this.entries.filter((entry) => entry.pending);
    for (const entry of resumed) entry.pending = false;
    this.refresh(resumed);
  }

  /** The entries kept and matching the filters (listed in the page or not), oldest first. */
  shownEntries() {
    const filter = this.filter();
    return this.entries.filter((entry) => !entry.pending && EventLog.matches(entry, filter));
  }

  /** `shown`: how many entries kept match the filters (listed in the page or not); `pending`: made while paused. */
  updateStatus(shown, pending) {
    const kept = this.entries.length - pending;
    const parts = [shown === kept ? counted(kept, "event") : `showing ${shown} of ${counted(kept, "event")}`];
    if (this.paused) parts.push(`paused: ${pending} new while paused`);
    setText(this.status, parts.join(" · "));
    setData(this.status, "paused", String(this.paused));
    setHidden(this.empty, kept > 0);
    if (this.exportButton.disabled !== (shown === 0)) this.exportButton.disabled = shown === 0;
  }

  /** Downloads the entries the filters show (listed in the page or not), with what each changed, as a JSON file. */
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
