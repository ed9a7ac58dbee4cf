// A layered ("Sugiyama") layout of a binding graph, as dagre does it, in four steps:
// 1. cycles broken: an edge closing a cycle (a command enabled by an output it sets) is laid out
//    reversed and drawn with its arrow at its real target;
// 2. layers by longest path from the sources (inputs first), left to right;
// 3. an edge spanning several layers gets a waypoint in every layer between, which takes a slot
//    of its own in that layer's column, so an edge never runs through a box;
// 4. the order within each layer by barycentre sweeps (down and up, kept when the crossings
//    fall), then each slot placed near the middle of its neighbours without overlapping.
// Between two layers an edge runs inside the gap; inside a layer only through its own waypoint:
// no edge passes behind a node, by construction.

/** Layout of `nodes` ([{id, order}], order = declaration order) and `edges` ([{from, to}]). */
export function layeredLayout(nodes, edges, { nodeHeight, waypointHeight, rowGap }) {
  const ids = nodes.map((node) => node.id);
  const outgoing = new Map(ids.map((id) => [id, []]));
  for (const edge of edges) outgoing.get(edge.from).push(edge.to);

  // 1. Depth-first from the nodes in order (inputs come first): an edge to a node on the stack
  // closes a cycle and is reversed.
  const reversed = new Set();
  const state = new Map();
  const visit = (id) => {
    state.set(id, "open");
    for (const to of outgoing.get(id)) {
      if (state.get(to) === "open") reversed.add(`${id}\u0000${to}`);
      else if (!state.has(to)) visit(to);
    }
    state.set(id, "done");
  };
  for (const id of ids) if (!state.has(id)) visit(id);
  const laid = edges.map((edge) => {
    const back = reversed.has(`${edge.from}\u0000${edge.to}`);
    return { edge, from: back ? edge.to : edge.from, to: back ? edge.from : edge.to, reversed: back };
  });

  // 2. Longest path: a node's layer is one more than its deepest predecessor's.
  const predecessors = new Map(ids.map((id) => [id, []]));
  for (const e of laid) if (e.from !== e.to) predecessors.get(e.to).push(e.from);
  const layerOf = new Map();
  const depth = (id, seen = new Set()) => {
    if (layerOf.has(id)) return layerOf.get(id);
    seen.add(id);
    const below = predecessors.get(id).filter((p) => !seen.has(p)).map((p) => depth(p, seen) + 1);
    const layer = Math.max(0, ...below);
    layerOf.set(id, layer);
    return layer;
  };
  for (const id of ids) depth(id);

  // 3. Waypoints: one slot per layer an edge passes through.
  const layerCount = Math.max(0, ...layerOf.values()) + 1;
  const layers = Array.from({ length: layerCount }, () => []);
  const slot = new Map();   // id → {id, layer, waypoint, height, rank}
  const addSlot = (id, layer, waypoint, rank) => {
    const s = { id, layer, waypoint, height: waypoint ? waypointHeight : nodeHeight, rank };
    slot.set(id, s);
    layers[layer].push(s);
    return s;
  };
  nodes.forEach((node, i) => addSlot(node.id, layerOf.get(node.id), false, i));
  const links = [];   // [{upper, lower}] between consecutive layers, by slot id
  laid.forEach((e, k) => {
    e.chain = [e.from];
    for (let layer = layerOf.get(e.from) + 1; layer < layerOf.get(e.to); layer++) {
      const waypoint = addSlot(`~${k}:${layer}`, layer, true, nodes.length + k);
      e.chain.push(waypoint.id);
    }
    e.chain.push(e.to);
    for (let i = 0; i + 1 < e.chain.length; i++) links.push({ upper: e.chain[i], lower: e.chain[i + 1] });
  });

  // 4. Order: barycentre sweeps, keeping the order with the fewest crossings.
  for (const layer of layers) layer.sort((a, b) => a.rank - b.rank);
  const position = () => new Map(layers.flatMap((layer) => layer.map((s, i) => [s.id, i])));
  const crossings = () => {
    const at = position();
    let count = 0;
    for (let l = 0; l + 1 < layerCount; l++) {
      const between = links.filter((link) => slot.get(link.upper).layer === l)
        .map((link) => [at.get(link.upper), at.get(link.lower)]);
      for (let i = 0; i < between.length; i++) {
        for (let j = i + 1; j < between.length; j++) {
          const [a1, b1] = between[i];
          const [a2, b2] = between[j];
          if ((a1 - a2) * (b1 - b2) < 0) count += 1;
        }
      }
    }
    return count;
  };
  const neighbours = (id, upward) => links
    .filter((link) => (upward ? link.lower === id : link.upper === id))
    .map((link) => (upward ? link.upper : link.lower));
  const sweep = (upward) => {
    const at = position();
    const order = upward ? layers.keys() : [...layers.keys()].reverse();
    for (const l of order) {
      if ((upward && l === 0) || (!upward && l === layerCount - 1)) continue;
      const layer = layers[l];
      const centre = new Map(layer.map((s) => {
        const around = neighbours(s.id, upward).map((id) => at.get(id));
        return [s.id, around.length ? around.reduce((x, y) => x + y, 0) / around.length : at.get(s.id)];
      }));
      layer.sort((a, b) => centre.get(a.id) - centre.get(b.id) || at.get(a.id) - at.get(b.id));
      layer.forEach((s, i) => at.set(s.id, i));
    }
  };
  let best = layers.map((layer) => [...layer]);
  let fewest = crossings();
  for (let round = 0; round < 8 && fewest > 0; round++) {
    sweep(round % 2 === 0);
    const now = crossings();
    if (now < fewest) {
      fewest = now;
      best = layers.map((layer) => [...layer]);
    }
  }
  best.forEach((layer, l) => { layers[l] = layer; });

  // Vertical places: each slot wants the middle of its neighbours in the layer before (then
  // after), slots keep their order and never overlap; a few passes settle it.
  const y = new Map();
  for (const layer of layers) {
    let top = 0;
    for (const s of layer) { y.set(s.id, top); top += s.height + rowGap; }
  }
  const middle = (id) => y.get(id) + slot.get(id).height / 2;
  const settle = (layer, wanted) => {
    // Forward: not above the previous slot's bottom; backward: pull up what can go up.
    let floor = 0;
    for (const s of layer) {
      const top = Math.max(floor, wanted.get(s.id) - s.height / 2);
      y.set(s.id, top);
      floor = top + s.height + rowGap;
    }
    for (let i = layer.length - 2; i >= 0; i--) {
      const s = layer[i];
      const ceiling = y.get(layer[i + 1].id) - rowGap - s.height;
      y.set(s.id, Math.max(0, Math.min(ceiling, Math.max(y.get(s.id), wanted.get(s.id) - s.height / 2))));
    }
  };
  for (let pass = 0; pass < 4; pass++) {
    const upward = pass % 2 === 0;
    const order = upward ? [...layers.keys()] : [...layers.keys()].reverse();
    for (const l of order) {
      const layer = layers[l];
      const wanted = new Map(layer.map((s) => {
        const around = neighbours(s.id, upward).concat(pass >= 2 ? neighbours(s.id, !upward) : []);
        return [s.id, around.length ? around.reduce((sum, id) => sum + middle(id), 0) / around.length : middle(s.id)];
      }));
      settle(layer, wanted);
    }
  }
  const lowest = Math.min(...y.values());
  for (const [id, top] of y) y.set(id, top - lowest);

  return {
    layerCount,
    layerOf: (id) => slot.get(id).layer,
    top: (id) => y.get(id),
    height: Math.max(0, ...[...slot.values()].map((s) => y.get(s.id) + s.height)),
    crossings: fewest,
    // Each edge with the slots it passes (source first, as laid out) and whether it is drawn
    // against the layout's direction.
    routes: laid.map((e) => ({ edge: e.edge, chain: e.chain, reversed: e.reversed })),
  };
}
