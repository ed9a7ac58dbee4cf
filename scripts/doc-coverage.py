#!/usr/bin/env python3
"""Lists the public symbols of a module that have no doc comment, from its symbol graphs.

    scripts/doc-coverage.py GRAPH_DIR MODULE

GRAPH_DIR holds MODULE.symbols.json and MODULE@*.symbols.json (`swift build -Xswiftc
-emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc GRAPH_DIR`). A symbol needs no
comment of its own when DocC shows another one for it: members synthesized from a protocol
extension, and implementations of a documented protocol requirement (DocC inherits that
documentation). Exit status 1 if any symbol is undocumented.
"""
import glob, json, os, sys

# Requirements of the standard library's protocols (documented there).
STANDARD_REQUIREMENTS = {"description", "debugDescription", "init(rawValue:)", "rawValue", "startIndex", "endIndex",
                         "subscript(_:)", "index(after:)", "makeIterator()", "next()", "init(stringLiteral:)",
                         "hash(into:)", "==(_:_:)", "<(_:_:)", "allCases"}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    graph_dir, module = sys.argv[1:]
    paths = glob.glob(os.path.join(graph_dir, f"{module}.symbols.json")) + \
        glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json"))
    if not paths:
        sys.exit(f"doc-coverage: no symbol graph of {module} in {graph_dir}")
    symbols, requirements_of = {}, {}
    for path in paths:
        with open(path) as f:
            graph = json.load(f)
        for s in graph["symbols"]:
            symbols[s["identifier"]["precise"]] = s
        for r in graph.get("relationships", []):
            if r["kind"] in ("defaultImplementationOf", "overrides") or \
                    (r["kind"] == "memberOf" and "::SYNTHESIZED::" in r["source"]):
                requirements_of.setdefault(r["source"], []).append(r["target"])
    # A conforming type's implementation of a requirement shows the requirement's documentation:
    # the module's own protocols' documented requirements, and the standard library's.
    documented_requirements, conforms = {}, {}
    for path in paths:
        with open(path) as f:
            for r in json.load(f).get("relationships", []):
                if r["kind"] in ("requirementOf", "optionalRequirementOf") and (symbols.get(r["source"]) or {}).get("docComment"):
                    documented_requirements.setdefault(r["target"], set()).add(symbols[r["source"]]["pathComponents"][-1])
                elif r["kind"] == "conformsTo":
                    conforms.setdefault(r["source"], set()).add(r["target"])
    owner = {}
    for path in paths:
        with open(path) as f:
            for r in json.load(f).get("relationships", []):
                if r["kind"] == "memberOf":
                    owner[r["source"]] = r["target"]

    def implements_requirement(precise, name):
        protocols = set(conforms.get(owner.get(precise), ()))
        # Protocols a protocol refines count too (one level is all the core needs).
        for p in list(protocols):
            protocols |= conforms.get(p, set())
        return any(name in documented_requirements.get(p, ()) or (p not in symbols and name in STANDARD_REQUIREMENTS)
                   for p in protocols)

    missing = []
    for precise, s in symbols.items():
        if s.get("docComment") or "::SYNTHESIZED::" in precise:
            continue
        if any((symbols.get(t) or {}).get("docComment") or t not in symbols for t in requirements_of.get(precise, [])):
            continue
        if implements_requirement(precise, s["pathComponents"][-1]):
            continue
        location = s.get("location", {})
        where = os.path.basename(location.get("uri", "?")) + ":" + str(location.get("position", {}).get("line", 0) + 1)
        missing.append(f"{where}: {s['kind']['identifier']} {'.'.join(s['pathComponents'])}")
    for line in sorted(missing):
        print(f"undocumented: {line}")
    print(f"doc-coverage: {len(symbols) - len(missing)} of {len(symbols)} public symbols of {module} documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
