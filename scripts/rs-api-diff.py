#!/usr/bin/env python3
"""Compares ReactiveSwift's public API with Bindery's core, mechanically, from symbol graphs.

    scripts/rs-api-diff.py RS_CHECKOUT [--scratch DIR] [--all]
    scripts/rs-api-diff.py --self-test

RS_CHECKOUT is a checkout of ReactiveSwift (7.2.1 is what Bindery follows); nothing else outside
the project is read. Both are built with `-emit-symbol-graph` into DIR (default
.build/rs-api): ReactiveSwift's Sources/ as one library target (its own Package.swift wants
Quick and Nimble, so it is not used); Bindery's `ReactiveSwift` and `BinderyCore` targets into
.build/symbol-graphs, a build of their own with the same flags.

Every public ReactiveSwift symbol (`@available(*, unavailable)` ones aside: they exist to give
a compile error) must have a Bindery symbol at the same path with the same declaration and
generic constraints, carrying the same deprecation; every conformance must exist too. Bindery's
extra parameters with defaults that ReactiveSwift lacks (named in EXTRA_DEFAULTED) are source
compatible and are dropped before comparing. Two spellings of one declaration compare equal
(`signature` and `spelled_out` say which, each rule with why a caller writes the same call
either way), as do a written `==` and a synthesised one (`synthesized`) and a restated
inherited associated type (`inherited_associated_type`); `--self-test` runs these rules on
fixed pairs, real differences among them, without a checkout. What remains must be listed, one line each, in
docs/CONTRACTS.md §9's table "ReactiveSwift API Bindery leaves out" (its first column, the
symbol's path in backquotes, covers every symbol at that path; a path ending in `*` covers
every path it begins). Prints each undocumented
difference; exit status 1 if there is any, 0 otherwise.
"""
import argparse, glob, json, os, re, shutil, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Parameters only Bindery has, each with a default value, so every ReactiveSwift call compiles.
EXTRA_DEFAULTED = [r", timeout: ActionTimeout\? = nil", r"timeout: ActionTimeout\? = nil, "]
# Attributes that do not change how a call is written.
IGNORED_ATTRIBUTES = {"@discardableResult", "@inlinable", "@inline", "@usableFromInline", "@frozen",
                      "@preconcurrency", "@Sendable", "@MainActor",
                      # Bindery's `Reactive` adds key-path members (`x.reactive.title`); dynamic
                      # member lookup is only consulted for a name the type does not have, so
                      # every call written against ReactiveSwift's `Reactive` resolves as before.
                      "@dynamicMemberLookup"}
DOC_HEADING = "ReactiveSwift API Bindery leaves out"


def run(cmd, **kw):
    print("+ " + " ".join(cmd), file=sys.stderr)
    # The builds' output goes to stderr: stdout is the report.
    subprocess.run(cmd, check=True, stdout=sys.stderr, **kw)


def graph_flags(out):
    return ["-Xswiftc", "-emit-symbol-graph", "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", out]


def build_reactiveswift(checkout, scratch):
    pkg = os.path.join(scratch, "reactiveswift")
    src = os.path.join(pkg, "Sources", "ReactiveSwift")
    os.makedirs(src, exist_ok=True)
    files = glob.glob(os.path.join(checkout, "Sources", "**", "*.swift"), recursive=True)
    if not files:
        sys.exit(f"rs-api-diff: no Swift sources under {checkout}/Sources (give a ReactiveSwift checkout)")
    for f in files:
        shutil.copy2(f, src)  # the sources' times kept, so a second run rebuilds nothing
    manifest = os.path.join(pkg, "Package.swift")
    with open(manifest, "w") as p:
        p.write('// swift-tools-version:5.9\nimport PackageDescription\n'
                'let package = Package(name: "ReactiveSwift", targets: [.target(name: "ReactiveSwift")],\n'
                '                      swiftLanguageVersions: [.v5])\n')
    out = os.path.join(scratch, "graphs-reactiveswift")
    os.makedirs(out, exist_ok=True)
    run(["swift", "build", "--package-path", pkg, "--scratch-path", os.path.join(scratch, "reactiveswift-build")]
        + graph_flags(out))
    return out


