import BinderyHistory
import BinderyJSON
import BinderyProtocol

/// What `replay` says of one step: where the outputs and the run's result read now differ from
/// the recording, compared by ``RecordedValue/matches(_:_:)`` (the rule generated tests use).
enum ReplayDifference {
    /// The most differences one step's line names; the rest are counted.
    static let namedPerStep = 3

    /// One phrase per output of `vm` whose value `now` differs from the `recorded` outputs
    /// object ("search.results: recorded [...], now [...]"), in the recording's order.
    static func outputs(vm: String, recorded: JSONValue?, now: JSONValue?) -> [String] {
        guard case let .object(members)? = recorded else { return [] }
        return members.compactMap { name, value in
            guard let current = now?[name] else { return "\(vm).\(name): recorded \(RecordedValue.excerpt(value)), now missing" }
            guard !RecordedValue.matches(current, value) else { return nil }
            let inside = difference(recorded: value, now: current)
            return "\(vm).\(name)" + (inside.hasPrefix("recorded ") ? ": " : " ") + inside
        }
    }

    /// Where two values that do not match differ: the first row or field of the same shape
    /// that differs, followed down ("row 3.isSelected: recorded false, now true"), since a long
    /// value's excerpt would show only its start, which matches; a list's length when that differs.
    static func difference(recorded: JSONValue, now: JSONValue, at path: String = "") -> String {
        let place = path.isEmpty ? "" : path + ": "
        switch (recorded, now) {
        case let (.array(old), .array(new)):
            guard old.count == new.count else { return place + "recorded \(old.count) rows, now \(new.count)" }
            if let row = old.indices.first(where: { !RecordedValue.matches(new[$0], old[$0]) }) {
                return difference(recorded: old[row], now: new[row], at: path.isEmpty ? "row \(row)" : "\(path)[\(row)]")
            }
        case let (.object(old), .object(new)) where old.map(\.key) == new.map(\.key):
            if let field = old.indices.first(where: { !RecordedValue.matches(new[$0].value, old[$0].value) }) {
                return difference(recorded: old[field].value, now: new[field].value, at: path.isEmpty ? old[field].key : "\(path).\(old[field].key)")
            }
        default:
            break
        }
        return place + "recorded \(RecordedValue.excerpt(recorded)), now \(RecordedValue.excerpt(now))"
    }

    /// The phrase for a run whose reply is `reply` when the session recorded `outcome`, nil
    /// when they match (a summarised value matches by its digest).
    static func run(recorded outcome: RecordedSession.Step.Outcome?, reply: DaemonReply) -> String? {
        let now = reply.ok ? (reply.value["value"].map(RecordedValue.excerpt) ?? "null")
                           : "failed: \(reply.errorMessage ?? "?")"
        switch outcome {
        case nil:
            return nil
        case let .value(value):
            guard reply.ok, let current = reply.value["value"], RecordedValue.matches(current, value) else {
                return "result: recorded \(RecordedValue.excerpt(value)), now \(now)"
            }
            return nil
        case let .summary(summary):
            let digest = summary["digest"]?.stringValue ?? ""
            if reply.ok, let current = reply.value["value"] {
                var bytes: [UInt8] = []
                current.write(to: &bytes, escaping: .htmlSafe)
                if ContentDigest.hex(bytes) == digest { return nil }
            }
            return "result: recorded a \(summary["kind"]?.stringValue ?? "value") of digest \(digest), now \(now)"
        case let .failure(message, _):
            guard !reply.ok, reply.errorMessage == message else { return "result: recorded failed: \(message), now \(now)" }
            return nil
        }
    }

    /// The end of a step's line: "as recorded", or "differs: " and the first differences.
    static func verdict(_ differences: [String]) -> String {
        guard !differences.isEmpty else { return "as recorded" }
        let named = differences.prefix(namedPerStep).joined(separator: "; ")
        let more = differences.count > namedPerStep ? "; and \(differences.count - namedPerStep) more" : ""
        return "differs: " + named + more
    }
}
