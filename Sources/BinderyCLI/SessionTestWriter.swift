import BinderyHistory
import BinderyJSON
import BinderyProtocol

/// Writes the Swift Testing source `binderyctl testgen` saves (docs/GUIDE.md, "Tests from a
/// session"): one test that builds a view model through a factory the user writes
/// (`make<Name>ViewModel(scheduler:)`, named in the file's header), drives it in-process
/// through Bindery's `SurfaceDriver` by member name — the client's sets and runs of the session
/// in order, the recorded time between them advanced on a `TestScheduler` — and asserts each
/// output the session changed, as recorded when the next step came (and at the session's
/// end), and each run's result.
///
/// Guarantees: the inputs are first put as the session started (`setIfDifferent`, which starts
/// nothing for an input already so); outputs the session did not change are not asserted
/// (they depend on what came before it); a secret's set (kept masked) is left out with a
/// comment; values are written as raw string literals of their recorded JSON.
struct SessionTestWriter {
    let session: RecordedSession
    let viewModel: String
    /// The command line that regenerates it, for the header.
    let command: String

    /// Why a test cannot be written: the session has no step of the view model.
    struct NoSteps: Error {
        let message: String
    }

    /// The factory the test calls: `make` + the view model's name capitalised + `ViewModel`.
    var factoryName: String {
        let letters = viewModel.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        return "make" + letters.prefix(1).uppercased() + letters.dropFirst() + "ViewModel"
    }

