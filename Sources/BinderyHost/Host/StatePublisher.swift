import Bindery
import BinderyEventLog
import BinderyHistory
import BinderyJSON
import BinderyPrimitives
import Dispatch
import Synchronization

/// What the host publishes for clients, version by version: the state (as each view model's
/// encoded JSON, joined into the `/api/state` document only when someone reads it), the
/// change feed, the event log, and the long-polls and watchers to wake.
///
/// Guarantees:
/// - Readers on any thread see one consistent version: its state, its changes and its
///   events are published together under one lock.
/// - The `/api/state` document of a version is built at most once, on the first read of it
///   (so a change nobody reads costs no whole-state work), from the view models' cached JSON.
/// - Every long-poll waiting for a version after V is answered exactly once: by the first
///   publish past V, or when its timeout passes.
final class StatePublisher: Sendable {
    private struct Published {
        var version: UInt64 = 0
        /// Each view model's state object and members' values in pieces (see
        /// ``StateEncoder/viewModelPieces``).
        var viewModelPieces: [ViewModelPieces] = []
        /// The secret inputs' values at `version`, which the pieces show masked: only `get`
        /// over the control socket reads them.
        var secretInputs: [SecretInput: SurfaceValue] = [:]
        var snapshot: StateSnapshot?
        var changes = ChangeLog()
        var log: EventLog
        var history: VersionHistory
        var waiters: [UInt64: @Sendable (UInt64) -> Void] = [:]
        /// Long-polls' deadlines: slot (see ``deadlineSlotNanoseconds``) → waiter ids.
        var deadlines: [UInt64: [UInt64]] = [:]
        var watchers: [UInt64: Watcher] = [:]
        var nextID: UInt64 = 1
    }

    private struct Watcher {
        let viewModel: String?
        let deliver: @Sendable ([UInt8]) -> Void
    }

    /// One event of a published batch.
    struct Event: Sendable {
        let viewModel: String
        let logged: Bool
        let json: [UInt8]
    }

    /// A secret input, by its view model's and its own index (hosting and surface order).
    struct SecretInput: Hashable, Sendable {
        let viewModel: Int
        let input: Int
    }

    /// Each view model's `"name":` bytes, in hosting order.
    private let keys: [[UInt8]]
    private let published: Lock<Published>
    private let timers = DispatchQueue(label: "bindery.host.timers")

