// The event log (the newest page of /api/events at a reset, then the events each change-feed
// answer carries): what it changed (the daemon stores what each version changed with the
// last event it logs, so a page opened later shows it too; history.js gives the later changes
// before the next event, and what an event of an older daemon without stored effects
// changed). A search box, a view-model and a kind filter choose what is shown; pause stops
// new entries from being added to the list (they are counted and added on resume); export
// downloads every entry held that the filters show, as JSON through a Blob URL.
//
// The page holds the newest events (EVENT_LIMIT, and the older pages the reader loads) and
// puts only the newest LISTED of those the filters show in the page ("show older" lists
// more): every entry in the page is laid out and painted again when new ones push it down,
// so a change costs the page the entries it lists, not all it holds; an entry's DOM is built
// when it is first listed (event-entry.js). The daemon keeps many more (event-pages.js):
// scrolling to the end of the log loads older pages, a search also asks the daemon for the
// matches older than what the page holds, and a past version not held is fetched by version.
import { counted } from "./format.js";
import { downloadEvents } from "./event-export.js";
import { loadLogSettings, saveLogSettings } from "./log-settings.js";
import { flash, h, setData, setHidden, setText } from "./dom.js";
import { EventEntry, pointerLine } from "./event-entry.js";
import { LISTED, PAGE_SIZE, fetchEventPage } from "./event-pages.js";
import { fetchOlder, viewVersion } from "./event-reach.js";
import { findRepeats, foldItem } from "./repeat-folds.js";

// Entries held without the reader asking for older ones: the page opened with, as new ones arrive.
const EVENT_LIMIT = PAGE_SIZE;
// A search asks the daemon once typing pauses this long.
const SEARCH_DELAY_MS = 250;

