// One event-log entry: its search text and its list item, the item built only when the log
// first lists the entry (an entry kept but never listed costs an object, not DOM). The item is
// one line — when, what, the value — and what the event changed folds under it ("3 changes",
// a <details> the keyboard opens); the changes are kept as lines and put in the item when it
// is built, or at once if it is.
import { describeEffect } from "./diff.js";
import { counted, formatDuration, formatValue } from "./format.js";
import { isNested, jsonTree } from "./json-tree.js";
import { h, setText, timeElement } from "./dom.js";

// "Then" lines shown under one event: later changes add up while nothing else happens.
const THEN_LINE_LIMIT = 12;
const OUTCOMES = { failed: "failed", timed_out: "timed out", interrupted: "interrupted", cancelled: "cancelled", disabled: "refused" };

/** How a `fail` event ended, in words, by its code. */
export function outcomeOf(event) {
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

/**
 * Who made the change, in words (the daemon's search reads the same, docs/HTTP.md): a
 * client's name with its uid and pid, "-c (uid 1000, pid 4242)", and how when not directly
 * (", restore from v12"); else what made it ("timer", "restart"). "" without an origin.
 */
export function originText(event) {
  const origin = event.origin;
  if (!origin || typeof origin !== "object") return "";
  const parts = [];
  if (typeof origin.client === "string") {
    const ids = [];
    if (typeof origin.uid === "number") ids.push(`uid ${origin.uid}`);
    if (typeof origin.pid === "number") ids.push(`pid ${origin.pid}`);
    parts.push(ids.length ? `${origin.client} (${ids.join(", ")})` : origin.client);
  }
  if (typeof origin.by === "string") parts.push(origin.by);
  return parts.join(", ");
}

/**
 * The entry's origin, unless its line says it already (a run's `by`, a restart's message); a
 * client's, without how when a run's line says it ("by binding, from set search.query").
 */
function originNode(event) {
  const origin = event.origin;
  if (!origin || typeof origin !== "object") return null;
  if (typeof origin.client !== "string" && (event.by || event.kind === "restart")) return null;
  const text = originText(event.by ? { origin: { ...origin, by: undefined } } : event);
  if (!text) return null;
  return h("span", { class: "origin", "data-client": origin.client === undefined ? null : origin.client,
    title: "who made this change" }, typeof origin.client === "string" ? `from ${text}` : `by ${text}`);
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
  const origin = originNode(event);
  if (origin) parts.push(origin);
  // A restart: "stopped at v N (clean stop | crash recovery), started at v N+1".
  if (event.kind === "restart" && event.message) parts.push(h("span", { class: "event-value" }, String(event.message)));
  if (event.kind === "restore") parts.push(...restoreParts(event));
  return parts;
}

/** A restore in words: which inputs it set, and which it skipped, the secret ones named as such. */
function restoreParts(event) {
  const names = (list) => (Array.isArray(list) ? list.map(String) : []);
  const set = names(event.set);
  const secret = new Set(names(event.secret));
  const parts = [h("span", { class: "event-value restored" }, `${counted(set.length, "input")} set: ${set.join(", ") || "none"}`)];
  const skipped = names(event.skipped);
  if (skipped.length) {
    parts.push(h("span", { class: "restore-skipped", title: "the history keeps secret inputs masked, so a restore leaves them as they are" },
      `skipped: ${skipped.map((name) => (secret.has(name) ? `${name} (secret: not restored)` : `${name} (not in this build)`)).join(", ")}`));
  }
  return parts;
}

/** An entry's target: what it is about ("login.login", "daemon", "from v12"). */
function targetOf(event) {
  if (event.kind === "restart") return "daemon";
  if (event.kind === "restore") return `from v${event.from}`;
  return `${event.vm || "?"}.${event.name || "?"}`;
}

/** A change line's name as the entry shows it: the view model only when not the event's own. */
const lineName = (line, eventVM) => (line.vm && line.vm !== eventVM ? `${line.vm}.${line.name}` : line.name);

/** A change line as text, the same as its item reads (what the search looks in). */
const lineText = (line, eventVM) => (line.summary ? String(line.after)
  : line.before === null ? `${lineName(line, eventVM)} = ${line.after}` : `${lineName(line, eventVM)}: ${line.before} → ${line.after}`);

function effectLine(line, eventVM) {
  if (line.summary) return h("li", { class: "effect summary" }, line.after);
  if (line.before === null) {
    return h("li", { class: "effect", "data-part": line.part || "" },
      h("span", { class: "effect-name" }, lineName(line, eventVM)), " = ", h("span", { class: "after" }, line.after));
  }
  return h("li", { class: "effect", "data-part": line.part || "" },
    h("span", { class: "effect-name" }, lineName(line, eventVM)), ": ",
    h("span", { class: "before" }, line.before), " → ", h("span", { class: "after" }, line.after));
}

/** What the entry of an earlier event of a version says: the version's changes are under its last event. */
export function pointerLine(last) {
  return { summary: true, after: `changed in the same turn as ${last.event.kind} ${targetOf(last.event)}: listed there` };
}

export class EventEntry {
  /** `made`: how many entries the log made before this one and it (orders the dividers). */
  constructor(event, made, pending) {
    this.event = event;
    this.made = made;
    this.pending = pending;   // made while paused: listed on resume
    this.item = null;         // built when first listed
    this.effects = { at: [], then: [] };
    this.atBlocks = [];       // [{lines, span}]: "changed" lists, in the order given
    this.thenList = null;
    this.changes = null;      // the <details> holding what it changed, once there is any
    this.storedEffects = false;
    this.pointsToStored = false;
    this.haystack = [event.vm, event.name, event.value === undefined ? "" : JSON.stringify(event.value), event.error, event.message,
      originText(event),
      ...(event.kind === "restore" ? [`restore from v${event.from}`, ...[event.set, event.skipped].flat()] : [])]
      .filter((part) => part !== undefined && part !== null).join("\n").toLowerCase();
  }

  /** The daemon stored what the event's version changed with it: listed under it. */
  showStored() {
    const lines = this.event.effects.flatMap(describeEffect);
    this.storedEffects = true;
    this.effects.at.push(...lines);
    if (lines.length) this.addBlock(lines, null);
    return lines.length > 0;
  }

  /** A "changed" list of `lines` (shown, not counted as this event's own, when `own` is false), headed by `span`. */
  addBlock(lines, span, own = false) {
    if (own) this.effects.at.push(...lines);
    this.atBlocks.push({ lines, span });
    this.haystack += `\n${[span, ...lines.map((line) => lineText(line, this.event.vm))].filter(Boolean).join("\n").toLowerCase()}`;
    if (this.item) {
      this.changesBody().append(this.atBlock(this.atBlocks[this.atBlocks.length - 1]));
      this.summarise();
    }
  }

  /** The fold under the entry's line that holds what it changed, made on first need. */
  changesBody() {
    if (!this.changes) {
      this.changes = h("details", { class: "event-changes" }, h("summary", {}));
      this.item.append(this.changes);
    }
    return this.changes;
  }

  /** The fold's line: how many changes it holds (or where the turn's changes are listed). */
  summarise() {
    const own = this.effects.at.length + this.effects.then.length;
    const pointed = this.atBlocks.some((block) => block.lines.some((line) => line.summary));
    setText(this.changes.firstElementChild, own ? counted(own, "change") : pointed ? "changes: with the turn's last event" : "changes");
  }

  /** Later changes, before the next event: listed under "then", the first THEN_LINE_LIMIT shown. */
  addThen(lines) {
    this.effects.then.push(...lines);
    for (const line of lines) this.haystack += `\n${lineText(line, this.event.vm).toLowerCase()}`;
    if (this.item) {
      this.appendThen(lines);
      this.summarise();
    }
  }

  atBlock({ lines, span }) {
    const block = h("ul", { class: "effects", "data-relation": "at", "aria-label": "changed" },
      ...lines.map((line) => effectLine(line, this.event.vm)));
    if (span) block.prepend(h("li", { class: "effect summary" }, span));
    return block;
  }

  appendThen(lines) {
    if (!this.thenList) {
      this.thenList = h("ul", { class: "effects", "data-relation": "then", "aria-label": "then, before the next event" });
      this.changesBody().append(h("p", { class: "effects-label" }, "then, before the next event:"), this.thenList);
    }
    for (const line of lines) {
      if (this.thenList.childElementCount < THEN_LINE_LIMIT) this.thenList.append(effectLine(line, this.event.vm));
    }
    const hidden = this.effects.then.length - this.thenList.childElementCount;
    if (hidden > 0) this.thenList.dataset.more = `and ${counted(hidden, "more change")}`;
  }

  /** The entry's list item, built on first need. */
  element() {
    if (this.item) return this.item;
    const event = this.event;
    const kind = String(event.kind || "event");
    this.item = h("li", { class: `event kind-${kind.replace(/[^a-z0-9-]/gi, "")}`, "data-event-kind": kind,
      "data-version": event.version, "data-vm": event.vm || "", "data-outcome": outcomeOf(event) },
      h("div", { class: "event-head" },
        timeElement(event.at, "full"),
        h("span", { class: "kind" }, kind),
        h("span", { class: "target" }, targetOf(event)),
        h("button", { type: "button", class: "event-version", "data-jump": event.version,
          title: `show the state at version ${event.version}` }, `v${event.version}`)),
      ...describe(event));
    if (this.atBlocks.length) this.changesBody().append(...this.atBlocks.map((block) => this.atBlock(block)));
    if (this.effects.then.length) this.appendThen(this.effects.then);
    if (this.changes) this.summarise();
    return this.item;
  }
}
