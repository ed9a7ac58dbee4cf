// Every command's runs on one time axis, like a performance panel: a lane per command, a bar
// per run from its start to its end (a finish or fail event's `at` less its `durationMs`),
// coloured by how it ended and labelled with its cause (`by`/`via`: what started it), a
// running one growing until it ends. Zoomable and pannable: the wheel zooms around the
// pointer, shift+wheel pans; with the lanes focused, + and − zoom, ← and → pan, 0 fits every
// run. The version the scrubber shows is marked at its time. Drawn as HTML (bars placed by
// percentage), so its text stays the page's size at any width. A run's arrival redraws its own
// lane only, at most once per DRAW_MS; zooming redraws every lane.
import { h, setHidden, setText } from "./dom.js";
import { clockTime, counted, formatDuration } from "./format.js";

// Runs kept per command, and lanes' redraws at most this often while runs arrive.
const KEPT = 300;
const DRAW_MS = 500;
// The narrowest span the axis zooms to.
const MIN_SPAN_MS = 50;
const TICK_STEPS = [10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 3e4, 6e4, 12e4, 3e5, 6e5, 18e5, 36e5, 72e5, 216e5, 864e5];

/** What started a run, in words, from its event's `by` and `via` (docs/PROTOCOL.md). */
export function causeOf(event) {
  const via = event.via ? ` ${event.via}` : "";
  switch (event.by) {
    case "client": return "a client's run";
    case "set": return `set${via}`;
    case "binding": return `a binding${event.via ? `, from ${event.via}` : ""}`;
    case "command": return `command${via}`;
    case "start": return "the view model's start";
    case "viewModel": return "the view model's own code";
    default: return event.by ? String(event.by) : "an unrecorded cause";
  }
}

export class RunTimeline {
  /** `elements`: {root (the panel), lanes (their box), axis, status}; `times` dates versions. */
  constructor(elements, times) {
    this.root = elements.root;
    this.lanesBox = elements.lanes;
    this.axis = elements.axis;
    this.status = elements.status;
    this.times = times;
    this.runs = new Map();      // "vm.name" -> [{start, end, outcome, cause, version, error}], by start
    this.running = new Map();   // "vm.name" -> {start, cause, version}
    this.lanes = new Map();     // "vm.name" -> {root, track}
    this.view = null;           // {start, end} the reader zoomed to; null: fit every run
    this.viewing = null;        // the version the scrubber shows (null: live)
    this.dirty = new Set();
    this.timer = null;
    this.ticker = null;
    this.lanesBox.addEventListener("wheel", (wheel) => this.onWheel(wheel), { passive: false });
    this.lanesBox.addEventListener("keydown", (key) => this.onKey(key));
  }

  clear() {
    this.runs.clear();
    this.running.clear();
    for (const lane of this.lanes.values()) lane.root.remove();
    this.lanes.clear();
    this.view = null;
    this.drawAll();
  }

  /** Takes in events (any order): starts open a running bar; finishes and failures close one. */
  record(events) {
    for (const event of events) {
      if (!event || !event.vm || !event.name) continue;
      const key = `${event.vm}.${event.name}`;
      const at = Date.parse(event.at);
      if (!Number.isFinite(at)) continue;
      if (event.kind === "start") {
        const open = this.running.get(key);
        if (!open || open.version < event.version) this.running.set(key, { start: at, cause: causeOf(event), version: event.version });
        this.dirty.add(key);
      } else if ((event.kind === "finish" || event.kind === "fail") && typeof event.durationMs === "number") {
        // A refused run (code `disabled`) is not a run.
        if (event.code === "disabled") continue;
        const open = this.running.get(key);
        if (open && open.version <= event.version) this.running.delete(key);
        const run = { start: at - event.durationMs, end: at, outcome: event.kind === "finish" ? "ok" : (event.code || "failed"),
          cause: causeOf(event), version: event.version, error: event.error ? String(event.error) : "" };
        const list = this.runs.get(key) || [];
        if (list.some((known) => known.end === run.end && known.version === run.version)) continue;
        list.push(run);
        if (list.length > 1 && list[list.length - 2].start > run.start) list.sort((a, b) => a.start - b.start);
        if (list.length > KEPT) list.splice(0, list.length - KEPT);
        this.runs.set(key, list);
        this.dirty.add(key);
      }
    }
    if (this.dirty.size) this.schedule();
  }