def bindery_targets():
    """The modules whose symbols make up what `import ReactiveSwift` gives on Bindery."""
    targets = [t for t in ("ReactiveSwift", "BinderyCore") if os.path.isdir(os.path.join(ROOT, "Sources", t))]
    return targets or ["Bindery"]


def build_bindery():
    """The graphs of Bindery's modules, compiled with the same `-emit-symbol-graph` flags as
    ReactiveSwift's, so the two are read alike."""
    out = os.path.join(ROOT, ".build", "symbol-graphs", "graphs")
    os.makedirs(out, exist_ok=True)
    for target in bindery_targets():
        run(["swift", "build", "--package-path", ROOT, "--scratch-path", os.path.join(ROOT, ".build", "symbol-graphs"),
             "--target", target] + graph_flags(out))
    return out


def load(graph_dir, modules):
    """Symbols (precise id -> symbol) and conformances of `modules` and their extensions."""
    symbols, relations = {}, []
    for module in modules:
        for path in glob.glob(os.path.join(graph_dir, f"{module}.symbols.json")) + \
                glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json")):
            with open(path) as f:
                graph = json.load(f)
            for s in graph["symbols"]:
                symbols[s["identifier"]["precise"]] = s
            relations += graph.get("relationships", [])
    return symbols, relations


def availability(symbol):
    """'unavailable', 'deprecated' or '' for the symbol's unconditional (`*`) availability."""
    for a in symbol.get("availability") or []:
        if a.get("domain", "*") != "*":
            continue
        if a.get("isUnconditionallyUnavailable"):
            return "unavailable"
        if a.get("isUnconditionallyDeprecated"):
            return "deprecated"
    return ""


