import BinderyJSON
import BinderyNames

/// What clients read from the host: the published state and its versions, the change feed,
/// the event log, one view model's or member's value, and watch streams (see
/// ``ViewModelHost`` for the guarantees).
extension ViewModelHost {
    // MARK: - Reading

    /// The current state and its version, its document built on the first read of the version.
    public var snapshot: StateSnapshot { publisher.snapshot }

    /// The current version.
    public var version: UInt64 { publisher.version }

    /// Calls `respond` once with the first snapshot whose version is greater than `version`,
    /// or with the current one when `timeout` seconds pass first.
    public func awaitSnapshot(after version: UInt64, timeout: Double, respond: @escaping @Sendable (StateSnapshot) -> Void) {
        publisher.awaitVersion(after: version, timeout: timeout) { [publisher] _ in respond(publisher.snapshot) }
    }

    /// Calls `respond` once with the first version greater than `version`, or with the
    /// current one when `timeout` seconds pass first; no JSON work.
    public func awaitVersion(after version: UInt64, timeout: Double, respond: @escaping @Sendable (UInt64) -> Void) {
        publisher.awaitVersion(after: version, timeout: timeout, respond: respond)
    }

    /// What changed after `cursor` (the change feed, docs/HTTP.md): nothing, the changes since,
    /// or — for a cursor too old, from another run or from the future — the whole state.
    public func changes(after cursor: UInt64) -> ChangesSince {
        publisher.changes(after: cursor)
    }

    /// Long-polls waiting now.
    public var waitingPolls: Int { publisher.waitingPolls }

    /// The newest `count` logged events, oldest first.
    public func recentEvents(_ count: Int) -> [EventLog.Entry] {
        publisher.recentEvents(count)
    }

    /// The current version and the logged events after `version`, oldest first.
    public func events(after version: UInt64) -> (version: UInt64, events: [EventLog.Entry]) {
        publisher.events(after: version)
    }

    /// What `get` answers: a view model's state object, or one input's, output's or
    /// command's current value (a command's is its state object).
    public struct Reading: Sendable {
        /// "input", "output" or "command"; nil for a whole view model.
        public let kind: String?
        /// The JSON of the state object or value.
        public let json: [UInt8]
    }

    /// Reads `viewModel` (its whole state object) or its part called `name`, on the scheduler.
    public func read(viewModel: String, name: String?, completion: @escaping @Sendable (Result<Reading, HostFailure>) -> Void) {
        let index: Int
        do { index = try viewModelIndex(viewModel) } catch { return completion(.failure(error)) }
        let surface = surfaces[index]
        onScheduler { [self] in
            let values = state.values[index]
            guard let name else {
                // Publish this scheduler's pending changes first, so the encoded state is current.
                if state.flushScheduled || state.encoder == nil { flush() }
                return completion(.success(Reading(kind: nil, json: state.encoder!.viewModelJSON(index))))
            }
            if let input = surface.inputs.firstIndex(where: { $0.name == name }) {
                return completion(.success(Reading(kind: "input", json: JSONWriter.encode(values.inputs[input]))))
            }
            if let output = surface.outputs.firstIndex(where: { $0.name == name }) {
                guard surface.outputs[output].rowChanges == nil else {
                    // A list reporting its edits is kept encoded only: publish its pending edits.
                    if state.flushScheduled || state.encoder == nil { flush() }
                    let key = HostState.ChangeKey(viewModel: index, part: .output, index: output)
                    return completion(.success(Reading(kind: "output", json: state.encoder!.json(key))))
                }
                return completion(.success(Reading(kind: "output", json: JSONWriter.encode(values.outputs[output]))))
            }
            if let command = surface.commands.firstIndex(where: { $0.name == name }) {
                return completion(.success(Reading(kind: "command", json: values.commands[command].json)))
            }
            let all = surface.inputs.map(\.name) + surface.outputs.map(\.name) + surface.commands.map(\.name)
            completion(.failure(HostFailure(.unknownInput, "\(viewModel) has no input, output or command \(Excerpt.quoted(name, quote: Excerpt.singleQuoted))" + DidYouMean.suffix(for: name, among: all, listing: "names"))))
        }
    }


    // MARK: - Watching

    /// Delivers every event and change (of `viewModel` only, when given) to `deliver` as its
    /// JSON object, in version order, until ``unwatch(_:)``. `deliver` runs on the
    /// scheduler: it must not block.
    public func watch(viewModel: String?, deliver: @escaping @Sendable ([UInt8]) -> Void) -> UInt64 {
        publisher.watch(viewModel: viewModel, deliver: deliver)
    }

    /// Stops a watch started by ``watch(viewModel:deliver:)``.
    public func unwatch(_ id: UInt64) {
        publisher.unwatch(id)
    }

    /// Watch streams open now.
    public var watcherCount: Int { publisher.watcherCount }
}
