import BinderyJSON
import BinderyProtocol

/// A session file (``SessionDocument``) read back: the state it starts in, each version's
/// step, its events, and the steps a client took — what `binderyctl replay` sends again and
/// `binderyctl testgen` turns into a test.
///
/// Guarantees: a text that is not a session file of this format version is refused with one
/// line saying what is wrong (``SessionFileError``); ``steps`` are the session's client `set`s
/// and client-started runs (`by: client`), in log order, each run with the outcome of its
/// `finish` or `fail` when the session holds it. Runs a binding, another command or the view
/// model started are not steps: sending the steps again starts them again.
package struct RecordedSession: Sendable {
    /// One thing a client did.
    package struct Step: Sendable {
        /// What it did.
        package enum Action: Sendable {
            /// Set the input `name` to `value` (nil: the value is a secret's mask, not kept).
            case set(value: JSONValue?)
            /// Ran the command `name`, with its argument if it took one.
            case run(argument: JSONValue?)
        }

        /// How a run ended, as the log recorded it.
        package enum Outcome: Sendable {
            /// It finished with this value.
            case value(JSONValue)
            /// It finished with a value too large for the log: its summary (`kind`, `count`,
            /// `bytes`, `digest`).
            case summary(JSONValue)
            /// It failed with this message and error code.
            case failure(message: String, code: String)
        }

        /// The view model's name.
        package let viewModel: String
        /// The input's or command's name.
        package let name: String
        /// The set or the run.
        package let action: Action
        /// The version the step's event was logged in.
        package let version: UInt64
        /// When it happened, seconds since the epoch.
        package let at: Double
        /// A run's outcome (nil for a set, or a run whose end is past the session).
        package internal(set) var outcome: Outcome?
        /// When a run ended, seconds since the epoch (nil when ``outcome`` is).
        package internal(set) var endedAt: Double?
    }

    /// The program that wrote it ("binderyd", "searchd").
    package let daemon: String
    /// The version whose state the session starts in.
    package let from: UInt64
    /// The last version it holds.
    package let to: UInt64
    /// The `/api/state` document at ``from``.
    package let startState: JSONValue
    /// Every logged event of versions ``from``+1 through ``to``, oldest first.
    package let events: [JSONValue]
    /// The client's steps, in order.
    package let steps: [Step]
    /// Each version's step (`{"version", "changes"|"reset"}`), in order.
    private let versionSteps: [JSONValue]

    /// Reads a session file's bytes, or throws one line saying why they are not one.
    package init(bytes: [UInt8]) throws(SessionFileError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw SessionFileError("not a session file: it is not JSON (\(error))")
        }
        try self.init(document: document)
    }

    /// Reads a session file already parsed (the daemon's reply to `session`, an `import`
    /// request's `session`), or throws one line saying why it is not one.
    package init(document: JSONValue) throws(SessionFileError) {
        guard document["format"]?.stringValue == SessionDocument.format else {
            throw SessionFileError("not a session file: it has no \"format\": \"\(SessionDocument.format)\"")
        }
        guard let formatVersion = document["formatVersion"]?.intValue else {
            throw SessionFileError("malformed session file: formatVersion must be an integer")
        }
        guard formatVersion == SessionDocument.formatVersion else {
            throw SessionFileError("session format version \(formatVersion) is not one this build reads (\(SessionDocument.formatVersion))")
        }
        func version(_ key: String) throws(SessionFileError) -> UInt64 {
            guard let value = document[key]?.intValue, value >= 0 else {
                throw SessionFileError("malformed session file: \(key) must be a non-negative integer")
            }
            return UInt64(value)
        }
        func array(_ key: String) throws(SessionFileError) -> [JSONValue] {
            guard let value = document[key]?.arrayValue else { throw SessionFileError("malformed session file: \(key) must be an array") }
            return value
        }
        from = try version("from")
        to = try version("to")
        guard from <= to else { throw SessionFileError("malformed session file: from (\(from)) is after to (\(to))") }
        guard let state = document["state"], state.objectValue != nil else {
            throw SessionFileError("malformed session file: state must be an object")
        }
        startState = state
        daemon = document["daemon"]?.stringValue ?? "binderyd"
        versionSteps = try array("versions")
        events = try array("events")
        steps = try Self.steps(of: events)
    }

    /// A `restore` event's inputs as set steps (its `values`, in its `set` order): replayed,
    /// they are set again one by one.
    private static func restoredSets(_ event: JSONValue, position: Int) throws(SessionFileError) -> [Step] {
        guard let versionNumber = event["version"]?.intValue, versionNumber >= 0,
              let atText = event["at"]?.stringValue, let at = ISO8601Timestamp.epochSeconds(from: atText) else {
            throw SessionFileError("malformed session file: event \(position + 1) (restore) lacks its version or at")
        }
        return (event["set"]?.arrayValue ?? []).compactMap { name -> Step? in
            guard let path = name.stringValue, let dot = path.firstIndex(of: "."), let value = event["values"]?[path] else { return nil }
            return Step(viewModel: String(path[..<dot]), name: String(path[path.index(after: dot)...]),
                        action: .set(value: value), version: UInt64(versionNumber), at: at)
        }
    }

    /// The client's sets and runs among `events`, each run given the outcome of the first
    /// `finish` or `fail` of its command that follows it and no earlier run took.
    private static func steps(of events: [JSONValue]) throws(SessionFileError) -> [Step] {
        var steps: [Step] = []
        var open: [String: [Int]] = [:]  // "vm.name" → indices of client runs not yet ended
        for (position, event) in events.enumerated() {
            guard let kind = event["kind"]?.stringValue else {
                throw SessionFileError("malformed session file: event \(position + 1) has no kind")
            }
            guard kind != "restart" else { continue }
            if kind == "restore" {
                steps += try restoredSets(event, position: position)
                continue
            }
            guard let vm = event["vm"]?.stringValue, let name = event["name"]?.stringValue,
                  let versionNumber = event["version"]?.intValue, versionNumber >= 0,
                  let atText = event["at"]?.stringValue, let at = ISO8601Timestamp.epochSeconds(from: atText) else {
                throw SessionFileError("malformed session file: event \(position + 1) (\(kind)) lacks its vm, name, version or at")
            }
            let version = UInt64(versionNumber)
            let key = vm + "." + name
            let byClient = event["by"]?.stringValue == "client"
            switch kind {
            case "set":
                let value = event["value"]
                let masked = value?.stringValue == "\u{2022}\u{2022}\u{2022}\u{2022}"
                steps.append(Step(viewModel: vm, name: name, action: .set(value: masked ? nil : value), version: version, at: at))
            case "start" where byClient:
                open[key, default: []].append(steps.count)
                steps.append(Step(viewModel: vm, name: name, action: .run(argument: event["arg"]), version: version, at: at))
            case "finish" where byClient, "fail" where byClient:
                guard var waiting = open[key], !waiting.isEmpty else { continue }
                let index = waiting.removeFirst()
                open[key] = waiting
                if kind == "fail" {
                    steps[index].outcome = .failure(message: event["error"]?.stringValue ?? "", code: event["code"]?.stringValue ?? "")
                } else if let summary = event["valueSummary"] {
                    steps[index].outcome = .summary(summary)
                } else {
                    steps[index].outcome = .value(event["value"] ?? .null)
                }
                steps[index].endedAt = at
            default:
                continue
            }
        }
        return steps
    }

    /// When the session's last event happened (nil: it has none).
    package var lastEventAt: Double? {
        events.last.flatMap { $0["at"]?.stringValue }.flatMap(ISO8601Timestamp.epochSeconds(from:))
    }

    /// The `/api/state` document at each of `versions` (those from ``from`` through ``to``;
    /// others are left out), rebuilt by applying the versions' steps to ``startState`` once.
    package func states(at versions: Set<UInt64>) -> [UInt64: JSONValue] {
        var found: [UInt64: JSONValue] = [:]
        var state = startState
        if versions.contains(from) { found[from] = state }
        for step in versionSteps {
            guard let number = step["version"]?.intValue, number >= 0, UInt64(number) > from, UInt64(number) <= to else { continue }
            VersionHistory.apply(step: step, to: &state)
            if versions.contains(UInt64(number)) { found[UInt64(number)] = state }
        }
        return found
    }
}

/// Why a file is not a session this build reads: one line.
package struct SessionFileError: Error, Sendable, CustomStringConvertible {
    /// The line.
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
