// Values over time: each numeric input and output gets a sparkline of its recent values
// beside it on its card, from the daemon's history (daemon-history.js) and the changes that
// arrive after. A change redraws only the sparkline of the member it names (O(change)).
import { svg } from "./dom.js";

// Points kept per member.
const POINTS = 60;
const WIDTH = 84;
const HEIGHT = 18;

export class Sparklines {
  constructor() {
    this.series = new Map(); // "vm|part|name" -> [[version, number], …], oldest first
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
      if (points.length > POINTS) points.splice(0, points.length - POINTS);
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
      this.series.set(key, older.concat(points).slice(-POINTS));
    }
    this.drawAll();
  }

  drawAll() { for (const key of this.series.keys()) this.draw(key); }

  /** Draws the sparkline of `key` in its card's row (two points at least). */
  draw(key) {
    const [vm, part, name] = key.split("|");
    const pair = document.querySelector(`[data-vm="${CSS.escape(vm)}"] [data-${part}="${CSS.escape(name)}"]`);
    const points = this.series.get(key) || [];
    if (!pair || points.length < 2) return;
    let line = pair.querySelector("svg.sparkline");
    if (!line) {
      line = svg("svg", { class: "sparkline", width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" });
      line.append(svg("title", {}), svg("polyline", { fill: "none", stroke: "currentColor", "stroke-width": 1.5 }));
      pair.append(line);
    }
    const values = points.map(([, value]) => value);
    const low = Math.min(...values), high = Math.max(...values);
    const span = high - low || 1;
    const step = (WIDTH - 2) / (points.length - 1);
    const coordinates = values.map((value, index) =>
      `${(1 + index * step).toFixed(1)},${(HEIGHT - 2 - ((value - low) / span) * (HEIGHT - 4)).toFixed(1)}`);
    line.lastChild.setAttribute("points", coordinates.join(" "));
    const label = `${name}: last ${points.length} values, v${points[0][0]}–v${points[points.length - 1][0]}, from ${low} to ${high}`;
    line.firstChild.textContent = label;
    line.setAttribute("aria-label", label);
    line.dataset.points = String(points.length);
  }
}
