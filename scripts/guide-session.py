#!/usr/bin/env python3
"""The binderyctl sessions of a Markdown document meant for one daemon, for
`binderyctl --check`: the document with every other session's lines blanked (so line numbers
in the checker's report stay the document's).

A session (a fenced block whose first line is a `bindery> ` command) is meant for the daemon
named by an HTML comment on the line before its fence, `<!-- session: brokerd -->`; one with
no such comment is meant for DEFAULT. docs/GUIDE.md holds sessions for brokerd
(Examples/Brokerage) and for logind (Examples/Login, the default), each replayed against its
daemon by scripts/e2e.sh.

  scripts/guide-session.py DAEMON [--default NAME] FILE > SESSION.md
"""
import argparse
import re
import sys

MARKER = re.compile(r"^<!-- session: ([A-Za-z0-9_.-]+) -->$")
PROMPT = "bindery> "


def sessions_for(lines, daemon, default):
    """`lines` with the lines of every session not meant for `daemon` made empty."""
    kept = []
    owner = None      # the daemon the open block's session is for, None outside a session
    in_block = False
    for index, line in enumerate(lines):
        if line.startswith("```"):
            if in_block:
                in_block = False
                kept.append(line if owner in (None, daemon) else "")
                owner = None
                continue
            in_block = True
            first = lines[index + 1] if index + 1 < len(lines) else ""
            if first.startswith(PROMPT):
                marker = MARKER.match(lines[index - 1].strip()) if index > 0 else None
                owner = marker.group(1) if marker else default
            kept.append(line if owner in (None, daemon) else "")
            continue
        kept.append(line if not in_block or owner in (None, daemon) else "")
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("daemon")
    parser.add_argument("file")
    parser.add_argument("--default", default="logind", help="the daemon an unmarked session is for (logind)")
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as f:
        lines = f.read().split("\n")
    sys.stdout.write("\n".join(sessions_for(lines, args.daemon, args.default)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