export class EventLog {
  /** `elements.fetchPage(params)`: one page of the daemon's events (event-pages.js by default). */
  constructor(elements) {
    this.list = elements.list;
    this.empty = elements.empty;
    this.status = elements.status;
    this.search = elements.search;
    this.vmFilter = elements.vmFilter;
    this.kindFilter = elements.kindFilter;
    this.pauseButton = elements.pause;
    this.exportButton = elements.export;
    this.fetchPage = elements.fetchPage || fetchEventPage;
    this.entries = [];      // held, oldest first (EventEntry)
    this.dividers = [];     // oldest first: {item, made} (made: entries made before it)
    this.made = 0;          // entries made so far: orders dividers among entries
    this.olderMade = 0;     // counts down for the entries of older pages, made before every other
    this.byVersion = new Map();
    this.paused = false;
    this.listed = LISTED;   // how many entries the page lists at most
    this.keep = EVENT_LIMIT; // how many entries are held: grows as the reader loads older pages
    this.olderOnDaemon = false; // binderyd keeps events older than the oldest held
    this.found = null;      // DaemonPages: the search's matches older than the held entries
    this.viewed = null;     // {version, pages}: a past version's events, when not held
    this.viewing = null;    // the version the scrubber shows, null: live
    this.searchTimer = null;
    this.older = h("button", { type: "button", class: "event-older", hidden: true });
    this.older.addEventListener("click", () => this.showOlder());
    this.list.after(this.older);
    // Scrolling to the end of the list loads the daemon's older events.
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver((seen) => {
        if (seen.some((entry) => entry.isIntersecting) && this.older.dataset.load === "daemon") fetchOlder(this, true);
      }).observe(this.older);
    }
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
    this.keep = EVENT_LIMIT;
    this.olderOnDaemon = false;
    this.found = null;
    this.viewed = null;
    this.refresh([]);
  }

  /** A divider: the page reloaded the whole state at `version` (another run of the daemon). */
  markReset(version, text) {
    const item = h("li", { class: "event-divider", "data-version": version, role: "separator" }, text);
    this.dividers.push({ item, made: this.made });
    this.refresh([]);
  }

  /**
   * Adds new events (oldest first); `markNew` flashes them. `page`: what the daemon said of
   * them — `olderOnDaemon` (it keeps older ones), `gap` (they do not follow on from those held,
   * which are dropped: the daemon still has them).
   */
  add(events, markNew, page = {}) {
    if (page.gap) {
      this.entries = [];
      this.byVersion.clear();
      this.keep = EVENT_LIMIT;
    }
    if (typeof page.olderOnDaemon === "boolean") this.olderOnDaemon = page.olderOnDaemon;
    let newKind = false;
    const added = [];
    for (const event of events) {
      const kind = String(event.kind || "event");
      if (!this.kinds.has(kind)) { this.kinds.add(kind); newKind = true; }
      this.made += 1;
      // What the page opens with is listed, paused or not.
      const entry = new EventEntry(event, this.made, this.paused && markNew);
      this.entries.push(entry);
      this.index(entry);
      if (Array.isArray(event.effects)) this.showStoredEffects(entry);
      added.push(entry);
    }
    if (newKind) this.fillKinds();
    this.trim();
    this.refresh(markNew ? added : []);
  }

  /** Files `entry` under its version, in the order the events were logged (older pages' first). */
  index(entry) {
    const version = entry.event.version;
    if (!this.byVersion.has(version)) this.byVersion.set(version, []);
    const same = this.byVersion.get(version);
    const after = same.findIndex((other) => other.made > entry.made);
    same.splice(after < 0 ? same.length : after, 0, entry);
  }

  /**
   * Lists what the daemon stored with `entry`'s event (the last its version logged): what the
   * version changed, once, under it; the version's earlier events point to it. The page shows
   * the same whenever it was opened, and however versions arrived.
   */
  showStoredEffects(entry) {
    if (!entry.showStored()) return;
    for (const earlier of this.byVersion.get(entry.event.version) || []) this.pointToStored(earlier);
  }

  /** Points `entry` to the event of its version the daemon stored the changes with, if it is another. */
  pointToStored(entry) {
    const stored = (this.byVersion.get(entry.event.version) || []).find((other) => other.storedEffects && other.effects.at.length);
    if (!stored || stored === entry || entry.pointsToStored) return;
    entry.pointsToStored = true;
    entry.addBlock([pointerLine(stored)], null);
  }

  /** Forgets the oldest entries past what is held, and the dividers older than what is kept. */
  trim() {
    while (this.entries.length > this.keep) {
      const entry = this.entries.shift();
      const same = this.byVersion.get(entry.event.version) || [];
      same.splice(same.indexOf(entry), 1);
      if (!same.length) this.byVersion.delete(entry.event.version);
      this.olderOnDaemon = true;
    }
    const oldest = this.entries.length ? this.entries[0].made : Infinity;
    this.dividers = this.dividers.filter((divider) => divider.made >= oldest);
  }

  /** An entry of a page the daemon answered (older than those held). */
  wrap(event) {
    const entry = new EventEntry(event, 0, false);
    entry.fromDaemon = true; // matched by the daemon's search, which the page does not repeat
    if (Array.isArray(event.effects)) entry.showStored();
    return entry;
  }

  /** What is listed from: a past version's events, or those held (and, searching, the daemon's older matches). */
  source(filtering) {
    if (this.viewed) return { entries: this.viewed.pages.entries, dividers: [], pages: this.viewed.pages };
    if (filtering) return { entries: this.found ? [...this.found.entries, ...this.entries] : this.entries, dividers: [], pages: this.found };
    return { entries: this.entries, dividers: this.dividers, pages: null };
  }

  /** Whether the daemon has older events for what is listed now. */
  daemonHasOlder(filtering) {
    const { pages } = this.source(filtering);
    if (pages) return pages.more && !pages.failed;
    return this.olderOnDaemon;
  }

  /**
   * Puts the newest `listed` entries the filters show (and, unfiltered, the dividers among
   * them) in the page, newest first, moving only what changed: new entries go in at the top,
   * the ones they push past the limit leave at the bottom. Flashes those of `fresh` listed.
   */
  refresh(fresh) {
    const filter = this.filter();
    const filtering = Boolean(filter.vm || filter.kind || filter.query);
    const { entries, dividers } = this.source(filtering);
    const wanted = [];
    let pending = 0;
    const listable = [];
    for (const entry of entries) {
      if (entry.pending) pending += 1;
      else if (entry.fromDaemon || EventLog.matches(entry, filter)) listable.push(entry);
    }
    // A timer's identical runs in a row: the newest listed, the older ones under one fold
    // line (repeat-folds.js), which a group never spans a divider to make.
    const segmentOf = (entry) => dividers.filter((divider) => divider.made >= entry.made).length;
    const folded = findRepeats(listable, segmentOf);
    let dividerIndex = dividers.length - 1;
    let shown = 0;
    let lastFold = null;
    for (let index = listable.length - 1; index >= 0; index -= 1) {
      const entry = listable[index];
      // A divider goes above the entries made before it.
      while (dividerIndex >= 0 && dividers[dividerIndex].made >= entry.made) {
        if (shown < this.listed) wanted.push(dividers[dividerIndex]);
        dividerIndex -= 1;
      }
      const fold = folded.get(entry);
      if (fold && fold !== lastFold) {
        lastFold = fold;
        shown += 1;
        if (shown <= this.listed) wanted.push({ item: foldItem(fold, () => this.refresh([])) });
      }
      if (fold && !fold.expanded) continue;
      shown += 1;
      if (shown <= this.listed) wanted.push(entry);
    }
    // The dividers older than every entry, when the list reaches that far.
    if (shown <= this.listed) wanted.push(...dividers.slice(0, dividerIndex + 1).reverse());
    let node = this.list.firstElementChild;
    for (const record of wanted) {
      const item = record instanceof EventEntry ? record.element() : record.item;
      item.classList.toggle("after-viewed", this.viewing !== null && Number(item.dataset.version) > this.viewing);
      if (node === item) node = node.nextElementSibling;
      else this.list.insertBefore(item, node);
    }
    while (node) {
      const next = node.nextElementSibling;
      node.remove();
      node = next;
    }
    for (const entry of fresh) if (entry.item && entry.item.isConnected) flash(entry.item);
    this.unlisted = Math.max(0, shown - this.listed);
    this.showOlderButton(filtering);
    this.updateStatus(listable.length, entries.length - pending, pending, filtering);
  }

  showOlderButton(filtering) {
    const loading = Boolean(this.source(filtering).pages?.loading || this.loadingHeld);
    if (this.unlisted) {
      setText(this.older, `show ${Math.min(this.unlisted, LISTED)} older (${this.unlisted} not listed)`);
      setData(this.older, "load", "page");
    } else if (this.daemonHasOlder(filtering)) {
      setText(this.older, loading ? "loading older events from binderyd…" : "load older events from binderyd");
      setData(this.older, "load", "daemon");
    }
    setHidden(this.older, !this.unlisted && !this.daemonHasOlder(filtering));
  }

  /** "show older": lists more of what the page holds, or asks the daemon for older events. */
  showOlder() {
    if (this.unlisted) {
      this.listed += LISTED;
      this.refresh([]);
    } else {
      fetchOlder(this, true);
    }
  }

  /**
   * The scrubber shows `version` (null: live). Listed events after it are marked; a version
   * older than every event held is shown with its own events, asked of the daemon by version.
   */
  setViewing(version) {
    viewVersion(this, version);
  }

  /** The versions that have events, ascending (for history.js's attribute). */
  eventVersions() {
    return [...this.byVersion.keys()].sort((a, b) => a - b);
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
      if (relation !== "at") {
        // What came next follows the version's events once, under the last of them (a
        // restore's sets share one version: the block is not repeated under each).
        if (entries.length) entries[entries.length - 1].addThen(lines);
        continue;
      }
      for (const entry of entries) {
        // Events of one version happened in one turn (a command that runs synchronously
        // starts and finishes in it): its changes are listed once, under the last of them.
        const last = entries[entries.length - 1];
        if (!lines.length) continue;
        if (entry === last) entry.addBlock(lines, span, true);
        else entry.addBlock([pointerLine(last)], null);
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

  /**
   * The filters changed: the page lists the newest entries they show among those it holds
   * at once (dividers only unfiltered), and asks the daemon for the older matches it keeps.
   */
  applyFilter() {
    this.saveSettings();
    this.listed = LISTED;
    this.found = null;
    clearTimeout(this.searchTimer);
    const filter = this.filter();
    if ((filter.vm || filter.kind || filter.query) && this.olderOnDaemon) {
      this.searchTimer = setTimeout(() => fetchOlder(this, false), SEARCH_DELAY_MS);
    }
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

  /** The entries held and matching the filters (listed in the page or not), oldest first. */
  shownEntries() {
    const filter = this.filter();
    const { entries } = this.source(Boolean(filter.vm || filter.kind || filter.query));
    return entries.filter((entry) => !entry.pending && (entry.fromDaemon || EventLog.matches(entry, filter)));
  }

  /** `shown`: entries held matching the filters (listed or not) of `held`; `pending`: made while paused. */
  updateStatus(shown, held, pending, filtering) {
    const parts = [shown === held ? counted(held, "event") : `showing ${shown} of ${counted(held, "event")}`];
    if (this.daemonHasOlder(filtering)) parts.push("binderyd keeps older ones");
    if (this.viewed) parts.push(`up to version ${this.viewed.version}`);
    if (this.paused) parts.push(`paused: ${pending} new while paused`);
    setText(this.status, parts.join(" · "));
    setData(this.status, "paused", String(this.paused));
    setHidden(this.empty, held > 0 || this.daemonHasOlder(filtering));
    if (this.exportButton.disabled !== (shown === 0)) this.exportButton.disabled = shown === 0;
  }

  /** Downloads the entries the filters show (listed in the page or not), with what each changed, as a JSON file. */
  exportShown() {
    return downloadEvents(this.shownEntries(), { search: this.search.value, vm: this.vmFilter.value || null, kind: this.kindFilter.value || null });
  }
}
