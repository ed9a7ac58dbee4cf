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
            return RecordedValue.matches(current, value) ? nil
                : "\(vm).\(name): recorded \(RecordedValue.excerpt(value)), now \(RecordedValue.excerpt(current))"
        }
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
