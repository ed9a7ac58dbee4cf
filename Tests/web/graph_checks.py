"""The binding graph's layout, checked in the page: no edge passes behind a node it does not
connect. Shared by the dashboard test (binderyd's view models, whose tweets outputs derive from
the commands that set them: edges running back to the left) and the guide example's check
(Examples/Login's notes, whose `add` command derives from the `draft` input). Both graphs are
read from the view models' code, which declares no derivation for these edges."""

from devtools import TestFailure

# Every edge of every card's graph, sampled every 2 SVG units along its path: the names of the
# edges that cross a node other than their own ends (1 unit inside the node's box).
CROSSINGS = """(() => {
  const crossings = [];
  let edges = 0;
  for (const graph of document.querySelectorAll('svg.graph')) {
    const nodes = [...graph.querySelectorAll('g[data-node]')].map(g => {
      const m = /translate\\(([-\\d.]+),([-\\d.]+)\\)/.exec(g.getAttribute('transform'));
      const r = g.querySelector('rect');
      return { id: g.dataset.node, x: +m[1], y: +m[2], w: +r.getAttribute('width'), h: +r.getAttribute('height') };
    });
    for (const path of graph.querySelectorAll('path.edge')) {
      edges += 1;
      const own = new Set([path.dataset.from, path.dataset.to]);
      const length = path.getTotalLength();
      for (let at = 0; at <= length; at += 2) {
        const p = path.getPointAtLength(at);
        const hit = nodes.find(n => !own.has(n.id) && p.x > n.x + 1 && p.x < n.x + n.w - 1 && p.y > n.y + 1 && p.y < n.y + n.h - 1);
        if (hit) { crossings.push(`${path.dataset.from} → ${path.dataset.to} passes behind ${hit.id}`); break; }
      }
    }
  }
  return { edges, crossings };
})()"""

# Whether some card's graph has an edge from an input straight to a command (skipping the
# outputs' column): the case the layout must route around.
HAS_INPUT_TO_COMMAND = """[...document.querySelectorAll('svg.graph path.edge')]
  .some(p => p.dataset.from.startsWith('in:') && p.dataset.to.startsWith('cmd:'))"""


# Whether some card's graph has an edge from a command back to an output (one it sets).
HAS_COMMAND_TO_OUTPUT = """[...document.querySelectorAll('svg.graph path.edge')]
  .some(p => p.dataset.from.startsWith('cmd:') && p.dataset.to.startsWith('out:'))"""


def no_edge_behind_a_node(session, need_input_to_command=False, need_command_to_output=False):
    """Waits for the graphs, then fails with the crossings if any edge passes behind a node."""
    session.wait_for("document.querySelectorAll('svg.graph path.edge').length > 0", "binding graphs with edges")
    if need_input_to_command and not session.evaluate(HAS_INPUT_TO_COMMAND):
        raise TestFailure("no graph has an edge from an input to a command")
    if need_command_to_output and not session.evaluate(HAS_COMMAND_TO_OUTPUT):
        raise TestFailure("no graph has an edge from a command to an output")
    result = session.evaluate(CROSSINGS)
    if result["crossings"]:
        raise TestFailure("; ".join(result["crossings"][:5]))
    return f"{result['edges']} edges, none behind a node"