  /** The scrubber shows `version` (null: live): marked on the axis. */
  setViewing(version) {
    this.viewing = version;
    this.drawAll();
  }

  schedule() {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // A lane's redraw needs the axis it is drawn on: a new run outside it moves the axis.
      const bounds = this.bounds();
      if (!this.drawnBounds || bounds.start !== this.drawnBounds.start || bounds.end !== this.drawnBounds.end) return this.drawAll();
      for (const key of this.dirty) this.drawLane(key, bounds);
      this.dirty.clear();
      this.keepTicking();
    }, DRAW_MS);
  }

  /** The span the axis shows: the reader's zoom, or every run (and every running one until now). */
  bounds() {
    if (this.view) return this.view;
    let start = Infinity, end = -Infinity;
    for (const list of this.runs.values()) {
      if (!list.length) continue;
      start = Math.min(start, list[0].start);
      for (const run of list) end = Math.max(end, run.end);
    }
    for (const open of this.running.values()) {
      start = Math.min(start, open.start);
      end = Math.max(end, Date.now());
    }
    if (!Number.isFinite(start)) return { start: 0, end: 1 };
    const margin = Math.max((end - start) * 0.02, MIN_SPAN_MS);
    return { start: start - margin, end: end + margin };
  }

  drawAll() {
    const bounds = this.bounds();
    this.drawnBounds = bounds;
    const keys = [...new Set([...this.runs.keys(), ...this.running.keys()])].sort();
    for (const key of keys) this.drawLane(key, bounds);
    this.dirty.clear();
    this.drawAxis(bounds);
    const total = [...this.runs.values()].reduce((sum, list) => sum + list.length, 0);
    setHidden(this.root, keys.length === 0);
    setText(this.status, `${counted(total, "run")} of ${counted(keys.length, "command")}, ` +
      `${clockTime(new Date(bounds.start))}–${clockTime(new Date(bounds.end))} (${formatDuration(bounds.end - bounds.start)})` +
      (this.view ? " · zoomed: 0 fits every run" : ""));
    this.root.dataset.span = String(Math.round(bounds.end - bounds.start));
    this.keepTicking();
  }

  lane(key) {
    let lane = this.lanes.get(key);
    if (lane) return lane;
    const track = h("div", { class: "run-track", role: "list", "aria-label": `runs of ${key}` });
    lane = { root: h("div", { class: "run-lane", "data-command": key }, h("span", { class: "run-lane-name" }, key), track), track };
    this.lanes.set(key, lane);
    // Lanes in name order.
    const after = [...this.lanes.keys()].sort().find((other) => other > key);
    const before = after ? this.lanes.get(after).root : null;
    this.lanesBox.insertBefore(lane.root, before && before.parentNode === this.lanesBox ? before : null);
    return lane;
  }

  /** Draws `key`'s runs that fall inside `bounds` (a running one up to now). */
  drawLane(key, { start, end }) {
    const lane = this.lane(key);
    const span = end - start;
    const place = (bar, from, to) => {
      const left = Math.max(0, (from - start) / span);
      const right = Math.min(1, (to - start) / span);
      bar.style.left = `${(left * 100).toFixed(3)}%`;
      bar.style.width = `max(2px, ${((right - left) * 100).toFixed(3)}%)`;
    };
    const bars = [];
    for (const run of this.runs.get(key) || []) {
      if (run.end < start || run.start > end) continue;
      const what = run.outcome === "ok" ? "finished" : run.outcome.replace("_", " ");
      const text = `${key}: ${what} in ${formatDuration(run.end - run.start)}, started ${clockTime(new Date(run.start))} by ${run.cause}` +
        `, v${run.version}${run.error ? ` — ${run.error}` : ""}`;
      const bar = h("span", { class: "run-bar", role: "listitem", "data-outcome": run.outcome, "data-version": run.version, title: text, "aria-label": text },
        h("span", { class: "run-cause", "aria-hidden": "true" }, run.cause));
      place(bar, run.start, run.end);
      bars.push(bar);
    }
    const open = this.running.get(key);
    if (open && open.start <= end) {
      const text = `${key}: running for ${formatDuration(Date.now() - open.start)}, started ${clockTime(new Date(open.start))} by ${open.cause}, v${open.version}`;
      const bar = h("span", { class: "run-bar", role: "listitem", "data-outcome": "running", title: text, "aria-label": text },
        h("span", { class: "run-cause", "aria-hidden": "true" }, open.cause));
      place(bar, open.start, Math.min(end, Date.now()));
      bars.push(bar);
    }
    if (this.viewing !== null) {
      const at = this.times.at(this.viewing);
      if (at !== null && at >= start && at <= end) {
        const marker = h("span", { class: "run-marker", "aria-hidden": "true" });
        marker.style.left = `${(((at - start) / span) * 100).toFixed(3)}%`;
        bars.push(marker);
      }
    }
    lane.track.replaceChildren(...bars);
    lane.root.dataset.bars = String(bars.filter((bar) => bar.classList.contains("run-bar")).length);
  }

  drawAxis({ start, end }) {
    const span = end - start;
    const step = TICK_STEPS.find((candidate) => span / candidate <= 6) || TICK_STEPS[TICK_STEPS.length - 1];
    const ticks = [];
    for (let at = Math.ceil(start / step) * step; at <= end; at += step) {
      const date = new Date(at);
      const text = step < 1000 ? `${clockTime(date)}.${String(date.getMilliseconds()).padStart(3, "0")}` : clockTime(date);
      const tick = h("span", { class: "run-tick" }, text);
      tick.style.left = `${(((at - start) / span) * 100).toFixed(3)}%`;
      ticks.push(tick);
    }
    this.axis.replaceChildren(...ticks);
  }

  /** Redraws every DRAW_MS while a command runs (its bar grows), and stops after. */
  keepTicking() {
    if (this.running.size && this.ticker === null) {
      this.ticker = setInterval(() => {
        if (!this.running.size) { clearInterval(this.ticker); this.ticker = null; return; }
        if (this.view) { for (const key of this.running.keys()) this.drawLane(key, this.view); } else this.drawAll();
      }, DRAW_MS);
    }
  }

  /** Zooms by `factor` (< 1: in) around `anchor` (a fraction of the axis's width). */
  zoom(factor, anchor = 0.5) {
    const { start, end } = this.bounds();
    const span = Math.max(MIN_SPAN_MS, (end - start) * factor);
    const at = start + (end - start) * anchor;
    this.view = { start: at - span * anchor, end: at - span * anchor + span };
    this.drawAll();
  }

  pan(fraction) {
    const { start, end } = this.bounds();
    const shift = (end - start) * fraction;
    this.view = { start: start + shift, end: end + shift };
    this.drawAll();
  }

  fit() {
    this.view = null;
    this.drawAll();
  }

  onWheel(wheel) {
    const track = this.lanesBox.querySelector(".run-track");
    if (!track) return;
    wheel.preventDefault();
    const box = track.getBoundingClientRect();
    if (wheel.shiftKey || Math.abs(wheel.deltaX) > Math.abs(wheel.deltaY)) {
      this.pan((wheel.shiftKey ? wheel.deltaY : wheel.deltaX) > 0 ? 0.1 : -0.1);
      return;
    }
    const anchor = Math.min(1, Math.max(0, (wheel.clientX - box.left) / (box.width || 1)));
    this.zoom(wheel.deltaY < 0 ? 0.8 : 1.25, anchor);
  }

  onKey(key) {
    const actions = { "+": () => this.zoom(0.5), "=": () => this.zoom(0.5), "-": () => this.zoom(2), "_": () => this.zoom(2),
      "ArrowLeft": () => this.pan(-0.2), "ArrowRight": () => this.pan(0.2), "0": () => this.fit(), "Home": () => this.fit() };
    const action = actions[key.key];
    if (!action) return;
    key.preventDefault();
    action();
  }
}
