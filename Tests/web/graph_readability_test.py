#!/usr/bin/env python3
"""Binding graphs a person can read, in headless Chromium, on the real daemons' dashboards:
binderyd's seven demo view models and the search screen as a newcomer writes it (bindery-graph-search-daemon: a
debounced query bound to its search command; 6 inputs, 2 outputs, 2 commands).

For every graph: no edge passes behind a node it does not connect (graph_checks.py), every
edge joins two layers (no edge within a column), and the edges cross each other at most
MAX_CROSSINGS times (counted on the drawn paths, edges sharing a node not counted). For the
search: its code's edges are drawn (query starts search, through `debounce` and `<~`), with
no crossing at all; its picture is saved with --screenshot.

  python3 Tests/web/graph_readability_test.py --bin-dir .build/debug [--screenshot FILE]

Prints one line per check; exits 0 only when all held."""

import argparse
import base64
import os
import shutil
import sys

from dashboard_test import open_dashboard
from devtools import TestFailure, check
from graph_checks import no_edge_behind_a_node

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from daemon import Daemon  # noqa: E402

# The most crossings between edges any one demo graph may have (the layered layout finds 0 on
# all of them today; a drawing that puts edges across each other at random has many).
MAX_CROSSINGS = 1

# Per graph: its view model, its nodes' boxes, and each edge as a polyline sampled from the
# drawn path; then the pairs of edges (not sharing a node) whose polylines intersect, and the
# edges whose two ends sit in one column.
MEASURE = """(() => {
  const cross = (p, q, r, s) => {
    const d = (a, b, c) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    const d1 = d(p, q, r), d2 = d(p, q, s), d3 = d(r, s, p), d4 = d(r, s, q);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
  };
  return [...document.querySelectorAll('[data-vm]')].filter(card => card.querySelector('svg.graph')).map(card => {
    const graph = card.querySelector('svg.graph');
    const x = new Map([...graph.querySelectorAll('g[data-node]')].map(g =>
      [g.dataset.node, +/translate\\(([-\\d.]+),/.exec(g.getAttribute('transform'))[1]]));
    const edges = [...graph.querySelectorAll('path.edge')].map(path => {
      const points = [];
      const length = path.getTotalLength();
      for (let at = 0; at <= length; at += 3) points.push(path.getPointAtLength(at));
      points.push(path.getPointAtLength(length));
      return { from: path.dataset.from, to: path.dataset.to, points };
    });
    const crossings = [];
    for (let i = 0; i < edges.length; i++) {
      for (let j = i + 1; j < edges.length; j++) {
        const a = edges[i], b = edges[j];
        if ([a.from, a.to].some(n => n === b.from || n === b.to)) continue;
        let hit = false;
        for (let m = 0; m + 1 < a.points.length && !hit; m++) {
          for (let n = 0; n + 1 < b.points.length && !hit; n++) {
            hit = cross(a.points[m], a.points[m + 1], b.points[n], b.points[n + 1]);
          }
        }
        if (hit) crossings.push(`${a.from}→${a.to} × ${b.from}→${b.to}`);
      }
    }
    const sameColumn = edges.filter(e => x.get(e.from) === x.get(e.to)).map(e => `${e.from}→${e.to}`);
    return { vm: card.dataset.vm, nodes: x.size, edges: edges.map(e => `${e.from}→${e.to}`), crossings, sameColumn };
  });
})()"""


def readable(session, expected_graphs, max_crossings):
    """Waits for `expected_graphs` graphs with edges; fails naming any graph whose edges cross
    more than `max_crossings` times or join two nodes of one column. Returns the graphs."""
    session.wait_for(f"document.querySelectorAll('[data-vm] svg.graph').length >= {expected_graphs}"
                     " && document.querySelectorAll('svg.graph path.edge').length > 0", f"{expected_graphs} binding graphs")
    graphs = session.evaluate(MEASURE)
    if len(graphs) != expected_graphs:
        raise TestFailure(f"{len(graphs)} graphs, expected {expected_graphs}")
    problems = []
    for graph in graphs:
        if len(graph["crossings"]) > max_crossings:
            problems.append(f"{graph['vm']}: {len(graph['crossings'])} crossings ({'; '.join(graph['crossings'][:3])})")
        if graph["sameColumn"]:
            problems.append(f"{graph['vm']}: edges within a column: {', '.join(graph['sameColumn'])}")
    if problems:
        raise TestFailure("; ".join(problems))
    total = sum(len(graph["crossings"]) for graph in graphs)
    return graphs, f"{len(graphs)} graphs, {sum(len(g['edges']) for g in graphs)} edges, {total} crossings"


def screenshot(session, path):
    """Saves the search card's graph as a PNG at `path`."""
    session.devtools.call("Emulation.setDeviceMetricsOverride", width=1280, height=1000, deviceScaleFactor=1, mobile=False)
    box = session.evaluate("""(() => { const g = document.querySelector('[data-vm="search"] svg.graph');
      g.scrollIntoView(); const r = g.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height }; })()""")
    shot = session.devtools.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                                 clip={**box, "scale": 1})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", default=".build/debug")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--screenshot", help="where to save the search graph's picture (PNG)")
    args = parser.parse_args()
    ok = True
    for binary, graphs in (("binderyd", 7), ("bindery-graph-search-daemon", 1)):
        with Daemon(os.path.join(args.bin_dir, binary)) as daemon, \
                open_dashboard(args.chromium, daemon.base_url, timeout=30, prefix="bindery-graph-") as (session, _):
            ok &= check(f"{binary}: no edge behind a node", lambda: no_edge_behind_a_node(session))
            if graphs == 7:
                ok &= check(f"{binary}: seven layered graphs, few crossings",
                            lambda: readable(session, graphs, MAX_CROSSINGS)[1])
                continue

            def search_graph():
                found, summary = readable(session, graphs, 0)
                edges = set(found[0]["edges"])
                wanted = {"in:query→cmd:search", "in:sort→cmd:search", "cmd:search→out:results",
                          "in:hasMore→cmd:loadMore", "in:query→out:summary", "out:results→out:summary"}
                if not wanted <= edges:
                    raise TestFailure(f"missing edges: {', '.join(sorted(wanted - edges))}; drawn: {', '.join(sorted(edges))}")
                if found[0]["nodes"] != 10:
                    raise TestFailure(f"{found[0]['nodes']} nodes, expected 6 inputs, 2 outputs, 2 commands")
                if args.screenshot:
                    screenshot(session, args.screenshot)
                return summary + ", query → search drawn"
            ok &= check(f"{binary}: the debounced search's graph, layered, no crossing", search_graph)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
