import Bindery
import BinderyHistory
import BinderyEventLog
import BinderyJSON
import BinderyProtocol

/// The state at earlier versions (docs/HTTP.md, `/api/history`; docs/PROTOCOL.md, `restore`):
/// reading it, and putting a past version's inputs back as one change.
extension ViewModelHost {
    /// The history budget when no option sets one: 64 MiB.
    public static let defaultHistoryBudget = 64 << 20

    /// The bytes of history kept in memory: all of it without a store; with one, the newest
    /// quarter, and older versions are read from the store when asked for.
    static func memoryHistoryBudget(_ budget: Int, persisted: Bool) -> Int {
        persisted ? max(1, budget / 4) : budget
    }

    /// The current version, the oldest version the history keeps, and one page of it
    /// (``VersionHistory/page(from:to:limit:byteCap:)``; nil when none of the range is kept):
    /// from memory, or from the store when the page reaches older versions than memory holds.
    func historyPage(from: UInt64?, to: UInt64?, limit: Int) -> (version: UInt64, oldest: UInt64?, page: HistoryPage?) {
        let (current, memory) = publisher.history
        let oldest = historyRange?.lowerBound
        let end = min(to ?? current, current)
        if let from, from > end { return (current, oldest, nil) }
        let page = memory.page(from: from, to: end, limit: limit)
        guard let store, let oldest, let memoryOldest = memory.oldest, oldest < memoryOldest,
              from.map({ $0 < memoryOldest }) ?? (page.map { $0.from == memoryOldest && $0.versions.count < limit } ?? true) else {
            return (current, oldest, page)
        }
        guard let rows = try? store.loadHistoryPage(from: from, through: end, limit: limit, byteCap: VersionHistory.pageBytes) else {
            return (current, oldest, page)
        }
        return (current, oldest, VersionHistory.loading(rows).page(from: from, to: end, limit: limit))
    }

    /// The history holding versions `start` through `end`: memory's when it reaches back to
    /// `start`, otherwise rebuilt from the store's rows for just that range.
    func keptHistory(from start: UInt64, through end: UInt64) -> VersionHistory {
        let memory = publisher.history.history
        guard let store, memory.oldest.map({ start < $0 }) ?? true,
              let rows = try? store.loadHistory(from: start, through: min(end, publisher.version)) else { return memory }
        return VersionHistory.loading(rows)
    }

    /// The oldest and newest versions whose state the history keeps (nil: none yet).
    public var historyRange: ClosedRange<UInt64>? {
        guard let range = publisher.historyRange else { return nil }
        guard let stored = try? store?.oldestKeptVersion(), stored < range.lowerBound else { return range }
        return stored...range.upperBound
    }

    /// The `/api/state` document at `version` (secret inputs masked, as published), or a
    /// `invalid_argument` failure that names the versions kept.
    public func state(at version: UInt64) -> Result<JSONValue, HostFailure> {
        if let document = publisher.document(at: version) ?? olderDocument(at: version) { return .success(document) }
        return .failure(HostFailure(.invalidArgument, Self.notKept(version, range: historyRange)))
    }

    /// The document at `version` from the store, when it is older than memory keeps.
    private func olderDocument(at version: UInt64) -> JSONValue? {
        guard let oldest = publisher.historyRange?.lowerBound, version < oldest else { return nil }
        return keptHistory(from: version, through: version).document(at: version)
    }

    /// "version V is not kept: …", naming the versions the history keeps.
    static func notKept(_ version: UInt64, range: ClosedRange<UInt64>?) -> String {
        guard let range else { return "version \(version) is not kept: the history keeps no versions yet" }
        let when = version > range.upperBound ? "the current version is \(range.upperBound)" : "the history keeps versions \(range.lowerBound)–\(range.upperBound)"
        return "version \(version) is not kept: \(when)"
    }

