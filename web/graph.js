// A card's binding graph: an inline SVG of the view model's inputs, outputs and commands, drawn
// from /api/surface's lists (an output's derivesFrom, a command's enabledDerivesFrom and
// startedBy) in layers left to right (graph-layout.js: what dagre does), so a person can follow
// it; nodes and edges light up when a change runs along them. No edge passes behind a node it
// does not connect: between layers an edge stays in the gap, and it crosses a layer only
// through a slot of its own.
import { clip } from "./format.js";
import { h, light, svg } from "./dom.js";
import { layeredLayout } from "./graph-layout.js";

const NODE_W = 128;
const NODE_H = 26;
const ROW_GAP = 10;
const COL_GAP = 56;
const TOP = 24;
const WAYPOINT_H = 6;   // the slot an edge takes in a layer it passes through
// The least a graph is scaled: its 12 px text is drawn at 10 px at the smallest.
const MIN_SCALE = 10 / 12;

/** Inline SVG of a view model's binding graph, from its surface. */
export class BindingGraph {
  constructor(vm, shape, inputNames, outputNames, commandNames) {
    this.nodes = new Map();
    this.edges = [];
    const titleId = `graph-${vm}-title`;
    const picture = svg("svg", { role: "img", "aria-labelledby": titleId, class: "graph" });
    const markerId = `arrow-${vm}`;
    const defs = svg("defs");
    const marker = svg("marker", { id: markerId, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
    defs.append(marker);
    picture.append(defs);

    const members = [
      ...inputNames.map((name) => `in:${name}`),
      ...outputNames.map((name) => `out:${name}`),
      ...commandNames.map((name) => `cmd:${name}`),
    ];
    const descriptions = [];
    // A command is a source too: of the outputs it sets, of a command its running disables.
    const idOf = (name) => (inputNames.includes(name) ? `in:${name}`
      : outputNames.includes(name) ? `out:${name}`
      : commandNames.includes(name) ? `cmd:${name}` : null);
    const seen = new Set();
    const link = (fromName, to, kind) => {
      const from = idOf(fromName);
      if (!from || from === to || !members.includes(to) || seen.has(`${from}>${to}`)) return;
      seen.add(`${from}>${to}`);
      this.edges.push({ from, to, kind });
    };
    for (const output of shape.outputs) {
      for (const source of output.derivesFrom || []) link(source, `out:${output.name}`, "derives");
      if ((output.derivesFrom || []).length) descriptions.push(`${output.name} derives from ${output.derivesFrom.join(", ")}`);
    }
    for (const command of shape.commands) {
      for (const source of command.startedBy || []) link(source, `cmd:${command.name}`, "starts");
      for (const source of command.enabledDerivesFrom || []) link(source, `cmd:${command.name}`, "derives");
      if ((command.startedBy || []).length) descriptions.push(`${command.name} is started by ${command.startedBy.join(", ")}`);
      if ((command.enabledDerivesFrom || []).length) descriptions.push(`${command.name} is enabled by ${command.enabledDerivesFrom.join(", ")}`);
    }
    const title = svg("title", { id: titleId });
    title.textContent = `Binding graph of ${vm}. ${descriptions.join(". ") || "No derivations."}`;
    picture.prepend(title);

    const layout = layeredLayout(members.map((id, order) => ({ id, order })), this.edges,
      { nodeHeight: NODE_H, waypointHeight: WAYPOINT_H, rowGap: ROW_GAP });
    const left = (id) => layout.layerOf(id) * (NODE_W + COL_GAP);
    const middle = (id) => TOP + layout.top(id) + (id.startsWith("~") ? WAYPOINT_H : NODE_H) / 2;
    const width = Math.max(1, layout.layerCount) * NODE_W + Math.max(0, layout.layerCount - 1) * COL_GAP + 4;
    const height = TOP + layout.height + 6;
    // Never enlarged (text keeps one size across cards) and never shrunk below MIN_SCALE,
    // where its 12 px text stops being readable: a wider graph scrolls sideways instead.
    picture.style.minWidth = `${Math.ceil(width * MIN_SCALE)}px`;
    picture.style.maxWidth = `${width}px`;
    picture.setAttribute("viewBox", `0 0 ${width} ${height}`);
    picture.dataset.crossings = String(layout.crossings);

    // What the three kinds of box are, once, where the column titles used to be.
    const legend = svg("g", { class: "legend", transform: "translate(0,4)" });
    [["input", "node-in"], ["output", "node-out"], ["command", "node-cmd"]].forEach(([word, kind], i) => {
      const key = svg("g", { class: `node ${kind}`, transform: `translate(${i * 84},0)` });
      key.append(svg("rect", { width: 12, height: 12, rx: 3 }));
      const text = svg("text", { x: 17, y: 10, class: "column-title" });
      text.textContent = word;
      key.append(text);
      legend.append(key);
    });
    picture.append(legend);

    const edgeLayer = svg("g", { class: "edges" });
    for (const route of layout.routes) {
      // Right side of each slot to the left side of the next; through a waypoint's slot along
      // its middle. Drawn in layout order; a reversed edge carries its arrow at the start.
      const [first, ...rest] = route.chain;
      let x = left(first) + NODE_W + (route.reversed ? 2 : 0);
      let y = middle(first);
      let d = `M${x},${y}`;
      rest.forEach((id, i) => {
        const last = i === rest.length - 1;
        const bx = left(id) - (last && !route.reversed ? 2 : 0);
        const by = middle(id);
        const mid = (x + bx) / 2;
        d += ` C${mid},${y} ${mid},${by} ${bx},${by}`;
        x = bx;
        y = by;
        if (!last) {
          x = left(id) + NODE_W;
          d += ` H${x}`;
        }
      });
      const edge = route.edge;
      const attributes = { d, class: `edge edge-${edge.kind}`, "data-from": edge.from, "data-to": edge.to };
      attributes[route.reversed ? "marker-start" : "marker-end"] = `url(#${markerId})`;
      edge.path = svg("path", attributes);
      edgeLayer.append(edge.path);
    }
    picture.append(edgeLayer);

    for (const id of members) {
      const name = id.slice(id.indexOf(":") + 1);
      const kind = id.slice(0, id.indexOf(":"));
      const group = svg("g", { class: `node node-${kind}`, "data-node": id, transform: `translate(${left(id)},${TOP + layout.top(id)})` });
      const hint = svg("title");
      hint.textContent = `${kind === "in" ? "input" : kind === "out" ? "output" : "command"} ${name}`;
      group.append(hint, svg("rect", { width: NODE_W, height: NODE_H, rx: 6 }));
      const label = svg("text", { x: 10, y: NODE_H / 2 + 4 });
      label.textContent = clip(name, 16);
      group.append(label);
      picture.append(group);
      this.nodes.set(id, group);
    }

    this.root = h("details", { class: "graph-box", open: true },
      h("summary", {}, "Binding graph"),
      h("div", { class: "graph-scroll", role: "region", tabindex: "0", "aria-label": `Binding graph of ${vm}` }, picture));
  }

  update(vmState, changed) {
    for (const [id, group] of this.nodes) {
      if (!id.startsWith("cmd:")) continue;
      const state = (vmState.commands || {})[id.slice(4)] || {};
      group.classList.toggle("disabled", state.enabled !== true);
      group.classList.toggle("executing", state.executing === true);
    }
    for (const id of changed) light(this.nodes.get(id));
    for (const edge of this.edges) {
      if (changed.has(edge.from) && changed.has(edge.to)) light(edge.path);
    }
  }
}
