// A card's binding graph: an inline SVG of inputs → outputs → commands' enabled state, drawn
// from /api/surface's derivesFrom lists; nodes and edges light up when a change runs along them.
// No edge passes behind a node it does not connect: an edge between neighbouring columns
// stays in the gap between them, one within a column bulges into the gap on its right, and
// one that skips a column (an input enabling a command) or runs back (a command setting an
// output) runs down the gap after its source, along a lane of its own under the nodes, and
// up the gap before its target.
import { clip } from "./format.js";
import { h, light, svg } from "./dom.js";

const NODE_W = 128;
const NODE_H = 26;
const ROW_GAP = 10;
const COL_GAP = 44;
const TOP = 30;
const LANE_GAP = 8;    // between the lanes of column-skipping edges, under the nodes

/** Inline SVG of inputs → outputs → commands' enabled state, from the surface. */
export class BindingGraph {
  constructor(vm, shape, inputNames, outputNames, commandNames) {
    this.nodes = new Map();
    this.edges = [];
    const columns = [
      { title: "inputs", prefix: "in", names: inputNames },
      { title: "outputs", prefix: "out", names: outputNames },
      { title: "commands · enabled", prefix: "cmd", names: commandNames },
    ].filter((column) => column.names.length > 0);
    const tallest = Math.max(1, ...columns.map((column) => column.names.length));
    const width = Math.max(1, columns.length) * NODE_W + Math.max(0, columns.length - 1) * COL_GAP + 24;
    const titleId = `graph-${vm}-title`;
    const picture = svg("svg", { role: "img", "aria-labelledby": titleId, class: "graph" });
    picture.style.minWidth = `${Math.min(width, 340)}px`;
    picture.style.maxWidth = `${width}px`; // never enlarge: text keeps one size across cards
    const markerId = `arrow-${vm}`;
    const defs = svg("defs");
    const marker = svg("marker", { id: markerId, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
    defs.append(marker);
    picture.append(defs);

    const position = new Map();
    columns.forEach((column, c) => {
      const x = c * (NODE_W + COL_GAP);
      const heading = svg("text", { x: x + 4, y: 14, class: "column-title" });
      heading.textContent = column.title;
      picture.append(heading);
      column.names.forEach((name, r) => position.set(`${column.prefix}:${name}`, { x, y: TOP + r * (NODE_H + ROW_GAP), column: c }));
    });

    const descriptions = [];
    // A command is a source too: of the outputs it sets, of a command its running disables.
    const idOf = (name) => (inputNames.includes(name) ? `in:${name}`
      : outputNames.includes(name) ? `out:${name}`
      : commandNames.includes(name) ? `cmd:${name}` : null);
    const link = (fromName, to) => {
      const from = idOf(fromName);
      if (from && position.has(to)) this.edges.push({ from, to });
    };
    for (const output of shape.outputs) {
      for (const source of output.derivesFrom || []) link(source, `out:${output.name}`);
      if ((output.derivesFrom || []).length) descriptions.push(`${output.name} derives from ${output.derivesFrom.join(", ")}`);
    }
    for (const command of shape.commands) {
      for (const source of command.enabledDerivesFrom || []) link(source, `cmd:${command.name}`);
      if ((command.enabledDerivesFrom || []).length) descriptions.push(`${command.name} is enabled by ${command.enabledDerivesFrom.join(", ")}`);
    }
    const title = svg("title", { id: titleId });
    title.textContent = `Binding graph of ${vm}. ${descriptions.join(". ") || "No derivations."}`;
    picture.prepend(title);

    const edgeLayer = svg("g", { class: "edges" });
    const bottomOfNodes = TOP + tallest * (NODE_H + ROW_GAP) - ROW_GAP;
    let lanes = 0;
    for (const edge of this.edges) {
      const a = position.get(edge.from);
      const b = position.get(edge.to);
      const ay = a.y + NODE_H / 2;
      const by = b.y + NODE_H / 2;
      const ax = a.x + NODE_W;
      let d;
      if (a.column === b.column) {
        const bulge = Math.min(COL_GAP - 8, 20 + Math.abs(by - ay) / 6);
        d = `M${ax},${ay} C${ax + bulge},${ay} ${ax + bulge},${by} ${ax + 2},${by}`;
      } else if (b.column === a.column + 1) {
        const bx = b.x - 2;
        const mid = (ax + bx) / 2;
        d = `M${ax},${ay} C${mid},${ay} ${mid},${by} ${bx},${by}`;
      } else {
        // Around the columns between (or back to a column on the left, from a command to an
        // output it sets): each such edge has its own lane and its own x in the gaps (so two
        // never share a segment), all within the gaps and under the nodes.
        const lane = lanes++;
        const laneY = bottomOfNodes + (lane + 1) * LANE_GAP + 4;
        const offset = 6 + (lane % 4) * 5;
        const downX = ax + offset;
        const upX = b.x - COL_GAP + offset + 8;
        const bx = b.x - 2;
        d = `M${ax},${ay} H${downX} V${laneY} H${upX} V${by} H${bx}`;
      }
      edge.path = svg("path", { d, class: "edge", "marker-end": `url(#${markerId})`, "data-from": edge.from, "data-to": edge.to });
      edgeLayer.append(edge.path);
    }
    const height = bottomOfNodes + (lanes ? (lanes + 1) * LANE_GAP + 4 : 0) + 4;
    picture.setAttribute("viewBox", `0 0 ${width} ${height}`);
    picture.append(edgeLayer);

    for (const [id, at] of position) {
      const name = id.slice(id.indexOf(":") + 1);
      const kind = id.slice(0, id.indexOf(":"));
      const group = svg("g", { class: `node node-${kind}`, "data-node": id, transform: `translate(${at.x},${at.y})` });
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
