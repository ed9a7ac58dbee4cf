#!/usr/bin/env python3
"""The binding graph of a running daemon's dashboard, in headless Chromium: at least one edge
from an input straight to a command, and no edge behind a node it does not connect.

  python3 Tests/web/graph_layout_test.py --base-url http://127.0.0.1:PORT

scripts/e2e.sh runs it against docs/GUIDE.md's example (logind), whose notes.add derives from
the notes.draft input. Prints one line; exits 0 only when the check held."""

import argparse
import shutil
import sys

from dashboard_test import open_dashboard
from devtools import TestFailure
from graph_checks import no_edge_behind_a_node


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    try:
        with open_dashboard(args.chromium, args.base_url, timeout=30, prefix="bindery-graph-") as (session, _):
            print(f"ok    binding graph: {no_edge_behind_a_node(session, need_input_to_command=True)}")
            return 0
    except TestFailure as failure:
        print(f"FAIL  binding graph: {failure}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
