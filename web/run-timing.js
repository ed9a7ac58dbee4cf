// Commands over time: each command's recent runs as a small timeline (one bar per run, its
// height the run's duration on a log scale — so one 30 s run does not flatten the 300 ms ones
// beside it — its colour how it ended) from the event log's finish and fail events, and a
// running command's elapsed time against the daemon's command timeout, counted from its start
// event (or from when the page first saw it executing). The clock ticks only while a command
// runs. Runs arrive out of order too (the failures and finishes read at open, run-history.js):
// each is kept once, in version order.
import { h, svg, setData, setText } from "./dom.js";
import { counted, formatDuration } from "./format.js";

const RUNS = 24;
const WIDTH = 96;
const HEIGHT = 18;
const TICK_MS = 200;
// A running command this close to its timeout (a fraction of it) is marked as near it.
const NEAR_TIMEOUT = 0.75;

/** A bar's height for a run of `ms` when the longest shown took `longest`: log-scaled, 2 px at least. */
export function barHeight(ms, longest, height) {
  return Math.max(2, (Math.log1p(Math.max(0, ms)) / Math.log1p(Math.max(longest, 1))) * (height - 2));
}

function commandElement(vm, name) {
  return document.querySelector(`[data-vm="${CSS.escape(vm)}"] [data-command="${CSS.escape(name)}"]`);
}

export class RunTiming {
  constructor() {
    this.runs = new Map();     // "vm|name" -> [{ms, outcome, version, at}], oldest first
    this.started = new Map();  // "vm|name" -> {at: epoch ms, version} of the running execution's start
    this.timer = null;
    this.timeoutMs = null;     // the daemon's command timeout (/api/surface), null: not said
  }

  /** The daemon's command timeout in ms (`commandTimeoutMs` of /api/surface), or null. */
  setTimeoutMs(ms) { this.timeoutMs = typeof ms === "number" && ms > 0 ? ms : null; }

  clear() { this.runs.clear(); this.started.clear(); }

  /**
   * Takes in events (in any order: those read at open are older than those seen live):
   * starts, and the durations of finishes and failures, each run once, in version order.
   */
  record(events) {
    const touched = new Set();
    for (const event of events) {
      if (!event.vm || !event.name) continue;
      const key = `${event.vm}|${event.name}`;
      if (event.kind === "start") {
        const at = Date.parse(event.at);
        const known = this.started.get(key);
        if (Number.isFinite(at) && (!known || known.version <= event.version)) this.started.set(key, { at, version: event.version });
      } else if ((event.kind === "finish" || event.kind === "fail") && typeof event.durationMs === "number") {
        // An older run's end (read at open) says nothing about the one running now.
        const start = this.started.get(key);
        if (start && start.version <= event.version) this.started.delete(key);
        if (!this.runs.has(key)) this.runs.set(key, []);
        const runs = this.runs.get(key);
        const run = { ms: event.durationMs, outcome: event.kind === "finish" ? "ok" : (event.code || "failed"), version: event.version, at: event.at };
        if (runs.some((known) => known.version === run.version && known.at === run.at)) continue;
        runs.push(run);
        if (runs.length > 1 && runs[runs.length - 2].version > run.version) runs.sort((a, b) => a.version - b.version);
        if (runs.length > RUNS) runs.splice(0, runs.length - RUNS);
        touched.add(key);
      }
    }
    for (const key of touched) this.draw(key);
    this.tick();
  }

  drawAll() { for (const key of this.runs.keys()) this.draw(key); }

  /** Draws the timeline of `key`'s recent runs in its command's row. */
  draw(key) {
    const [vm, name] = key.split("|");
    const command = commandElement(vm, name);
    const runs = this.runs.get(key) || [];
    if (!command || !runs.length) return;
    let line = command.querySelector("svg.run-timeline");
    if (!line) {
      line = svg("svg", { class: "run-timeline", width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" });
      command.append(line);
    }
    const longest = Math.max(...runs.map((run) => run.ms), 1);
    const step = WIDTH / RUNS;
    const bars = runs.map((run, index) => {
      const height = barHeight(run.ms, longest, HEIGHT);
      const bar = svg("rect", { x: (index * step).toFixed(1), y: (HEIGHT - height).toFixed(1), width: (step - 1).toFixed(1),
        height: height.toFixed(1), "data-outcome": run.outcome });
      bar.append(svg("title", {}));
      bar.firstChild.textContent = `v${run.version}: ${formatDuration(run.ms)} (${run.outcome})`;
      return bar;
    });
    line.replaceChildren(...bars);
    const label = `${name}: last ${counted(runs.length, "run")}, ${formatDuration(Math.min(...runs.map((run) => run.ms)))} to ${formatDuration(longest)} (heights on a log scale)`;
    line.setAttribute("aria-label", label);
    line.dataset.runs = String(runs.length);
  }

  /** Shows each running command's elapsed time; keeps ticking while any runs. */
  tick() {
    const running = document.querySelectorAll('.command[data-executing="true"]');
    const now = Date.now();
    for (const command of running) {
      const vm = command.closest("[data-vm]").dataset.vm;
      const key = `${vm}|${command.dataset.command}`;
      if (!this.started.has(key)) this.started.set(key, { at: now, version: -1 }); // seen running, its start unknown
      let elapsed = command.querySelector(".elapsed");
      if (!elapsed) {
        elapsed = h("span", { class: "elapsed" });
        command.querySelector(".command-head").append(elapsed);
      }
      const ms = now - this.started.get(key).at;
      if (this.timeoutMs === null) {
        setText(elapsed, `running ${formatDuration(ms)}`);
      } else {
        // How close the run is to the daemon ending it as timed_out.
        const share = Math.min(1, ms / this.timeoutMs);
        setText(elapsed, `running ${formatDuration(ms)} of ${formatDuration(this.timeoutMs)} timeout`);
        setData(elapsed, "nearTimeout", String(share >= NEAR_TIMEOUT));
        let gauge = command.querySelector(".timeout-gauge");
        if (!gauge) {
          gauge = h("meter", { class: "timeout-gauge", min: 0, max: 1, high: NEAR_TIMEOUT, optimum: 0, "aria-label": "share of the command timeout used" });
          elapsed.after(gauge);
        }
        gauge.value = share;
      }
    }
    for (const idle of document.querySelectorAll('.command[data-executing="false"] :is(.elapsed, .timeout-gauge)')) idle.remove();
    if (running.length && this.timer === null) {
      this.timer = setInterval(() => this.tick(), TICK_MS);
    } else if (!running.length && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