    init(viewModelNames: [String], eventLogCapacity: Int, historyBudget: Int) {
        keys = viewModelNames.map { name in
            var writer = JSONWriter(capacity: name.utf8.count + 3)
            writer.string(name)
            return writer.bytes + [UInt8(ascii: ":")]
        }
        published = Lock(Published(snapshot: StateSnapshot(version: 0, json: Array(#"{"version":0,"viewModels":{}}"#.utf8)),
                                    log: EventLog(capacity: eventLogCapacity), history: VersionHistory(byteBudget: historyBudget)))
    }

    /// Publishes `version`: the view models' state objects (in pieces, joined only when the
    /// document is read), the version's change-feed entries
    /// (`restart`: the first version of this run — older cursors get a reset), and its
    /// events (and its whole document for the history at a checkpoint: without one, a
    /// version the history cannot follow on to gets one built here); then wakes the
    /// long-polls and delivers the events to watchers.
    func publish(version: UInt64, viewModelPieces: [ViewModelPieces], secretInputs: [SecretInput: SurfaceValue],
                 changes: [[UInt8]], restart: Bool, events: [Event], checkpoint: [UInt8]? = nil) {
        let (waiters, watchers) = published.withLock { published in
            var checkpoint = checkpoint
            if checkpoint == nil, restart || published.history.newest.map({ $0 + 1 != version }) ?? true {
                checkpoint = Self.document(version: version, pieces: viewModelPieces, keys: keys)
            }
            published.history.append(version: version, entries: changes, checkpoint: checkpoint, restart: restart)
            published.version = version
            published.viewModelPieces = viewModelPieces
            published.secretInputs = secretInputs
            published.snapshot = nil
            let logged = events.filter(\.logged).map(\.json)
            if restart {
                published.changes.restart(at: version)
            } else {
                published.changes.append(version: version, entries: changes, events: logged)
            }
            for json in logged { published.log.append(EventLog.Entry(version: version, json: json)) }
            let waiters = Array(published.waiters.values)
            published.waiters.removeAll(keepingCapacity: true)
            return (waiters, Array(published.watchers.values))
        }
        for waiter in waiters { waiter(version) }
        for watcher in watchers {
            for event in events where watcher.viewModel == nil || watcher.viewModel == event.viewModel {
                watcher.deliver(event.json)
            }
        }
    }

    /// Puts the saved event log back (at start, before anything is published): `events`
    /// oldest first.
    func loadEvents(_ events: [(version: UInt64, json: [UInt8])]) {
        published.withLock { published in
            for event in events { published.log.append(EventLog.Entry(version: event.version, json: event.json)) }
        }
    }

    /// Puts the saved history back (at start, before anything is published): rows oldest
    /// first, each a version's checkpoint document or its entries as one JSON array.
    func loadHistory(_ rows: [(version: UInt64, checkpoint: Bool, json: [UInt8])]) {
        published.withLock { published in
            for row in rows { published.history.appendSaved(version: row.version, checkpoint: row.checkpoint, json: row.json) }
        }
    }

    /// The current version and the history kept in memory (a copy: reading it holds up no
    /// change).
    var history: (version: UInt64, history: VersionHistory) {
        published.withLock { ($0.version, $0.history) }
    }

    /// The oldest and newest versions the history keeps (nil: none).
    var historyRange: ClosedRange<UInt64>? {
        published.withLock { published in
            guard let oldest = published.history.oldest, let newest = published.history.newest else { return nil }
            return oldest...newest
        }
    }

    /// The `/api/state` document at `version` (parsed), nil when the history does not keep it.
    func document(at version: UInt64) -> JSONValue? {
        // Copied out under the lock, replayed outside it: a replay parses a whole document.
        let history = published.withLock { $0.history }
        return history.document(at: version)
    }

    /// The `/api/state` document of `version` made of `pieces`, for a history checkpoint.
    func checkpointDocument(version: UInt64, pieces: [ViewModelPieces]) -> [UInt8] {
        Self.document(version: version, pieces: pieces, keys: keys)
    }

    /// The current version.
    var version: UInt64 { published.withLock { $0.version } }

    /// A secret input's published value, unmasked (nil before the first version).
    func secretValue(_ input: SecretInput) -> SurfaceValue? {
        published.withLock { $0.secretInputs[input] }
    }

    /// The published state object of the view model at `index` (hosting order).
    func viewModelJSON(_ index: Int) -> [UInt8] {
        published.withLock { published in
            guard published.viewModelPieces.indices.contains(index) else { return Array("{}".utf8) }
            var bytes: [UInt8] = []
            published.viewModelPieces[index].object.write(into: &bytes)
            return bytes
        }
    }

    /// The published value of one member (`key`: hosting and surface order), joined from its
    /// pieces: no parse of its view model's state; nil when there is no such member.
    func memberJSON(_ key: HostState.ChangeKey) -> [UInt8]? {
        published.withLock { published in
            guard published.viewModelPieces.indices.contains(key.viewModel) else { return nil }
            return published.viewModelPieces[key.viewModel].member(key.part, key.index)?.joined
        }
    }

    /// The current `/api/state` document, built on the first read of its version.
    var snapshot: StateSnapshot {
        published.withLock { published in
            if let snapshot = published.snapshot, snapshot.version == published.version { return snapshot }
            let snapshot = StateSnapshot(version: published.version,
                                         json: Self.document(version: published.version, pieces: published.viewModelPieces, keys: keys))
            published.snapshot = snapshot
            return snapshot
        }
    }

    private static func document(version: UInt64, pieces viewModelPieces: [ViewModelPieces], keys: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(viewModelPieces.reduce(64) { $0 + $1.object.byteCount + 32 })
        bytes.append(contentsOf: #"{"version":"#.utf8)
        bytes.append(contentsOf: String(version).utf8)
        bytes.append(contentsOf: #","viewModels":{"#.utf8)
        for (index, pieces) in viewModelPieces.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: keys[index])
            pieces.object.write(into: &bytes)
        }
        bytes.append(contentsOf: "}}".utf8)
        return bytes
    }

    /// What changed after `cursor`.
    func changes(after cursor: UInt64) -> ChangesSince {
        let answer: ChangesSince? = published.withLock { published in
            if cursor == published.version { return .unchanged(version: cursor) }
            guard let found = published.changes.changes(after: cursor) else { return nil }
            return .changes(version: published.version, entries: found.entries, events: found.events)
        }
        return answer ?? .reset(snapshot)
    }

    /// Long-poll deadlines are rounded up to slots of this length, and one timer serves each
    /// slot: a thousand polls arriving together arm one or two timers instead of a thousand
    /// (each `asyncAfter` costs a wake-up of GCD's timer thread — it was 40 % of the daemon's
    /// CPU to take 1,000 polls). A poll times out at most one slot late, never early.
    static let deadlineSlotNanoseconds: UInt64 = 10_000_000

    /// Calls `respond` once with the first version greater than `version`, or with the
    /// current one when `timeout` seconds pass first (up to 10 ms later).
    func awaitVersion(after version: UInt64, timeout: Double, respond: @escaping @Sendable (UInt64) -> Void) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(timeout, 1e6)) * 1e9)
        let slot = deadline / Self.deadlineSlotNanoseconds + 1
        let registered: (ready: UInt64?, arm: Bool) = published.withLock { published in
            if published.version > version { return (published.version, false) }
            let id = published.nextID
            published.nextID += 1
            published.waiters[id] = respond
            let arm = published.deadlines[slot] == nil
            published.deadlines[slot, default: []].append(id)
            return (nil, arm)
        }
        if let ready = registered.ready { return respond(ready) }
        guard registered.arm else { return }
        timers.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: slot * Self.deadlineSlotNanoseconds)) { [weak self] in
            self?.expire(slot: slot)
        }
    }

    /// Answers the polls of `slot` still waiting with the current version.
    private func expire(slot: UInt64) {
        let (expired, current) = published.withLock { published in
            let ids = published.deadlines.removeValue(forKey: slot) ?? []
            return (ids.compactMap { published.waiters.removeValue(forKey: $0) }, published.version)
        }
        for respond in expired { respond(current) }
    }

    /// Long-polls waiting now.
    var waitingPolls: Int { published.withLock { $0.waiters.count } }

    /// The newest `count` logged events, oldest first.
    func recentEvents(_ count: Int) -> [EventLog.Entry] {
        published.withLock { $0.log.last(count) }
    }

    /// The current version and the logged events after `version`, oldest first.
    func events(after version: UInt64) -> (version: UInt64, events: [EventLog.Entry]) {
        published.withLock { ($0.version, $0.log.after(version: version)) }
    }

    /// The current version and the page of logged events `query` asks for. The log is copied
    /// under the lock and searched outside it, so a search holds up no change.
    func events(matching query: EventQuery) -> (version: UInt64, page: EventQuery.Page) {
        let (version, entries) = published.withLock { ($0.version, $0.log.entries) }
        return (version, query.page(of: entries))
    }

    /// Starts delivering events (of `viewModel` only, when given) to `deliver`.
    func watch(viewModel: String?, deliver: @escaping @Sendable ([UInt8]) -> Void) -> UInt64 {
        published.withLock { published in
            let id = published.nextID
            published.nextID += 1
            published.watchers[id] = Watcher(viewModel: viewModel, deliver: deliver)
            return id
        }
    }

    /// Stops a watch.
    func unwatch(_ id: UInt64) {
        _ = published.withLock { $0.watchers.removeValue(forKey: id) }
    }

    /// Watch streams open now.
    var watcherCount: Int { published.withLock { $0.watchers.count } }
}