    /// The test file's text, or why there is none.
    func source() -> Result<String, NoSteps> {
        let steps = session.steps.filter { $0.viewModel == viewModel }
        guard let first = steps.first else {
            let others = Set(session.steps.map(\.viewModel)).sorted()
            return .failure(NoSteps(message: "versions \(session.from)–\(session.to) hold no set or run of \(viewModel)"
                + (others.isEmpty ? " (no client set or ran anything)" : " (they hold steps of \(others.joined(separator: ", ")))")))
        }
        let end = max(session.lastEventAt ?? first.at, steps.last!.at)
        // Where each step's effects are read: when the next step came, or at the end.
        let checkpoints = steps.indices.map { index in
            index + 1 < steps.count ? (version: max(session.from, steps[index + 1].version - 1), at: steps[index + 1].at)
                                    : (version: session.to, at: end)
        }
        let states = session.states(at: Set(checkpoints.map(\.version) + [session.from]))
        func outputs(_ version: UInt64) -> [(key: String, value: JSONValue)] {
            states[version]?["viewModels"]?[viewModel]?["outputs"]?.objectValue ?? []
        }
        var lines = header(first: first, last: steps.last!)
        lines.append("        let scheduler = TestScheduler(startDate: Date(timeIntervalSince1970: \(Self.seconds(first.at))))")
        lines.append("        let driver = try SurfaceDriver(\(factoryName)(scheduler: scheduler))")
        let startInputs = states[session.from]?["viewModels"]?[viewModel]?["inputs"]?.objectValue ?? []
        if !startInputs.isEmpty { lines.append("        // The inputs as the session started (version \(session.from)).") }
        for (name, value) in startInputs where !Self.isMasked(value) {
            lines.append("        try driver.setIfDifferent(\(Self.literal(name)), json: \(Self.literal(Self.json(value))))")
        }
        var asserted = Dictionary(outputs(session.from).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        var pendingRuns: [(variable: String, step: RecordedSession.Step)] = []
        var now = first.at
        for (index, step) in steps.enumerated() {
            lines.append("")
            let gap = step.at - now
            if gap > 0 { lines.append("        scheduler.advance(by: \(Self.seconds(gap)))") }
            now = step.at
            switch step.action {
            case .set(nil):
                lines.append("        // v\(step.version): set \(viewModel).\(step.name) — a secret, kept masked: set it in your factory if the test needs it.")
            case let .set(value?):
                lines.append("        // v\(step.version): set \(viewModel).\(step.name)")
                lines.append("        try driver.set(\(Self.literal(step.name)), json: \(Self.literal(Self.json(value))))")
            case let .run(argument):
                let variable = "run\(index + 1)"
                lines.append("        // v\(step.version): run \(viewModel).\(step.name)")
                let argumentText = argument.map { ", argumentJSON: " + Self.literal(Self.json($0)) } ?? ""
                lines.append("        let \(variable) = try driver.run(\(Self.literal(step.name))\(argumentText))")
                if step.outcome != nil { pendingRuns.append((variable, step)) }
            }
            let checkpoint = checkpoints[index]
            if checkpoint.at > now {
                lines.append("        scheduler.advance(by: \(Self.seconds(checkpoint.at - now)))")
                now = checkpoint.at
            }
            let changed = outputs(checkpoint.version).filter { name, value in asserted[name].map { $0 != value } ?? true }
            if !changed.isEmpty {
                lines.append("        // The outputs as at v\(checkpoint.version).")
                lines.append("        #expect(driver.mismatches(outputs: [")
                for (name, value) in changed {
                    lines.append("            \(Self.literal(name)): \(Self.literal(Self.json(value))),")
                    asserted[name] = value
                }
                lines.append("        ]) == [])")
            }
            let ended = pendingRuns.filter { ($0.step.endedAt ?? .infinity) <= now || index == steps.count - 1 }
            pendingRuns.removeAll { run in ended.contains { $0.variable == run.variable } }
            for run in ended { lines.append("        " + Self.runExpectation(run.variable, run.step.outcome!)) }
        }
        lines += ["    }", "}", ""]
        return .success(lines.joined(separator: "\n"))
    }

    private func header(first: RecordedSession.Step, last: RecordedSession.Step) -> [String] {
        let name = factoryName.dropFirst(4).dropLast(9)
        return [
            "// Generated by `\(command)` from a session of \(session.daemon): the client's sets and runs of",
            "// `\(viewModel)` in versions \(session.from)–\(session.to) (\(ISO8601Timestamp.string(fromEpochSeconds: first.at)) to \(ISO8601Timestamp.string(fromEpochSeconds: last.at))), in order, the",
            "// recorded time between them advanced on a TestScheduler, and each output the session changed",
            "// and each run's result asserted as recorded. Add it to your test target beside a function you",
            "// write that builds the view model on the scheduler it is given, with your test doubles",
            "// (docs/GUIDE.md, \"Tests from a session\"):",
            "//",
            "//     func \(factoryName)(scheduler: TestScheduler) -> some ViewModel",
            "//",
            "// Regenerate it rather than edit it.",
            "import Bindery",
            "import Testing",
            "#if canImport(FoundationEssentials)",
            "import FoundationEssentials",
            "#else",
            "import Foundation",
            "#endif",
            "",
            "@Suite(.timeLimit(.minutes(1)))",
            "struct \(name)SessionV\(session.from)ToV\(session.to)Tests {",
            "    @Test func theRecordedSessionReplays() throws {",
        ]
    }

    private static func runExpectation(_ variable: String, _ outcome: RecordedSession.Step.Outcome) -> String {
        switch outcome {
        case let .value(value): return "#expect(driver.mismatch(of: \(variable), value: \(literal(json(value)))) == nil)"
        case let .summary(summary): return "#expect(driver.mismatch(of: \(variable), digest: \(literal(summary["digest"]?.stringValue ?? ""))) == nil)"
        case let .failure(_, code) where code == ErrorCode.disabled.rawValue: return "#expect(driver.mismatchUnlessDisabled(\(variable)) == nil)"
        case let .failure(message, _): return "#expect(driver.mismatch(of: \(variable), failure: \(literal(message))) == nil)"
        }
    }

    /// Whether `value` is a secret input's mask rather than its value.
    private static func isMasked(_ value: JSONValue) -> Bool {
        value.stringValue == "\u{2022}\u{2022}\u{2022}\u{2022}"
    }

    private static func json(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        value.write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a Swift raw string literal (`#"…"#`, with as many `#` as it needs).
    static func literal(_ text: String) -> String {
        var hashes = 1
        while text.contains("\"" + String(repeating: "#", count: hashes)) || text.contains("\\" + String(repeating: "#", count: hashes)) { hashes += 1 }
        let fence = String(repeating: "#", count: hashes)
        return fence + "\"" + text + "\"" + fence
    }

    /// Seconds as Swift code: "0.412", "1796001234.125", to the millisecond.
    static func seconds(_ value: Double) -> String {
        let millis = Int64((value * 1000).rounded())
        let whole = millis / 1000, fraction = millis % 1000
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
