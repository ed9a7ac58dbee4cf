// One card per view model: its inputs, outputs (lists as tables), commands and binding graph.
// The deck renders either way the page needs: a whole state (a reset, or a version from the
// history), comparing each member with what is on screen; or the change feed's entries
// one by one, touching only the members (and list rows) they name.
import { flash, h, setData, setHidden, setText, showValue } from "./dom.js";
import { BindingGraph } from "./graph.js";
import { CommandView } from "./command-view.js";
import { ListView } from "./list-view.js";
import { staleOutputs } from "./stale-outputs.js";

/** Names in surface order, then any the state has that the surface does not list. */
function orderedNames(fromSurface, fromState) {
  const names = (fromSurface || []).map((entry) => entry.name);
  for (const name of Object.keys(fromState || {})) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * Shows an input's value; a secret input (`secret` in /api/surface) arrives masked from the
 * daemon ("••••" when set, "" when not) and is shown as set or not set, never as text.
 */
function showInput(target, name, value, secret) {
  if (!secret) { showValue(target, name, value); return; }
  const set = value !== "" && value !== null && value !== undefined;
  target.replaceChildren(set ? "•••• (set)" : "(not set)");
  target.dataset.kind = "secret";
  target.removeAttribute("title");
}

function shapeOf(known, vmState) {
  return {
    inputs: known.inputs || Object.keys(vmState.inputs || {}).map((name) => ({ name })),
    outputs: known.outputs || Object.keys(vmState.outputs || {}).map((name) => ({ name, derivesFrom: [] })),
    commands: known.commands || Object.keys(vmState.commands || {}).map((name) => ({ name, argument: null, enabledDerivesFrom: [] })),
  };
}

class Card {
  /** `known` is the view model's /api/surface entry ({} when the surface does not list it). */
  constructor(vm, vmState, known) {
    this.vm = vm;
    this.shape = shapeOf(known, vmState);
    this.inputs = new Map();   // name -> value cell
    this.secrets = new Set(this.shape.inputs.filter((entry) => entry.secret).map((entry) => entry.name));
    this.outputs = new Map();  // name -> {pair, value, list, fields}
    this.commands = new Map(); // name -> CommandView
    this.shown = new Map();    // "part|name" -> JSON of the value on screen (whole renders)
    const titleId = `vm-${vm}-title`;
    this.root = h("section", { class: "card", "data-vm": vm, "aria-labelledby": titleId },
      h("h3", { id: titleId, class: "card-title" }, vm));

    const inputNames = orderedNames(this.shape.inputs, vmState.inputs);
    if (inputNames.length) {
      const list = h("dl", { class: "pairs" });
      for (const name of inputNames) {
        const spec = this.shape.inputs.find((entry) => entry.name === name) || {};
        const value = h("dd", { class: "value" });
        list.append(h("div", { class: "pair", "data-input": name },
          h("dt", {}, name, spec.type ? h("span", { class: "type" }, spec.typeName || (spec.type + (spec.optional ? " or null" : ""))) : null), value));
        this.inputs.set(name, value);
      }
      // The settable rule, where a newcomer looks: inputs are what `set` changes.
      this.root.append(h("h4", {}, "Inputs ", h("span", { class: "rule" }, "settable: binderyctl set " + vm + ".NAME VALUE")), list);
    }

    const outputNames = orderedNames(this.shape.outputs, vmState.outputs);
    if (outputNames.length) {
      const list = h("dl", { class: "pairs" });
      for (const name of outputNames) {
        const spec = this.shape.outputs.find((entry) => entry.name === name) || {};
        const value = h("dd", { class: "value" });
        const pair = h("div", { class: "pair", "data-output": name }, h("dt", {}, name), value);
        list.append(pair);
        this.outputs.set(name, { pair, value, list: null, fields: spec.items || [] });
      }
      this.outputList = list;
      this.staleNote = h("p", { class: "stale-note", role: "note", hidden: true });
      this.root.append(h("h4", {}, "Outputs ", h("span", { class: "rule" }, "read-only: derived, or the view model's own state")), this.staleNote, list);
    }

    const commandNames = orderedNames(this.shape.commands, vmState.commands);
    if (commandNames.length) {
      const list = h("ul", { class: "commands" });
      for (const name of commandNames) {
        const spec = this.shape.commands.find((entry) => entry.name === name) || {};
        const command = new CommandView(name, spec.argument);
        list.append(command.root);
        this.commands.set(name, command);
      }
      this.root.append(h("h4", {}, "Commands"), list);
    }

    this.graph = new BindingGraph(vm, this.shape, inputNames, outputNames, commandNames);
    this.root.append(this.graph.root);
  }

  /** Whether `value` differs from what the card shows for part|name (and remembers it). */
  differs(part, name, value) {
    const key = `${part}|${name}`;
    const json = JSON.stringify(value === undefined ? null : value);
    if (this.shown.get(key) === json) return false;
    this.shown.set(key, json);
    return true;
  }

  /** Shows the whole `vmState`; flashes and lights what changed since the last render. */
  render(vmState, earlierFailure, animate) {
    const changed = new Set();
    for (const [name, target] of this.inputs) {
      const value = (vmState.inputs || {})[name];
      if (!this.differs("input", name, value)) continue;
      showInput(target, name, value, this.secrets.has(name));
      if (animate) { flash(target); changed.add(`in:${name}`); }
    }
    for (const [name, view] of this.outputs) {
      const value = (vmState.outputs || {})[name];
      if (!this.differs("output", name, value)) continue;
      this.showOutput(view, name, value, animate);
      if (animate) { flash(view.value); changed.add(`out:${name}`); }
    }
    for (const [name, view] of this.commands) {
      // The command view compares field by field itself (its run state depends on events too).
      const value = (vmState.commands || {})[name] || {};
      if (view.update(value, earlierFailure(this.vm, name), animate) && animate) changed.add(`cmd:${name}`);
    }
    this.graph.update(vmState, changed);
    this.markStale();
    this.markReset(vmState.resetAfterRestart || []);
  }

  /** Marks the members the last restart could not bring back (the state's `resetAfterRestart`). */
  markReset(names) {
    for (const pair of this.root.querySelectorAll(".pair")) {
      pair.classList.toggle("reset-after-restart", names.includes(pair.dataset.output || pair.dataset.input));
    }
  }

  /**
   * While a command's latest run failed ("failed now"), the outputs it sets are what an
   * earlier run left (a failed run produces no values): they are marked, and the note names
   * the command, until a run succeeds. Outputs derived only from inputs stay unmarked
   * (stale-outputs.js).
   */
  markStale() {
    if (!this.staleNote) return;
    const failed = [...this.commands].filter(([, view]) => view.root.dataset.runState === "failed-now").map(([name]) => name);
    const stale = staleOutputs(this.shape, failed);
    for (const [name, view] of this.outputs) setData(view.pair, "stale", String(stale.has(name)));
    const text = stale.size
      ? `${failed.map((name) => `${this.vm}.${name}`).join(", ")} failed now: the outputs marked below are from before that run`
      : "";
    setHidden(this.staleNote, !stale.size);
    setText(this.staleNote, text);
  }

  /**
   * Shows one applied change-feed entry (`record.change`), reading the new value from
   * `vmState`; adds the graph nodes it lit to `changed`.
   */
  applyChange(change, vmState, earlierFailure, changed) {
    const name = change.name;
    // What is on screen is no longer a whole render's: the next one compares this member afresh.
    this.shown.delete(`${change.part}|${name}`);
    if (change.part === "input") {
      const target = this.inputs.get(name);
      if (!target) return;
      showInput(target, name, (vmState.inputs || {})[name], this.secrets.has(name));
      flash(target);
      changed.add(`in:${name}`);
    } else if (change.part === "output") {
      const view = this.outputs.get(name);
      if (!view) return;
      const value = (vmState.outputs || {})[name];
      if (!("value" in change) && view.list && Array.isArray(value)) {
        view.list.patch(value, change.rows || []); // the changed rows flash, not the whole table
      } else {
        this.showOutput(view, name, value, true);
        flash(view.value);
      }
      changed.add(`out:${name}`);
    } else if (change.part === "command") {
      const view = this.commands.get(name);
      const state = (vmState.commands || {})[name] || {};
      if (view && view.update(state, earlierFailure(this.vm, name), true)) changed.add(`cmd:${name}`);
      this.markStale();
    }
  }

  showOutput(view, name, value, animate) {
    if (Array.isArray(value)) {
      if (!view.list) view.list = new ListView(view.value, view.pair, this.vm, name, view.fields);
      view.list.setRows(value, animate);
    } else {
      if (view.list) { view.list = null; view.pair.removeAttribute("data-count"); }
      showValue(view.value, name, value);
    }
  }
}

/**
 * Whether an applied entry gave a member the value it already had (a restarted daemon
 * re-derives values and sends them again): nothing to show or highlight.
 */
function unchanged(record) {
  if (!("value" in record.change) || !record.had || record.change.part === "command") return false;
  const value = record.change.value, old = record.old;
  if (value === old) return true;
  if (typeof value !== "object" || typeof old !== "object" || value === null || old === null) return false;
  return JSON.stringify(value) === JSON.stringify(old);
}

export class Deck {
  constructor(container) {
    this.container = container;
    this.surface = {};
    this.cards = new Map(); // vm -> Card
  }

  /** A new /api/surface: the cards are rebuilt on the next render. */
  setSurface(surface) {
    this.surface = surface || {};
    for (const card of this.cards.values()) card.root.remove();
    this.cards.clear();
  }

  /** Shows every view model of `viewModels` (an /api/state `viewModels` object). */
  render(viewModels, earlierFailure, animate) {
    const placeholder = this.container.querySelector(".placeholder");
    if (placeholder) placeholder.remove();
    const order = orderedNames(Object.keys(this.surface).map((name) => ({ name })), viewModels);
    for (const vm of order) {
      const vmState = viewModels[vm];
      if (!vmState || typeof vmState !== "object") continue;
      let card = this.cards.get(vm);
      if (!card) {
        card = new Card(vm, vmState, this.surface[vm] || {});
        this.cards.set(vm, card);
        this.container.append(card.root);
      }
      card.render(vmState, earlierFailure, animate && card.shown.size > 0);
    }
  }

  /** Shows applied change-feed entries (undo records of state.js), then lights the graphs. */
  applyRecords(records, viewModels, earlierFailure) {
    const touched = new Map();
    for (const record of records) {
      const change = record.change;
      const card = this.cards.get(change.vm);
      if (!card || unchanged(record)) continue;
      if (!touched.has(card)) touched.set(card, new Set());
      card.applyChange(change, viewModels[change.vm], earlierFailure, touched.get(card));
    }
    for (const [card, changed] of touched) card.graph.update(viewModels[card.vm], changed);
  }

  /** Re-derives the run state of the commands named in `keys` ("vm.name"). */
  refreshCommands(keys, viewModels, earlierFailure) {
    for (const key of keys) {
      const dot = key.indexOf(".");
      const vm = key.slice(0, dot);
      const name = key.slice(dot + 1);
      const view = this.cards.get(vm) && this.cards.get(vm).commands.get(name);
      const state = viewModels[vm] && (viewModels[vm].commands || {})[name];
      if (view && state) view.update(state, earlierFailure(vm, name), false);
      if (view) this.cards.get(vm).markStale();
    }
  }
}
