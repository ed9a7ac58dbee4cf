import BinderyHistory
import BinderyJSON
import BinderyPrimitives
import BinderyProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `replay FILE`: a session file's client steps sent again to the daemon, each compared with
/// the recording (``ReplayDifference``), one line per step and a summary.
extension Session {
    /// The longest replay waits between two steps, in seconds, whatever the recording says.
    static let longestReplayGap = 5.0

    func replay(_ connection: DaemonConnection, path: String) throws(ConnectionError) -> CommandOutcome {
        let session: RecordedSession
        switch readSession(path) {
        case let .success(read): session = read
        case let .failure(error): return fail(.badRequest, error.message)
        }
        var lines: [String] = []
        func say(_ line: String) {
            lines.append(line)
            if !options.json { io.print(line) }
        }
        say(try replayStart(connection, session))
        let checkpoints = Set(session.steps.indices.map { replayCheckpoint(session, after: $0) })
        let states = session.states(at: checkpoints)
        var differing = 0
        _ = interrupts.take()
        var stopped = false
        for (index, step) in session.steps.enumerated() {
            if index > 0, !waitRecordedGap(step.at - session.steps[index - 1].at) { stopped = true; break }
            var differences: [String] = []
            let description: String
            switch step.action {
            case .set(nil):
                say("step \(index + 1) (v\(step.version)) set \(step.viewModel).\(step.name): skipped (a secret: the session keeps it masked)")
                continue
            case let .set(value?):
                description = "set \(step.viewModel).\(step.name) \(RecordedValue.excerpt(value))"
                let reply = try connection.request(op: .set, [(.vm, .string(step.viewModel)), (.name, .string(step.name)), (.value, value)])
                if !reply.ok { differences.append("refused: \(reply.errorMessage ?? "?")") }
            case let .run(argument):
                description = "run \(step.viewModel).\(step.name)" + (argument.map { " " + RecordedValue.excerpt($0) } ?? "")
                var fields: [(ControlField, JSONValue)] = [(.vm, .string(step.viewModel)), (.name, .string(step.name))]
                if let argument { fields.append((.arg, argument)) }
                let reply = try connection.request(op: .run, fields)
                if let difference = ReplayDifference.run(recorded: step.outcome, reply: reply) { differences.append(difference) }
            }
            // The outputs as they stood when the next step came (or the session ended).
            let next = index + 1 < session.steps.count ? session.steps[index + 1].at : (session.lastEventAt ?? step.at)
            let settle = index + 1 < session.steps.count ? 0 : next - step.at
            if settle > 0, !waitRecordedGap(settle) { stopped = true }
            let recorded = states[replayCheckpoint(session, after: index)]?["viewModels"]?[step.viewModel]?["outputs"]
            let now = try connection.request(op: .get, [(.vm, .string(step.viewModel))]).value["state"]?["outputs"]
            differences += ReplayDifference.outputs(vm: step.viewModel, recorded: recorded, now: now)
            if !differences.isEmpty { differing += 1 }
            say("step \(index + 1) (v\(step.version)) \(description): \(ReplayDifference.verdict(differences))")
            if stopped { break }
        }
        let summary = "replayed \(session.steps.count) step\(session.steps.count == 1 ? "" : "s") of versions \(session.from)–\(session.to) "
            + "recorded by \(session.daemon): \(session.steps.count - differing) as recorded, \(differing) differ"
            + (stopped ? " (stopped by Ctrl-C)" : "")
        if options.json {
            let reply = DaemonReply(localSuccess: [("steps", .array(lines.map(JSONValue.string))), ("differing", .int(differing)), ("summary", .string(summary))])
            io.print(reply.raw)
            return differing == 0 && !stopped ? .succeeded : .failed
        }
        guard differing == 0, !stopped else { return fail(.invalidValue, summary) }
        io.print(summary)
        return .succeeded
    }

    /// The session file at `path`, or one line saying why it cannot be read or is not one.
    func readSession(_ path: String) -> Result<RecordedSession, WholeFileError> {
        let bytes: [UInt8]
        switch WholeFile.read(path) {
        case let .success(read): bytes = read
        case let .failure(error): return .failure(error)
        }
        do {
            return .success(try RecordedSession(bytes: bytes))
        } catch {
            return .failure(WholeFileError("\(path): \(error.message)"))
        }
    }

    /// The version whose recorded state step `index` is compared with: the one before the
    /// next step's, or the session's last.
    private func replayCheckpoint(_ session: RecordedSession, after index: Int) -> UInt64 {
        index + 1 < session.steps.count ? max(session.from, session.steps[index + 1].version - 1) : session.to
    }

    /// Sets every input (secret ones left alone) that differs from the session's start; the
    /// line saying what it did.
    private func replayStart(_ connection: DaemonConnection, _ session: RecordedSession) throws(ConnectionError) -> String {
        var changed: [String] = []
        var refused: [String] = []
        for (vm, state) in session.startState["viewModels"]?.objectValue ?? [] {
            guard case let .object(inputs)? = state["inputs"] else { continue }
            let surface = try connection.request(op: .describe, [(.vm, .string(vm))]).value["surface"]
            let secret = Set((surface?["inputs"]?.arrayValue ?? []).filter { $0["secret"]?.boolValue == true }.compactMap { $0["name"]?.stringValue })
            let now = try connection.request(op: .get, [(.vm, .string(vm))]).value["state"]?["inputs"]
            for (name, value) in inputs where !secret.contains(name) {
                if let current = now?[name], current == value { continue }
                let reply = try connection.request(op: .set, [(.vm, .string(vm)), (.name, .string(name)), (.value, value)])
                if reply.ok { changed.append("\(vm).\(name)") } else { refused.append("\(vm).\(name) (\(reply.errorMessage ?? "?"))") }
            }
        }
        var line = changed.isEmpty ? "start: the inputs are as at version \(session.from)"
            : "start: set \(changed.count) input\(changed.count == 1 ? "" : "s") as at version \(session.from): " + changed.joined(separator: ", ")
        if !refused.isEmpty { line += "; refused: " + refused.joined(separator: ", ") }
        return line
    }

    /// Waits `seconds` (at most ``longestReplayGap``); false when Ctrl-C stopped it.
    private func waitRecordedGap(_ seconds: Double) -> Bool {
        var left = min(max(0, seconds), Self.longestReplayGap)
        while left > 0 {
            if interrupts.take() { return false }
            let slice = min(left, 0.05)
            usleep(UInt32(slice * 1_000_000))
            left -= slice
        }
        return !interrupts.take()
    }
}
