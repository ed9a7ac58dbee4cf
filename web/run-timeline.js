// Every command's runs on one time axis, like a performance panel: a lane per command, a bar
// per run from its start to its end (a finish or fail event's `at` less its `durationMs`),
// coloured by how it ended and labelled with its cause (`by`/`via`: what started it), a
// running one growing until it ends. Zoomable and pannable: the wheel zooms around the
// pointer, shift+wheel pans; with the lanes focused, + and − zoom, ← and → pan, 0 fits every
// run. The version the scrubber shows is marked at its time. Drawn as HTML, so its text stays
// the page's size at any width: each bar carries its start and end (custom properties, ms from
// the panel's origin) and the stylesheet places it from the span shown (two properties on the
// lanes), so a run's arrival appends one bar, and zooming or the axis growing sets two numbers
// and redraws the ticks — no lane is rebuilt (at most once per DRAW_MS while runs arrive). The
// panel is folded (a <details>) until the reader opens it: folded, a run costs only its summary
// line ("24 runs of 3 commands over 3.80 s"), so the page's cost per change stays where it was.
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
    case "timer": return "a timer";
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
    this.runs = new Map();      // "vm.name" -> [{start, end, outcome, cause, version, error, bar}], by start
    this.running = new Map();   // "vm.name" -> {start, cause, version}
    this.lanes = new Map();     // "vm.name" -> {root, track, runningBar, marker}
    this.origin = null;         // epoch ms the bars' custom properties count from
    this.view = null;           // {start, end} the reader zoomed to; null: fit every run
    this.viewing = null;        // the version the scrubber shows (null: live)
    this.appended = new Map();  // "vm.name" -> runs to append to its lane (newest, in order)
    this.rebuild = new Set();   // lanes whose runs came out of order: built again
    this.timer = null;
    this.ticker = null;
    this.root.addEventListener("toggle", () => this.draw());
    this.lanesBox.addEventListener("wheel", (wheel) => this.onWheel(wheel), { passive: false });
    this.lanesBox.addEventListener("keydown", (key) => this.onKey(key));
  }

  clear() {
    this.runs.clear();
    this.running.clear();
    for (const lane of this.lanes.values()) lane.root.remove();
    this.lanes.clear();
    this.appended.clear();
    this.rebuild.clear();
    this.origin = null;
    this.view = null;
    this.draw();
  }

  /** Takes in events (any order): starts open a running bar; finishes and failures close one. */
  record(events) {
    let touched = false;
    for (const event of events) {
      if (!event || !event.vm || !event.name) continue;
      const key = `${event.vm}.${event.name}`;
      const at = Date.parse(event.at);
      if (!Number.isFinite(at)) continue;
      if (this.origin === null) this.origin = at;
      if (event.kind === "start") {
        const open = this.running.get(key);
        if (!open || open.version < event.version) this.running.set(key, { start: at, cause: causeOf(event), version: event.version });
        this.lane(key);
        touched = true;
      } else if ((event.kind === "finish" || event.kind === "fail") && typeof event.durationMs === "number") {
        // A refused run (code `disabled`) is not a run.
        if (event.code === "disabled") continue;
        const open = this.running.get(key);
        if (open && open.version <= event.version) this.running.delete(key);
        const run = { start: at - event.durationMs, end: at, outcome: event.kind === "finish" ? "ok" : (event.code || "failed"),
          cause: causeOf(event), version: event.version, error: event.error ? String(event.error) : "", bar: null };
        const list = this.runs.get(key) || [];
        if (list.some((known) => known.end === run.end && known.version === run.version)) continue;
        list.push(run);
        if (list.length > 1 && list[list.length - 2].start > run.start) {
          list.sort((a, b) => a.start - b.start);
          this.rebuild.add(key);
        } else {
          if (!this.appended.has(key)) this.appended.set(key, []);
          this.appended.get(key).push(run);
        }
        for (const gone of list.length > KEPT ? list.splice(0, list.length - KEPT) : []) if (gone.bar) gone.bar.remove();
        this.runs.set(key, list);
        this.lane(key);
        touched = true;
      }
    }
    if (touched) this.schedule();
  }

  /** The scrubber shows `version` (null: live): marked on the axis. */
  setViewing(version) {
    this.viewing = version;
    this.draw();
  }

  schedule() {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.draw();
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

  /** Brings the lanes up to date (new bars, running ones, the marker) and shows the span. */
  draw() {
    if (!this.root.open) return this.showSummary(this.bounds());
    for (const key of this.rebuild) {
      const lane = this.lane(key);
      for (const bar of lane.track.querySelectorAll(".run-bar:not([data-outcome=running])")) bar.remove();
      const bars = (this.runs.get(key) || []).map((run) => this.bar(key, run));
      lane.marker.after(...bars); // the marker stays first, the running bar last
      this.appended.delete(key);
    }
    this.rebuild.clear();
    for (const [key, runs] of this.appended) {
      const lane = this.lane(key);
      const bars = runs.filter((run) => this.runs.get(key).includes(run)).map((run) => this.bar(key, run));
      if (lane.runningBar) lane.runningBar.before(...bars); else lane.track.append(...bars);
    }
    this.appended.clear();
    const now = Date.now();
    for (const [key, lane] of this.lanes) this.showRunning(key, lane, now);
    const bounds = this.bounds();
    const marked = this.viewing === null ? null : this.times.at(this.viewing);
    for (const lane of this.lanes.values()) {
      lane.marker.hidden = marked === null;
      if (marked !== null) lane.marker.style.setProperty("--s", String(marked - (this.origin ?? 0)));
      lane.root.dataset.bars = String(lane.track.childElementCount - 1); // all but the marker
    }
    this.showSpan(bounds);
    this.keepTicking();
  }

  /** Places every bar for `bounds`: two numbers the stylesheet divides by, the ticks, the status. */
  showSpan(bounds) {
    const origin = this.origin ?? 0;
    this.lanesBox.style.setProperty("--v0", String(bounds.start - origin));
    this.lanesBox.style.setProperty("--vspan", String(bounds.end - bounds.start));
    this.drawAxis(bounds);
    this.showSummary(bounds);
  }

  /** The summary line: how many runs of how many commands, over what span (zoomed or not). */
  showSummary(bounds) {
    const total = [...this.runs.values()].reduce((sum, list) => sum + list.length, 0);
    setHidden(this.root, this.lanes.size === 0);
    setText(this.status, `${counted(total, "run")} of ${counted(this.lanes.size, "command")}, ` +
      `${clockTime(new Date(bounds.start))}–${clockTime(new Date(bounds.end))} (${formatDuration(bounds.end - bounds.start)})` +
      (this.view ? " · zoomed: 0 fits every run" : ""));
    this.root.dataset.span = String(Math.round(bounds.end - bounds.start));
  }

  lane(key) {
    let lane = this.lanes.get(key);
    if (lane) return lane;
    const marker = h("span", { class: "run-marker", "aria-hidden": "true", hidden: true });
    const track = h("div", { class: "run-track", role: "list", "aria-label": `runs of ${key}` }, marker);
    lane = { root: h("div", { class: "run-lane", "data-command": key }, h("span", { class: "run-lane-name" }, key), track),
      track, marker, runningBar: null };
    this.lanes.set(key, lane);
    // Lanes in name order.
    const after = [...this.lanes.keys()].sort().find((other) => other > key);
    this.lanesBox.insertBefore(lane.root, after ? this.lanes.get(after).root : null);
    return lane;
  }

  /** The bar of a finished or failed run of `key` (made once). */
  bar(key, run) {
    if (run.bar) return run.bar;
    const what = run.outcome === "ok" ? "finished" : run.outcome.replace("_", " ");
    const text = `${key}: ${what} in ${formatDuration(run.end - run.start)}, started ${clockTime(new Date(run.start))} by ${run.cause}` +
      `, v${run.version}${run.error ? ` — ${run.error}` : ""}`;
    run.bar = h("span", { class: "run-bar", role: "listitem", "data-outcome": run.outcome, "data-version": run.version, title: text, "aria-label": text },
      h("span", { class: "run-cause", "aria-hidden": "true" }, run.cause));
    this.place(run.bar, run.start, run.end);
    return run.bar;
  }

  place(bar, start, end) {
    const origin = this.origin ?? 0;
    bar.style.setProperty("--s", String(start - origin));
    bar.style.setProperty("--e", String(end - origin));
  }

  /** The growing bar of `key`'s running execution, if any, up to `now`. */
  showRunning(key, lane, now) {
    const open = this.running.get(key);
    if (!open) {
      if (lane.runningBar) { lane.runningBar.remove(); lane.runningBar = null; }
      return;
    }
    const text = `${key}: running for ${formatDuration(now - open.start)}, started ${clockTime(new Date(open.start))} by ${open.cause}, v${open.version}`;
    if (!lane.runningBar) {
      lane.runningBar = h("span", { class: "run-bar", role: "listitem", "data-outcome": "running" }, h("span", { class: "run-cause", "aria-hidden": "true" }));
      lane.track.append(lane.runningBar);
    }
    lane.runningBar.dataset.version = String(open.version);
    lane.runningBar.title = text;
    lane.runningBar.setAttribute("aria-label", text);
    lane.runningBar.firstChild.textContent = open.cause;
    this.place(lane.runningBar, open.start, now);
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
    if (this.running.size && this.ticker === null && this.root.open) {
      this.ticker = setInterval(() => {
        if (!this.running.size || !this.root.open) { clearInterval(this.ticker); this.ticker = null; return; }
        this.draw();
      }, DRAW_MS);
    }
  }

  /** Zooms by `factor` (< 1: in) around `anchor` (a fraction of the axis's width). */
  zoom(factor, anchor = 0.5) {
    const { start, end } = this.bounds();
    const span = Math.max(MIN_SPAN_MS, (end - start) * factor);
    const at = start + (end - start) * anchor;
    this.view = { start: at - span * anchor, end: at - span * anchor + span };
    this.showSpan(this.view);
  }

  pan(fraction) {
    const { start, end } = this.bounds();
    const shift = (end - start) * fraction;
    this.view = { start: start + shift, end: end + shift };
    this.showSpan(this.view);
  }

  fit() {
    this.view = null;
    this.showSpan(this.bounds());
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