def signature(symbol):
    """The declaration as a caller sees it: without internal parameter names, attributes that
    do not change a call, the where clause (compared as constraints, below) or `final`; stored
    and computed properties alike; `Sendable` (Bindery's Swift 6 additions) left out."""
    generics = (symbol.get("swiftGenerics") or {}).get("constraints", [])
    text, frags = "", symbol.get("declarationFragments", [])
    for i, frag in enumerate(frags):
        kind, spelling = frag["kind"], frag["spelling"]
        if kind == "attribute" and spelling.split("(")[0] in IGNORED_ATTRIBUTES:
            continue
        if kind == "keyword" and spelling == "where":
            break
        if kind == "internalParam":
            text = text.rstrip(" ")
            continue
        if kind == "keyword" and spelling in ("final", "convenience"):
            continue
        text += spelling
    text = re.sub(r"\b(Swift|ReactiveSwift|BinderyCore|Bindery)\.", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = spelled_out(text, symbol)
    text = re.sub(r"^let (.*)$", r"var \1 { get }", text)
    text = re.sub(r"\b_ \w+: ", "", text)                     # closure parameter labels: (_ values: [V])
    text = re.sub(r"(:|,) Sendable\b", "", text).replace(": ,", ":").replace("& Sendable", "")
    for extra in EXTRA_DEFAULTED:
        text = re.sub(extra, "", text)
    # Default values: a call that compiles against one compiles against the other whichever
    # side has a default (a default only ReactiveSwift has is the one case this hides).
    text = re.sub(r" = [^,()]+(\([^()]*\))?(?=[,)])", "", text)
    # The symbol's own generic parameters, by position: `map<U>` and `map<W>` are one method.
    own = (symbol.get("swiftGenerics") or {}).get("parameters", [])
    depth = max((g["depth"] for g in own), default=0)
    renames = {g["name"]: f"T{g['index']}" for g in own if g["depth"] == depth and depth > 0}
    if renames:
        pattern = re.compile(r"(?<![.\w])(" + "|".join(map(re.escape, renames)) + r")\b")
        text = pattern.sub(lambda m: renames[m.group(1)], text)
        generics = [dict(c, lhs=pattern.sub(lambda m: renames[m.group(1)], c["lhs"]),
                         rhs=pattern.sub(lambda m: renames[m.group(1)], c["rhs"])) for c in generics]
    # Inside Signal and SignalProducer, the bare type name is the same type.
    text = re.sub(r"\b(Signal|SignalProducer)<Value, Error>", r"\1", text)
    # A same-type constraint to a concrete type reads the same written either way. A member of
    # a parameter (`Value.Error == Never`) is replaced before the parameter itself, so the
    # longer name is not cut.
    same = [c for c in generics if c["kind"] == "sameType"
            and re.fullmatch(r"(Self\.)?(Value|Error|Input|Output)(\.\w+)*", c["lhs"])]
    substituted = {}
    for c in sorted(same, key=lambda c: -c["lhs"].count(".")):
        lhs = c["lhs"].replace("Self.", "")
        substituted[lhs] = c["rhs"]
        text = re.sub(r"(?<![.\w])" + re.escape(lhs) + r"\b(?!:)", c["rhs"], text)
    # With `Value == V, Error == E`, `SignalProducer<V, E>` is the type the bare name means
    # (the rule above, after the substitution): `interval(_:on:) -> SignalProducer<Int, Never>`
    # where `Value == Int, Error == Never` is ReactiveSwift's `-> SignalProducer<Value, Error>`.
    if "Value" in substituted or "Error" in substituted:
        own_type = f"{substituted.get('Value', 'Value')}, {substituted.get('Error', 'Error')}"
        text = text.replace(f"Signal<{own_type}>", "Signal").replace(f"SignalProducer<{own_type}>", "SignalProducer")
    bindings = {c["lhs"] for c in generics if c["kind"] == "conformance" and c["rhs"] == "BindingSource"}
    where = sorted(f"{c['lhs']}{'==' if c['kind'] == 'sameType' else ':'}{c['rhs']}" for c in generics
                   # `Error: Error` (the parameter named Error conforming to Swift.Error) is implied, and
                   # so is a binding source's `Error == Never`.
                   if not (c["lhs"] == "Error" and c["rhs"] == "Error")
                   and not (c["kind"] == "sameType" and c["lhs"].endswith(".Error") and c["rhs"] == "Never"
                            and c["lhs"][:-len(".Error")] in bindings)
                   and c["rhs"] != "Sendable")
    return text + (" where " + ", ".join(where) if where else "")


def spelled_out(text, symbol):
    """The declaration with ReactiveSwift's and Bindery's spellings of one type made one. Each
    rewrite names the same type, so a caller writes the same call against either declaration."""
    name = ".".join(symbol["pathComponents"])
    # `Sequence.Element` is declared as `Iterator.Element`'s same type (`associatedtype Element
    # where Self.Element == Self.Iterator.Element`); ReactiveSwift writes the long form.
    text = re.sub(r"\.Iterator\.Element\b", ".Element", text)
    # `Signal.Observer.Action` is a typealias for `(Event) -> Void` (Signal.Observer.swift);
    # inside `Signal.Observer` it is spelled `Action`.
    text = re.sub(r"\bSignal(<[^<>]*>)?\.Observer\.Action\b", r"(Signal\1.Event) -> Void", text)
    if name.startswith("Signal.Observer."):
        text = re.sub(r"(?<![.\w])Action\b(?!\s*=)", "(Event) -> Void", text)
    # `SignalProducer.ProducedSignal` is a typealias for `Signal<Value, Error>`.
    text = re.sub(r"\bProducedSignal\b", "Signal", text)
    # Inside `Signal`, `Event` is `Signal.Event` (the bare `Signal` is `Signal<Value, Error>`).
    if name.startswith("Signal."):
        text = re.sub(r"\bSignal(<Value, Error>)?\.Event\b", "Event", text)
    # A function type's parameters have no argument labels: `(_ signal: Signal, _ d: Disposable)`
    # and `(Signal, Disposable)` are one type (the internal names are already dropped, leaving
    # `_: `; a function type is a parameter's type, so it follows `: ` or `@escaping `).
    text = re.sub(r"(: |@escaping )\((_: [^():]*(?:, _: [^():]*)*)\) ->",
                  lambda m: m.group(1) + "(" + m.group(2).replace("_: ", "") + ") ->", text)
    # Primary associated types (`protocol EventProtocol<Value, Error>`) are Bindery's addition:
    # they let a caller write `some EventProtocol<Int, E>`; every use of the protocol written
    # for ReactiveSwift means the same.
    text = re.sub(r"^(protocol \w+)<[^>]*>", r"\1", text)
    return text


def path(symbol):
    # Bindery's extra defaulted labels are left out of the name too: `init(timeout:execute:)`
    # is called as `init(execute:)`.
    return ".".join(symbol["pathComponents"]).replace("timeout:", "")


def index(symbols):
    by_key = {}
    for s in symbols.values():
        by_key.setdefault((s["kind"]["identifier"], path(s), signature(s)), []).append(s)
    return by_key


def conformances(symbols, relations):
    out = set()
    for r in relations:
        if r["kind"] not in ("conformsTo", "inheritsFrom"):
            continue
        source = symbols.get(r["source"])
        name = source and path(source)
        if name is None:
            continue
        target = symbols.get(r["target"])
        target_name = path(target) if target else r.get("targetFallback", r["target"])
        target_name = re.sub(r"^(Swift|ReactiveSwift|BinderyCore|Bindery)\.", "", target_name)
        out.add((name, r["kind"], target_name))
    return out


def protocol_contracts(symbols, relations):
    """Each protocol's contract as a conformer meets it: the protocols it refines (`AnyObject`
    included, from its declaration), its `where` clause, and its requirements, by name and
    signature. Compared in both directions: a requirement or refinement Bindery adds (`Sendable`,
    say) breaks a user's conformance written against ReactiveSwift as surely as one it lacks."""
    protocols = {}
    for s in symbols.values():
        if s["kind"]["identifier"] != "swift.protocol":
            continue
        text = "".join(f["spelling"] for f in s.get("declarationFragments", []))
        refines = {"AnyObject"} if re.search(r":[^{]*\bAnyObject\b", text) else set()
        # The `where` clause is only in the declaration's text (`… where Self.Error == Never`).
        clause = text.split(" where ", 1)[1] if " where " in text else ""
        constraints = {c.strip() for c in clause.split(",") if c.strip()}
        protocols[s["identifier"]["precise"]] = {"path": path(s), "refines": refines, "where": constraints,
                                                  "requirements": set()}
    for r in relations:
        protocol = protocols.get(r["target"])
        source = symbols.get(r["source"])
        if protocol is None:
            continue
        if r["kind"] in ("requirementOf", "optionalRequirementOf") and source:
            protocol["requirements"].add(f"{source['pathComponents'][-1]}: {signature(source)}")
    for r in relations:
        if r["kind"] not in ("conformsTo", "inheritsFrom"):
            continue
        protocol = protocols.get(r["source"])
        if protocol is None:
            continue
        target = symbols.get(r["target"])
        target_name = path(target) if target else r.get("targetFallback", r["target"])
        protocol["refines"].add(re.sub(r"^(Swift|ReactiveSwift|BinderyCore|Bindery)\.", "", target_name))
    return {p["path"]: p for p in protocols.values()}


def contract_differences(rs_protocols, b_protocols):
    """(path, difference) for every ReactiveSwift protocol whose contract Bindery's differs from."""
    out = []
    for name, rs in sorted(rs_protocols.items()):
        b = b_protocols.get(name)
        if b is None:
            continue  # a missing protocol is reported as a missing symbol
        for part, label in (("refines", "refinement"), ("where", "where clause"), ("requirements", "requirement")):
            for extra in sorted(b[part] - rs[part]):
                out.append((name, f"protocol {name}: Bindery adds {label} {extra}"))
            for lacking in sorted(rs[part] - b[part]):
                out.append((name, f"protocol {name}: Bindery lacks {label} {lacking}"))
    return out


def constraint_set(constraints):
    return {(c["kind"], c["lhs"], c["rhs"]) for c in constraints or []}


def synthesized(rs_symbol, b_symbols, b_relations):
    """Whether ReactiveSwift's written `==` is one Bindery has the compiler synthesise: Bindery's
    type conforms to `Equatable` under the same conditions as ReactiveSwift's `==` is declared.
    A synthesised `==` compares every case and payload, as ReactiveSwift's written ones do, and
    is called the same way; the symbol graph just does not list it."""
    if rs_symbol["pathComponents"][-1] != "==(_:_:)" or rs_symbol["kind"]["identifier"] != "swift.func.op":
        return False
    owner = ".".join(rs_symbol["pathComponents"][:-1])
    wanted = constraint_set((rs_symbol.get("swiftExtension") or {}).get("constraints"))
    for r in b_relations:
        source = b_symbols.get(r["source"])
        if (r["kind"] == "conformsTo" and source and path(source) == owner
                and r.get("targetFallback", r["target"]) in ("Swift.Equatable", "Equatable", "s:SQ")
                and constraint_set(r.get("swiftConstraints")) == wanted):
            return True
    return False


def inherited_associated_type(rs_symbol, b_symbols, b_relations, b_paths):
    """Whether ReactiveSwift's refined protocol restates an associated type that Bindery's
    protocol inherits (`MutablePropertyProtocol.Value` is `PropertyProtocol.Value`): restating
    it declares no new type, and `P.Value` names the inherited one either way. (A symbol graph
    records a protocol's refinement as `conformsTo`.)"""
    if rs_symbol["kind"]["identifier"] != "swift.associatedtype":
        return False
    owner, name = ".".join(rs_symbol["pathComponents"][:-1]), rs_symbol["pathComponents"][-1]
    for r in b_relations:
        source, target = b_symbols.get(r["source"]), b_symbols.get(r["target"])
        if (r["kind"] in ("conformsTo", "inheritsFrom") and source and target and path(source) == owner
                and ("swift.associatedtype", f"{path(target)}.{name}") in b_paths):
            return True
    return False


def documented_paths():
    """First-column paths of the table under DOC_HEADING in docs/CONTRACTS.md."""
    with open(os.path.join(ROOT, "docs", "CONTRACTS.md")) as f:
        text = f.read()
    start = text.find(DOC_HEADING)
    if start < 0:
        return set()
    section = text[start:].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([^`]+)`", section, re.M))


def is_documented(name, documented):
    """A row names one path, or every path it begins with when it ends in `*`."""
    return any(name == d or (d.endswith("*") and name.startswith(d[:-1])) for d in documented)


def compare(rs_dir, bindery_dir):
    rs_symbols, rs_relations = load(rs_dir, ["ReactiveSwift"])
    b_symbols, b_relations = load(bindery_dir, bindery_targets())
    b_index = index(b_symbols)
    b_paths = {}
    for (kind, p, _), found in b_index.items():
        b_paths.setdefault((kind, p), []).extend(found)
    differences = []
    for s in sorted(rs_symbols.values(), key=lambda s: (path(s), signature(s))):
        state = availability(s)
        if state == "unavailable":
            continue
        key = (s["kind"]["identifier"], path(s), signature(s))
        if key not in b_index:
            if synthesized(s, b_symbols, b_relations) or inherited_associated_type(s, b_symbols, b_relations, b_paths):
                continue
            same_path = b_paths.get(key[:2], [])
            what = "differs" if same_path else "missing"
            differences.append((path(s), f"{what}: {key[0]} {key[1]}: {key[2]}"))
        elif state == "deprecated" and not any(availability(b) == "deprecated" for b in b_index[key]):
            differences.append((path(s), f"not deprecated: {key[0]} {key[1]}: {key[2]}"))
    b_conf = conformances(b_symbols, b_relations)
    for name, kind, target in sorted(conformances(rs_symbols, rs_relations) - b_conf):
        differences.append((name, f"missing {kind}: {name} : {target}"))
    differences += contract_differences(protocol_contracts(rs_symbols, rs_relations),
                                        protocol_contracts(b_symbols, b_relations))
    return differences


def fixture(declaration, path, generics=(), constraints=()):
    """A symbol as a symbol graph gives it, for the self-test: `{name}` marks an internal
    parameter name; `generics` are the symbol's own generic parameters (depth 1);
    `constraints` are (kind, lhs, rhs)."""
    fragments = []
    for i, piece in enumerate(re.split(r"\{(\w+)\}", declaration)):
        if piece:
            fragments.append({"kind": "internalParam" if i % 2 else "text", "spelling": piece})
    return {"pathComponents": path.split("."), "kind": {"identifier": "swift.method"}, "declarationFragments": fragments,
            "swiftGenerics": {"parameters": [{"name": g, "index": i, "depth": 1} for i, g in enumerate(generics)],
                              "constraints": [{"kind": k, "lhs": l, "rhs": r} for k, l, r in constraints]}}


# (ReactiveSwift's declaration, Bindery's, whether a caller writes the same call against both).
SELF_TEST = [
    (fixture("func flatten() -> SignalProducer<Value.Iterator.Element, Error>", "SignalProducer.flatten()"),
     fixture("func flatten() -> SignalProducer<Value.Element, Error>", "SignalProducer.flatten()"), True),
    (fixture("func start(_ {action}: @escaping Signal<Value, Error>.Observer.Action) -> Disposable", "SignalProducer.start(_:)"),
     fixture("func start(_ {action}: @escaping (Signal<Value, Error>.Event) -> Void) -> Disposable", "SignalProducer.start(_:)"), True),
    (fixture("func observe(_ {action}: @escaping Signal<Value, Error>.Observer.Action) -> Disposable?", "Signal.observe(_:)"),
     fixture("func observe(_ {action}: @escaping (Event) -> Void) -> Disposable?", "Signal.observe(_:)"), True),
    (fixture("func startWithSignal<Result>(_ {setup}: (_ {signal}: Signal<Value, Error>, _ {interrupter}: Disposable) -> Result) -> Result",
             "SignalProducer.startWithSignal(_:)", ["Result"]),
     fixture("func startWithSignal<R>(_ {body}: (Signal<Value, Error>, Disposable) -> R) -> R", "SignalProducer.startWithSignal(_:)", ["R"]), True),
    (fixture("static func interval(_ {interval}: DispatchTimeInterval, on {scheduler}: DateScheduler) -> SignalProducer<Value, Error>",
             "SignalProducer.interval(_:on:)", (), [("sameType", "Value", "Int"), ("sameType", "Error", "Never")]),
     fixture("static func interval(_ {interval}: DispatchTimeInterval, on {scheduler}: DateScheduler) -> SignalProducer<Int, Never>",
             "SignalProducer.interval(_:on:)", (), [("sameType", "Value", "Int"), ("sameType", "Error", "Never")]), True),
    (fixture("func flatten(_ {strategy}: FlattenStrategy) -> Signal<Value.Value, Value.Error>", "Signal.flatten(_:)", (),
             [("sameType", "Error", "Never"), ("sameType", "Value.Error", "Never")]),
     fixture("func flatten(_ {strategy}: FlattenStrategy) -> Signal<Value.Value, Never>", "Signal.flatten(_:)", (),
             [("sameType", "Error", "Never"), ("sameType", "Value.Error", "Never")]), True),
    (fixture("protocol EventProtocol", "EventProtocol"), fixture("protocol EventProtocol<Value, Error>", "EventProtocol"), True),
    # Real differences stay differences: a return type, a constraint, a parameter's type, a label.
    (fixture("static func <~ <Source>(_ {observer}: Signal<Value, Error>.Observer, _ {source}: Source) -> Disposable", "Signal.Observer.<~(_:_:)", ["Source"]),
     fixture("static func <~ <Source>(_ {observer}: Signal<Value, Error>.Observer, _ {source}: Source) -> Disposable?", "Signal.Observer.<~(_:_:)", ["Source"]), False),
    (fixture("func observeValues(_ {action}: @escaping (Value) -> Void) -> Disposable?", "Signal.observeValues(_:)", (), [("sameType", "Error", "Never")]),
     fixture("func observeValues(_ {action}: @escaping (Value) -> Void) -> Disposable?", "Signal.observeValues(_:)"), False),
    (fixture("func promoteError(_: Error.Type) -> Signal<Value, Error>", "Signal.promoteError(_:)", (), [("sameType", "Error", "Never")]),
     fixture("func promoteError<F>(_: F.Type) -> Signal<Value, F>", "Signal.promoteError(_:)", ["F"], [("sameType", "Error", "Never")]), False),
    (fixture("func then(_ {replacement}: SignalProducer<Value, Never>) -> SignalProducer<Value, Never>", "SignalProducer.then(_:)"),
     fixture("func then(_ {replacement}: SignalProducer<Value, Error>) -> SignalProducer<Value, Error>", "SignalProducer.then(_:)"), False),
    (fixture("init(initial {initial}: Value, then {values}: SignalProducer<Value, Never>)", "Property.init(initial:then:)"),
     fixture("init(initial {initial}: Value, values {values}: SignalProducer<Value, Never>)", "Property.init(initial:then:)"), False),
]


def self_test():
    """Runs the normalisation on SELF_TEST's fixed pairs; no checkout or build needed."""
    failures = 0
    for rs, bindery, same in SELF_TEST:
        if (signature(rs) == signature(bindery)) != same:
            failures += 1
            print(f"rs-api-diff self-test: expected {'equal' if same else 'different'}:\n  {signature(rs)}\n  {signature(bindery)}")
    # Protocol contracts: equal ones agree; a refinement, a where clause or a requirement more
    # or less is a difference.
    def contract(refines=(), where=(), requirements=()):
        return {"Disposable": {"refines": set(refines), "where": set(where), "requirements": set(requirements)}}
    rs = contract(["AnyObject"], [], ["dispose(): func dispose()"])
    contract_cases = [(contract(["AnyObject"], [], ["dispose(): func dispose()"]), 0),
                      (contract(["AnyObject", "Sendable"], [], ["dispose(): func dispose()"]), 1),
                      (contract(["AnyObject"], ["Self.Error == Never"], ["dispose(): func dispose()"]), 1),
                      (contract(["AnyObject"], [], []), 1)]
    for bindery, expected in contract_cases:
        found = len(contract_differences(rs, bindery))
        if found != expected:
            failures += 1
            print(f"rs-api-diff self-test: expected {expected} contract differences, found {found}: {bindery}")
    total = len(SELF_TEST) + len(contract_cases)
    print(f"rs-api-diff self-test: {total - failures} of {total} pairs as expected")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("checkout", help="a checkout of ReactiveSwift (7.2.1)")
    parser.add_argument("--scratch", default=os.path.join(ROOT, ".build", "rs-api"))
    parser.add_argument("--all", action="store_true", help="also print the documented differences")
    args = parser.parse_args()
    os.makedirs(args.scratch, exist_ok=True)
    rs_dir = build_reactiveswift(os.path.abspath(args.checkout), args.scratch)
    bindery_dir = build_bindery()
    differences = compare(rs_dir, bindery_dir)
    documented = documented_paths()
    undocumented = [d for p, d in differences if not is_documented(p, documented)]
    if args.all:
        for p, d in differences:
            if is_documented(p, documented):
                print(f"documented {d}")
    for d in undocumented:
        print(d)
    print(f"rs-api-diff: {len(differences)} differences from ReactiveSwift's public API, "
          f"{len(differences) - len(undocumented)} documented in docs/CONTRACTS.md §9, {len(undocumented)} not")
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