    /// What `get` with `at` answers: `viewModel` (its state object) or its member `name` as
    /// version `version` showed it (secret inputs masked, as the history keeps them).
    public func read(viewModel: String, name: String?, at version: UInt64) -> Result<Reading, HostFailure> {
        do throws(HostFailure) {
            let index = try viewModelIndex(viewModel)
            let key = try name.map { name throws(HostFailure) in try memberKey(index, name) }
            let document = try state(at: version).get()
            guard let vmState = document["viewModels"]?[viewModel] else {
                throw HostFailure(.invalidArgument, "\(viewModel) was not hosted at version \(version)")
            }
            guard let key, let name else { return .success(Reading(kind: nil, json: Self.bytes(vmState))) }
            guard let value = vmState[key.part.rawValue + "s"]?[name] else {
                throw HostFailure(.invalidArgument, "\(viewModel).\(name) did not exist at version \(version)")
            }
            return .success(Reading(kind: key.part.rawValue, json: Self.bytes(value)))
        } catch {
            return .failure(error)
        }
    }

    private static func bytes(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        value.write(to: &bytes)
        return bytes
    }

    /// What ``restore(version:completion:)`` did: the inputs it set (as "vm.name"), the ones it
    /// could not (secret inputs, which the history keeps masked; inputs this build lacks),
    /// and the version that shows the change (the current one when nothing differed).
    public struct Restored: Sendable {
        public let set: [String]
        public let skipped: [String]
        public let version: UInt64
    }

    /// Puts every input back as it was at `version`, as ONE change: each input whose value
    /// differs is validated first (any failure changes nothing and names the input), then all
    /// are set in one turn of the scheduler, as a transaction (``applyTurn(_:logged:cause:origin:reply:)``:
    /// every input holds its restored value before any binding or work hears of one), so they
    /// make one new version, acknowledged once it is visible and durable; logged as ONE
    /// `restore` event naming the inputs set and skipped, made by `origin` (nil: `host`)
    /// through "restore from v`version`".
    public func restore(version: UInt64, origin: EventOrigin? = nil, completion: @escaping @Sendable (Result<Restored, HostFailure>) -> Void) {
        if let reason = unavailableReason { return completion(.failure(HostFailure(.unavailable, reason))) }
        let document: JSONValue
        switch state(at: version) {
        case let .success(found): document = found
        case let .failure(failure): return completion(.failure(failure))
        }
        var targets: [TurnInput] = []
        var skipped: [String] = [], secret: [String] = []
        for (vmIndex, surface) in surfaces.enumerated() {
            guard case let .object(inputs)? = document["viewModels"]?[surface.name]?["inputs"] else { continue }
            for (name, json) in inputs {
                guard let index = surface.inputs.firstIndex(where: { $0.name == name }) else {
                    skipped.append("\(surface.name).\(name)"); continue
                }
                let input = surface.inputs[index]
                if input.isSecret {
                    skipped.append("\(surface.name).\(name)")
                    secret.append("\(surface.name).\(name)")
                    continue
                }
                do throws(SurfaceError) {
                    let accepted = try input.accept(SurfaceValue(json: json), viewModel: surface.name)
                    targets.append(TurnInput(viewModel: vmIndex, input: index, accepted: accepted))
                } catch {
                    return completion(.failure(HostFailure(.invalidValue,
                        "\(surface.name).\(name) cannot be restored to its value at version \(version): \(error); nothing changed")))
                }
            }
        }
        let madeBy = (origin ?? EventOrigin(by: "host")).through("restore from v\(version)")
        onScheduler { [self, targets, skipped, secret] in
            // Only what differs now is set: restoring the live version changes nothing.
            let changed = targets.filter { state.values[$0.viewModel].inputs[$0.input] != $0.accepted.value }
            guard !changed.isEmpty else {
                return completion(.success(Restored(set: [], skipped: skipped, version: publisher.version)))
            }
            let setNames = changed.map { "\(surfaces[$0.viewModel].name).\(surfaces[$0.viewModel].inputs[$0.input].name)" }
            applyTurn(changed, logged: .restore(from: version, skipped: skipped, secret: secret),
                      cause: .named("restore", detail: "v\(version)", requester: origin.map(RunRequester.init)), origin: madeBy) { result in
                switch result {
                case let .success(now): completion(.success(Restored(set: setNames, skipped: skipped, version: now)))
                case let .failure(fault):
                    completion(.failure(HostFailure(.storage, "the inputs of version \(version) were not saved: \(fault)")))
                }
            }
        }
    }
}
