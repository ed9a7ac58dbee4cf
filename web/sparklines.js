// Values over time: each numeric input and output gets a sparkline beside it on its card, on
// a time axis (version-times.js gives each version's time), from the daemon's history
// (daemon-history.js) and the changes that arrive after. A value holds until the next one, so
// the line steps. Beside it, the range of values and of time it spans ("300–1299 ms · 3 min
// 29 s"). It follows the scrubber: live, the latest values, the marker at the right; while a
// past version is shown, the values around it, the marker at its time. A change redraws only
// the sparkline of the member it names (O(change)); the scrubber redraws them all.
import { h, svg, setText } from "./dom.js";
import { clockTime, formatDuration } from "./format.js";

// Points kept per member, and how many one line shows (half before the marker when viewing).
const KEPT = 600;
const SHOWN = 60;
const WIDTH = 84;
const HEIGHT = 18;

/** The unit a member's name says its numbers are in ("latencyMs": ms), or "". */
export function unitOf(name) {
  if (/Ms$|Millis(econds)?$/.test(name)) return "ms";
  if (/Seconds?$|Secs?$/.test(name)) return "s";
  if (/Percent(age)?$/i.test(name)) return "%";
  if (/Bytes$/.test(name)) return "bytes";
  return "";
}

/** "3 min 29 s", "12.5 s", "240 ms": a span of time. */
export function spanText(ms) {
  if (ms < 60000) return formatDuration(ms);
  const minutes = Math.floor(ms / 60000), seconds = Math.round((ms % 60000) / 1000);
  if (minutes < 60) return `${minutes} min${seconds ? ` ${seconds} s` : ""}`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export class Sparklines {
  /** `times` (version-times.js) dates the versions. */
  constructor(times) {
    this.times = times;
    this.series = new Map(); // "vm|part|name" -> [[version, number], …], oldest first
    this.viewing = null;     // the version the scrubber shows (null: live)
  }

  clear() { this.series.clear(); }

  /** Takes the numeric values the change records (state.js) set at `version`; redraws theirs. */
  record(records, version, draw = true) {
    for (const { change } of records) {
      if (!("value" in change) || typeof change.value !== "number") continue;
      if (change.part !== "input" && change.part !== "output") continue;
      const key = `${change.vm}|${change.part}|${change.name}`;
      if (!this.series.has(key)) this.series.set(key, []);
      const points = this.series.get(key);
      points.push([version, change.value]);
      if (points.length > KEPT) points.splice(0, points.length - KEPT);
      if (draw) this.draw(key);
    }
  }

  /** Puts the steps of the daemon's history (oldest first) ahead of what was recorded live. */
  seed(steps) {
    const live = this.series;
    this.series = new Map();
    for (const step of steps) if (step.kind === "changes") this.record(step.records, step.to, false);
    for (const [key, points] of live) {
      const older = (this.series.get(key) || []).filter(([version]) => version < (points[0] ? points[0][0] : Infinity));
      this.series.set(key, older.concat(points).slice(-KEPT));
    }
    this.drawAll();
  }

  /** The scrubber shows `version` (null: live): every line shows the values around it. */
  setViewing(version) {
    this.viewing = version;
    this.drawAll();
  }

  drawAll() { for (const key of this.series.keys()) this.draw(key); }

  /**
   * The points one line shows, each with its time: live, the newest SHOWN; viewing, up to half
   * of them at or before the version viewed and the rest after it. Points whose version has
   * no known time yet are left out.
   */
  window(points) {
    const dated = [];
    for (const [version, value] of points) {
      const at = this.times.at(version);
      if (at !== null) dated.push({ version, value, at });
    }
    if (this.viewing === null) return dated.slice(-SHOWN);
    let split = dated.findIndex((point) => point.version > this.viewing);
    if (split < 0) split = dated.length;
    const before = dated.slice(Math.max(0, split - SHOWN / 2), split);
    return before.concat(dated.slice(split, split + SHOWN - before.length));
  }

  /** Draws the sparkline of `key` in its card's row (two dated points at least). */
  draw(key) {
    const [vm, part, name] = key.split("|");
    const pair = document.querySelector(`[data-vm="${CSS.escape(vm)}"] [data-${part}="${CSS.escape(name)}"]`);
    if (!pair) return;
    const shown = this.window(this.series.get(key) || []);
    let box = pair.querySelector(".sparkline-box");
    if (shown.length < 2) {
      if (box) box.hidden = true;
      return;
    }
    if (!box) {
      const line = svg("svg", { class: "sparkline", width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" });
      line.append(svg("title", {}), svg("polyline", { fill: "none", stroke: "currentColor", "stroke-width": 1.5 }),
        svg("line", { class: "sparkline-marker", y1: 0, y2: HEIGHT }));
      box = h("span", { class: "sparkline-box" }, line, h("span", { class: "sparkline-range", "aria-hidden": "true" }));
      pair.append(box);
    }
    box.hidden = false;
    const [line, caption] = box.children;
    const unit = unitOf(name);
    const values = shown.map((point) => point.value);
    const low = Math.min(...values), high = Math.max(...values);
    const first = shown[0].at;
    const marked = this.viewing === null ? shown[shown.length - 1] : shown.filter((point) => point.version <= this.viewing).pop() || shown[0];
    const markAt = this.viewing === null ? shown[shown.length - 1].at : (this.times.at(this.viewing) ?? marked.at);
    const last = Math.max(shown[shown.length - 1].at, markAt);
    const span = last - first || 1;
    const x = (at) => 1 + ((at - first) / span) * (WIDTH - 2);
    const y = (value) => HEIGHT - 2 - ((value - low) / (high - low || 1)) * (HEIGHT - 4);
    // A value holds until the next: each point steps from the level before it.
    const coordinates = [];
    shown.forEach((point, index) => {
      if (index) coordinates.push(`${x(point.at).toFixed(1)},${y(shown[index - 1].value).toFixed(1)}`);
      coordinates.push(`${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`);
    });
    coordinates.push(`${x(last).toFixed(1)},${y(shown[shown.length - 1].value).toFixed(1)}`);
    line.children[1].setAttribute("points", coordinates.join(" "));
    const marker = line.children[2];
    marker.setAttribute("x1", x(markAt).toFixed(1));
    marker.setAttribute("x2", x(markAt).toFixed(1));
    const withUnit = (value) => (unit ? `${value} ${unit}` : String(value));
    const range = low === high ? withUnit(low) : `${low}–${withUnit(high)}`;
    setText(caption, `${range} · ${spanText(last - first)}`);
    const where = this.viewing === null
      ? `latest ${withUnit(marked.value)} at v${marked.version}`
      : `at v${this.viewing}: ${withUnit(marked.value)}`;
    const label = `${name} over time: ${shown.length} values from ${clockTime(new Date(first))} to ${clockTime(new Date(last))}` +
      ` (${spanText(last - first)}), v${shown[0].version}–v${shown[shown.length - 1].version}, from ${withUnit(low)} to ${withUnit(high)}; ${where}`;
    line.firstChild.textContent = label;
    line.setAttribute("aria-label", label);
    line.dataset.points = String(shown.length);
    line.dataset.from = String(shown[0].version);
    line.dataset.to = String(shown[shown.length - 1].version);
    line.dataset.marker = String(this.viewing === null ? marked.version : this.viewing);
  }
}
