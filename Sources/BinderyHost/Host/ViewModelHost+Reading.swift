import BinderyEventLog
import BinderyJSON
import BinderyProtocol

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

    /// The current version and the page of logged events `query` asks for (``EventQuery``),
    /// searched over every event the log keeps.
    public func events(matching query: EventQuery) -> (version: UInt64, page: EventQuery.Page) {
        publisher.events(matching: query)
    }

    /// What `get` answers: a view model's state object, or one input's, output's or
    /// command's current value (a command's is its state object).
    public struct Reading: Sendable {
        /// "input", "output" or "command"; nil for a whole view model.
        public let kind: String?
        /// The JSON of the state object or value.
        public let json: [UInt8]
    }

    /// Reads `viewModel` (its whole state object) or its part called `name` as the published
    /// version shows it: read-committed, like every other read (nothing a failed commit or a
    /// crash can take back). Answers at once, on the caller's thread.
    public func read(viewModel: String, name: String?, completion: @escaping @Sendable (Result<Reading, HostFailure>) -> Void) {
        let index: Int
        do { index = try viewModelIndex(viewModel) } catch { return completion(.failure(error)) }
        // Nothing published yet (a start whose state is not saved): nothing to read.
        if publisher.version == 0, let reason = unavailableReason {
            return completion(.failure(HostFailure(.unavailable, reason)))
        }
        let surface = surfaces[index]
        guard let name else { return completion(.success(Reading(kind: nil, json: publisher.viewModelJSON(index)))) }
        let key: HostState.ChangeKey
        do { key = try memberKey(index, name) } catch { return completion(.failure(error)) }
        // A secret input is masked in the published document; its owner, on the control
        // socket, reads the value itself, at the same version.
        if key.part == .input, surface.inputs[key.index].isSecret,
           let value = publisher.secretValue(StatePublisher.SecretInput(viewModel: index, input: key.index)) {
            return completion(.success(Reading(kind: "input", json: JSONWriter.encode(value))))
        }
        // The member's own bytes at the published version: no parse of the view model's state.
        guard let json = publisher.memberJSON(key) else {
            return completion(.failure(HostFailure(.internal, "\(viewModel).\(name) is missing from the published state")))
        }
        completion(.success(Reading(kind: key.part.rawValue, json: json)))
    }

    /// Every input and output whose published value is a number, in hosting and surface order
    /// (for `/metrics`): each member's own bytes, no parse of a whole state.
    public func numericValues() -> [Metrics.NumericValue] {
        var values: [Metrics.NumericValue] = []
        for (index, surface) in surfaces.enumerated() {
            let members: [(HostEvent.Part, [String])] = [(.input, surface.inputs.map(\.name)), (.output, surface.outputs.map(\.name))]
            for (part, names) in members {
                for (position, name) in names.enumerated() {
                    guard let json = publisher.memberJSON(HostState.ChangeKey(viewModel: index, part: part, index: position)),
                          json.count <= 40, let first = json.first,
                          first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { continue }
                    values.append(Metrics.NumericValue(viewModel: surface.name, part: part.rawValue, name: name,
                                                       number: String(decoding: json, as: UTF8.self)))
                }
            }
        }
        return values
    }

    /// The member `name` of the view model at `index`, or an `unknown_input` failure with the
    /// names it has (did you mean …).
    func memberKey(_ index: Int, _ name: String) throws(HostFailure) -> HostState.ChangeKey {
        let surface = surfaces[index]
        if let input = surface.inputs.firstIndex(where: { $0.name == name }) {
            return HostState.ChangeKey(viewModel: index, part: .input, index: input)
        } else if let output = surface.outputs.firstIndex(where: { $0.name == name }) {
            return HostState.ChangeKey(viewModel: index, part: .output, index: output)
        } else if let command = surface.commands.firstIndex(where: { $0.name == name }) {
            return HostState.ChangeKey(viewModel: index, part: .command, index: command)
        }
        let all = surface.inputs.map(\.name) + surface.outputs.map(\.name) + surface.commands.map(\.name)
        throw HostFailure(.unknownInput, "\(surface.name) has no input, output or command \(Excerpt.quoted(name, quote: Excerpt.singleQuoted))" + DidYouMean.suffix(for: name, among: all, listing: "names"))
    }

    // MARK: - Watching

    /// Delivers every event and change (of `viewModel` only, when given) to `deliver` as its
    /// JSON object, in version order, once each version is durable, until ``unwatch(_:)``.
    /// `deliver` runs where versions are published — the commit writer's queue (the scheduler
    /// without a store): it must not block.
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
