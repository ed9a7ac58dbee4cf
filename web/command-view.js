// One command of a card: enabled or not, its current run's state (run-state.js), runs, last
// value, and the failure that state is about — the current run's in red, an earlier run's
// muted and labelled as earlier, so the two can never be mistaken for each other.
import { flash, h, setData, setHidden, setText, showValue, timeElement } from "./dom.js";
import { RUN_STATE_LABELS, runStateOf } from "./run-state.js";

const FAILURE_HEADINGS = {
  "failed-now": "failed now: ",
  "cancelled": "cancelled: ",
  "interrupted": "interrupted: ",
};

export class CommandView {
  constructor(name, argument) {
    this.name = name;
    this.badge = h("span", { class: "badge" });
    this.runBadge = h("span", { class: "run-state", "data-run-state": "idle" }, "idle");
    this.spinner = h("span", { class: "spinner", "aria-hidden": "true", hidden: true });
    this.runs = h("dd", { class: "runs" }, "0");
    this.lastValue = h("dd", { class: "last-value" }, "null");
    this.failure = h("p", { class: "failure", hidden: true });
    const signature = argument && argument.name ? `(${argument.name}: ${argument.type || "value"})` : "";
    this.root = h("li", { class: "command", "data-command": name, "data-enabled": "false",
      "data-executing": "false", "data-run-state": "idle", "aria-busy": "false" },
      h("div", { class: "command-head" },
        h("span", { class: "command-name" }, name, signature ? h("span", { class: "type" }, signature) : null),
        this.badge, this.spinner, this.runBadge),
      h("dl", { class: "command-facts" }, h("dt", {}, "runs"), this.runs, h("dt", {}, "last value"), this.lastValue),
      this.failure);
    this.shownFailure = null;
  }

  /**
   * Shows `state` (the command's state object) with `earlierFailure` (the latest failure the
   * page saw in the event log, or null); returns whether the enabled or executing flag changed.
   */
  update(state, earlierFailure, animate) {
    const enabled = state.enabled === true;
    const executing = state.executing === true;
    const flagsChanged = this.root.dataset.enabled !== String(enabled) || this.root.dataset.executing !== String(executing);
    setData(this.root, "enabled", String(enabled));
    setData(this.root, "executing", String(executing));
    if (this.root.getAttribute("aria-busy") !== String(executing)) this.root.setAttribute("aria-busy", String(executing));
    setText(this.badge, enabled ? "enabled" : "disabled");
    setData(this.badge, "state", enabled ? "enabled" : "disabled");
    setHidden(this.spinner, !executing);

    // Attempts the view model made while it was disabled are counted beside the runs.
    const refused = typeof state.refused === "number" && state.refused > 0 ? ` (${state.refused} refused)` : "";
    const runs = String(typeof state.runs === "number" ? state.runs : 0) + refused;
    if (this.runs.textContent !== runs) {
      this.runs.textContent = runs;
      if (animate) flash(this.runs);
    }
    const lastValue = state.lastValue === undefined ? null : state.lastValue;
    const lastValueJSON = JSON.stringify(lastValue);
    if (this.lastValueJSON !== lastValueJSON) {
      this.lastValueJSON = lastValueJSON;
      showValue(this.lastValue, "", lastValue);
      if (animate) flash(this.lastValue);
    }
    const run = runStateOf(state, earlierFailure);
    this.showRunState(run, animate);
    // The item's accessible name: which command, and what a sighted reader sees at a glance.
    const name = `${this.name}, ${enabled ? "enabled" : "disabled"}, ${RUN_STATE_LABELS[run.state]}`;
    if (this.root.getAttribute("aria-label") !== name) this.root.setAttribute("aria-label", name);
    if (animate && flagsChanged) flash(this.root);
    return flagsChanged;
  }

  showRunState(run, animate) {
    const changed = this.root.dataset.runState !== run.state;
    setData(this.root, "runState", run.state);
    setData(this.runBadge, "runState", run.state);
    setText(this.runBadge, RUN_STATE_LABELS[run.state]);
    setData(this.root, "failedBefore", String(run.previousFailure !== null));

    const failure = run.failure || run.previousFailure;
    const key = JSON.stringify([run.state, failure]);
    if (key === this.shownFailure) return;
    this.shownFailure = key;
    if (!failure) {
      this.failure.replaceChildren();
      this.failure.hidden = true;
      return;
    }
    // The current run's failure is the alert; an earlier one is context, labelled as such.
    const current = run.failure !== null;
    this.failure.dataset.when = current ? "now" : "before";
    const heading = current ? FAILURE_HEADINGS[run.state] || "failed: " : "an earlier run failed: ";
    this.failure.replaceChildren(h("span", { class: "failure-label" }, heading), failure.message);
    if (failure.at) this.failure.append(" ", h("span", { class: "failure-time" }, "at ", timeElement(failure.at, "clock")));
    if (!current && run.state === "failed-before") this.failure.append(h("span", { class: "failure-note" }, " — the latest run succeeded"));
    if (!current && run.state === "running") this.failure.append(h("span", { class: "failure-note" }, " — this run is still going"));
    this.failure.hidden = false;
    if (animate && (changed || current)) flash(this.failure);
  }
}
