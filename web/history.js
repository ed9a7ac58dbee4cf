// The versions the page has seen, kept as steps (each poll's changes, or a reset), so that
// - the scrubber can show the bound state at an earlier version (stateAt), and
// - the event log can show what each event changed (attribute).
//
// How versions relate to events in binderyd: every change made in one turn of the daemon's
// scheduler is published as one version, and the events logged in that turn (a client's
// set, a command's start, finish or failure) carry that version. So the changes of version V
// are the synchronous effects of V's events. Effects that come later (a lookup answered
// after a delay, a run's values before it ends) arrive in versions that carry no event; they
// are shown with the latest event before them as "then", which is what happened next, not
// a claim of cause. A poll that falls behind gets several versions' changes in one answer
// (the feed does not say which version each entry came from): such a step spans versions
// and its changes are shown with every event inside that span.
import { describeRecord } from "./diff.js";
import { undo, writableCopy } from "./state.js";

// Steps kept: each holds only what its changes replaced (a toggled row, not the list). The
// daemon's history (daemon-history.js) brings about 1,000 versions, one step each.
const STEP_LIMIT = 1200;
// Lines shown for one step in the event log.
const LINE_LIMIT = 12;

/**
 * The view models of `copy` with every list its own: a list the undo left shared with the
 * live state would otherwise change under the past view as changes keep arriving.
 */
function detached(copy) {
  for (const vmState of Object.values(copy.viewModels)) {
    for (const members of Object.values(vmState)) {
      if (!members || typeof members !== "object") continue;
      for (const [name, value] of Object.entries(members)) {
        if (Array.isArray(value) && !copy.ownLists.has(value)) members[name] = value.slice();
      }
    }
  }
  return copy.viewModels;
}

export class History {
  constructor() {
    this.steps = [];
    this.attributedThrough = null; // the `to` of the last step given to the event log
    this.latestEventVersion = null;
  }

  clear() {
    this.steps = [];
    this.attributedThrough = null;
    this.latestEventVersion = null;
  }

  /** A reset replaced `previous` (a BoundState, or null on the first load) by `current`. */
  recordReset(previous, current) {
    this.push({ kind: "reset", from: previous ? previous.version : null, to: current.version,
                previous: previous ? previous.viewModels : null });
  }

  /** Changes (undo records) took the state from version `from` to `to`. */
  recordChanges(from, to, records) {
    const lines = [];
    for (const record of records) {
      for (const line of describeRecord(record)) lines.push(line);
    }
    this.push({ kind: "changes", from, to, records, lines });
  }

  /**
   * Puts `older` (steps of versions before the page's own, oldest first, from the daemon's
   * history) ahead of the steps the page recorded, keeping one continuous line of versions:
   * the page's own steps from the first one after `older` ends, the older ones up to where
   * those begin. Returns the steps put in.
   */
  prepend(older) {
    if (!older.length) return [];
    const through = older[older.length - 1].to;
    const own = this.steps.filter((step) => step.to > through);
    const limit = own.length && own[0].from !== null ? Math.min(own[0].from, through) : through;
    const put = older.filter((step) => step.to <= limit);
    this.steps = put.concat(own);
    if (this.steps.length > STEP_LIMIT) this.steps.splice(0, this.steps.length - STEP_LIMIT);
    return put;
  }

  push(step) {
    this.steps.push(step);
    if (this.steps.length > STEP_LIMIT) this.steps.splice(0, this.steps.length - STEP_LIMIT);
  }

  /** The versions whose state stateAt() can give, oldest first (the live one last). */
  versions() {
    const versions = [];
    const oldest = this.steps[0];
    if (oldest && oldest.from !== null && (oldest.kind === "changes" || oldest.previous)) versions.push(oldest.from);
    for (const step of this.steps) versions.push(step.to);
    return versions;
  }

  /** The view models as they were at `version`, from `live` (a BoundState), read-only use. */
  stateAt(version, live) {
    let copy = writableCopy(live.viewModels);
    for (let index = this.steps.length - 1; index >= 0; index -= 1) {
      const step = this.steps[index];
      if (step.to <= version) break;
      if (step.kind === "reset") {
        copy = writableCopy(step.previous);
        continue;
      }
      for (let r = step.records.length - 1; r >= 0; r -= 1) undo(copy, step.records[r]);
    }
    return detached(copy);
  }

  /**
   * Hands each step not yet given out, up to version `knownThrough` (the events are complete
   * up to it), to `give(eventVersions, step, relation, lines)`: relation "at" for the events
   * whose version is inside the step, "then" for the latest event before it. `eventVersions`
   * is the sorted list of versions that have events.
   */
  attribute(eventVersions, knownThrough, give, older = null) {
    // `older`: steps put in ahead of those already given out (the daemon's history), given
    // out once, without moving what was given out since.
    const latest = this.latestEventVersion, through = this.attributedThrough;
    if (older) this.latestEventVersion = null;
    for (const step of older || this.steps) {
      if (!older && this.attributedThrough !== null && step.to <= this.attributedThrough) continue;
      if (step.to > knownThrough) break;
      if (!older) this.attributedThrough = step.to;
      if (step.kind !== "changes") { this.latestEventVersion = null; continue; }
      const from = step.from === null ? -Infinity : step.from;
      const inside = eventVersions.filter((version) => version > from && version <= step.to);
      const lines = step.lines.length > LINE_LIMIT
        ? step.lines.slice(0, LINE_LIMIT).concat([{ name: "", before: "", after: `and ${step.lines.length - LINE_LIMIT} more changes`, summary: true }])
        : step.lines;
      if (inside.length) {
        this.latestEventVersion = inside[inside.length - 1];
        give(inside, step, "at", lines);
      } else if (this.latestEventVersion !== null && lines.length) {
        give([this.latestEventVersion], step, "then", lines);
      }
    }
    if (older) { this.latestEventVersion = latest; this.attributedThrough = through; }
  }
}
