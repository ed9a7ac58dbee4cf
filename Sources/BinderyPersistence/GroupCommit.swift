import Bindery
import BinderySQLite
import Dispatch

/// Makes the hosted state's versions durable in as few transactions as possible: what is
/// recorded while a commit is in flight goes into the next one, together (group commit).
///
/// Guarantees:
/// - Every version recorded (``record(version:events:publication:)``) is written with the
///   inputs, members, events and operator states (``record(seed:)``) recorded before it, in
///   one transaction; its publication runs
///   only once that transaction is durable, in version order, and never when it failed: a
///   client is never shown a version a crash or a failed commit can take back.
/// - A waiter registered with ``whenDurable(_:)`` is called once every change recorded
///   before it is durable (`nil`), or with the fault that stopped it; never before. Success
///   is reported from the writer's queue as soon as the transaction is committed (after the
///   publications it makes visible); a failure from the scheduler, after ``onFailure``.
/// - Commits happen one at a time, in recording order; for every input or member the latest
///   recorded value is the one written. A member's value is encoded on the writer, from the
///   snapshot taken when it was recorded, so a long list costs the scheduler nothing.
/// - Batching: when a commit ends, the waiters it acknowledged plus those already pending are
///   the clients active now. The next commit waits until that many waiters are pending, but
///   no longer than ``maximumDelayNanoseconds`` (and half the last commit's duration):
///   clients just acknowledged are about to send again, and without the wait they would
///   always miss the next commit and ride the one after, halving the batches. A lone client
///   never waits.
/// - When a commit fails, that batch and everything recorded after it are dropped (their
///   waiters get the fault, their publications never run) and ``onFailure`` runs before the
///   waiters hear of it, with the members it dropped, so the host can put the durable inputs
///   back and record the members again: nothing that was not committed is shown or kept, and
///   nothing committed is undone.
/// - ``durable`` is what the database holds for each input (the start-up values before any
///   commit).
/// - The database file is watched: before each commit starts, the file at the store's path is
///   compared with the one open (``InputStore/replacement()``). When it was deleted, replaced
///   or truncated, ``onFileReplaced`` runs once (the host logs it), and from then on every
///   batch carries the whole state — every stored input row, what ``recordWholeState`` adds
///   (every member, the event log) and the version — and is written into a fresh file
///   (``InputStore/openFresh()``), until one such commit succeeds. A failure on the way (no
///   space, no permission) fails that batch like any other, so sets fail with `storage` until
///   the fresh file holds everything. The whole state is taken as of the last version
///   recorded: while the host has applied changes it has not recorded yet
///   (``hasUnrecordedChanges``), no such batch starts; the host's next flush records them with
///   their own version and starts it.
/// - While ``holdsFailedBatches`` is set (a start whose restored state is not durable yet), a
///   failed batch is not dropped: it stays pending, ahead of what was recorded since, and is
///   tried again every ``retryNanoseconds`` until it commits (``onHeld`` hears of each
///   failure). Its version, events and publications are kept, so the first version shown is
///   the one that committed, with the events it carried.
///
/// `@unchecked Sendable`: every member is touched only on the host's scheduler queue (the
/// writer queue only runs the commit, the publications and the waiters of a batch handed to
/// it, and hops back with `onScheduler`), so no two threads touch the state at once.
final package class GroupCommit: @unchecked Sendable {
    /// An input by position: view model index, input index.
    package struct Key: Hashable {
        package let viewModel: Int
        package let input: Int

        package init(viewModel: Int, input: Int) {
            self.viewModel = viewModel
            self.input = input
        }
    }

    /// A member row by view model index, kind and name.
    package struct MemberKey: Hashable {
        package let viewModel: Int
        package let kind: PersistedMember.Kind
        package let name: String

        package init(viewModel: Int, kind: PersistedMember.Kind, name: String) {
            self.viewModel = viewModel
            self.kind = kind
            self.name = name
        }
    }

    /// A member's row, its JSON made on the writer (nil: it could not be encoded; skipped).
    package struct MemberRow: Sendable {
        let viewModel: String
        let json: @Sendable () -> String?

        package init(viewModel: String, json: @escaping @Sendable () -> String?) {
            self.viewModel = viewModel
            self.json = json
        }
    }

    /// A slot state's row: its scope and slot.
    package struct SeedKey: Hashable {
        let scope: String
        let slot: Int
    }

    /// Called with nil once durable, or with the fault that prevented it.
    package typealias Waiter = @Sendable (StorageFault?) -> Void

    private struct InputRow {
        let persisted: PersistedInput
        let value: SurfaceValue
    }

    /// A stored list's edits in a batch, in order; rows encoded on the writer.
    private struct ListEdits {
        let viewModel: String
        var edits: [ListChange<EncodableSnapshot>]
    }

    private struct Batch {
        var inputs: [Key: InputRow] = [:]
        var members: [MemberKey: MemberRow] = [:]
        var lists: [MemberKey: ListEdits] = [:]
        var events: [(version: UInt64, json: [UInt8])] = []
        var history: [(version: UInt64, checkpoint: Bool, json: [UInt8])] = []
        /// Slot states by scope and slot (a later one replaces the earlier).
        var seeds: [SeedKey: PersistedSeed] = [:]
        /// Scopes whose saved slot states are dropped before `seeds` are written.
        var replacedSeedScopes: Set<String> = []
        var version: UInt64 = 0
        /// Carries the whole state, for a fresh file.
        var whole = false
        var publications: [@Sendable () -> Void] = []
        var waiters: [Waiter] = []

        var hasWork: Bool {
            version > 0 || !inputs.isEmpty || !members.isEmpty || !lists.isEmpty || !events.isEmpty || !history.isEmpty
                || !seeds.isEmpty || !replacedSeedScopes.isEmpty
        }
    }

    /// The longest a commit waits for more waiters.
    static let maximumDelayNanoseconds: UInt64 = 2_000_000
    /// How long a held batch waits before it is tried again.
    static let retryNanoseconds: UInt64 = 1_000_000_000

    private let store: InputStore
    private let eventCapacity: Int
    /// The most bytes the saved history keeps (0: all).
    private let historyBudget: Int
    private let writer = DispatchQueue(label: "bindery.host.commit")
    private let scheduler: DispatchQueue
    /// Told of every commit as it ends, on the commit writer's queue (whether it failed).
    private let commitEnded: (@Sendable (_ failed: Bool) -> Void)?
    /// Waiters active when the previous commit ended (see the type's notes), and how long it took.
    private var activeWaiters = 0
    private var lastDurationNanoseconds: UInt64 = 0
    /// A delayed start is scheduled.
    private var delayed = false
    private var delayGeneration: UInt64 = 0
    private let onScheduler: @Sendable (@escaping @Sendable () -> Void) -> Void
    private var pending = Batch()
    private var inFlight: Batch?
    /// The value the database holds for each input.
    package private(set) var durable: [Key: SurfaceValue] = [:]
    /// The row the database holds for each input it holds one for (what a fresh file gets).
    private var storedRows: [Key: PersistedInput] = [:]
    /// The file was found deleted, replaced or truncated and a fresh one does not hold the
    /// whole state yet.
    private var owesWholeState = false
    /// Runs on the scheduler when the database file is first found deleted, replaced or
    /// truncated (with how), before the commit that rewrites it.
    package var onFileReplaced: (String) -> Void = { _ in }
    /// Runs on the scheduler before a batch that must carry the whole state is taken: the
    /// host records every member, its event log (``recordLoggedEvents(_:)``) and its version.
    package var recordWholeState: () -> Void = {}
    /// Whether the host has applied changes it has not recorded yet (its flush is scheduled,
    /// and will start the commit). A batch carrying the whole state waits for them: taken
    /// now, it would hold their values under the last version, encoded as they were before.
    package var hasUnrecordedChanges: () -> Bool = { false }
    /// Runs on the scheduler when a commit failed, before anything is dropped: the host
    /// records the changes it applied but has not recorded yet, so they are dropped too.
    package var beforeFailure: () -> Void = {}
    /// Runs on the scheduler after a failed commit's batches were dropped (with the members
    /// they held), before any waiter hears of it: the host puts the durable inputs back and
    /// records the dropped members again.
    package var onFailure: (StorageFault, Set<MemberKey>) -> Void = { _, _ in }
    /// Runs on the scheduler after a successful commit.
    package var onSuccess: () -> Void = {}
    /// Failed batches are kept and retried instead of dropped (see the type's notes); cleared
    /// by the first commit that succeeds, or by ``abandonHeld()``.
    package var holdsFailedBatches = false
    /// Runs on the scheduler when a held batch failed (it is tried again later).
    package var onHeld: (StorageFault) -> Void = { _ in }
    /// The fault of the last held batch, for ``abandonHeld()``.
    private var heldFault: StorageFault?

    /// A committer writing to `store`, keeping its newest `eventCapacity` events and the newest
    /// `historyBudget` bytes of its history (0: all); `scheduler`
    /// is the host's scheduler queue, and `onScheduler` runs a closure on it (inline when
    /// already there).
    package init(store: InputStore, eventCapacity: Int, historyBudget: Int = 0, scheduler: DispatchQueue,
                 commitEnded: (@Sendable (_ failed: Bool) -> Void)?,
                 onScheduler: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.store = store
        self.eventCapacity = eventCapacity
        self.historyBudget = historyBudget
        self.scheduler = scheduler
        self.commitEnded = commitEnded
        self.onScheduler = onScheduler
    }

    /// Declares what the database holds for `key` (at start-up, before anything is recorded).
    package func assumeDurable(_ key: Key, _ value: SurfaceValue) {
        durable[key] = value
    }

    /// Declares that the database holds `row` for `key` (at start-up, for each row restored).
    package func assumeStored(_ key: Key, _ row: PersistedInput) {
        storedRows[key] = row
    }

    /// Puts `events` (logged before anything pending, oldest first) ahead of the pending
    /// batch's events, and `version` as its version at least: a fresh file gets the log.
    package func recordLoggedEvents(_ events: [(version: UInt64, json: [UInt8])], version: UInt64) {
        pending.events.insert(contentsOf: events, at: 0)
        pending.version = max(pending.version, version)
    }

    /// Records that `key` now holds `value` (`persisted` is its row). A value equal to the
    /// durable one, for an input with nothing pending or in flight, needs no write.
    package func record(_ key: Key, value: SurfaceValue, persisted: PersistedInput) {
        if pending.inputs[key] == nil, inFlight?.inputs[key] == nil, durable[key] == value { return }
        pending.inputs[key] = InputRow(persisted: persisted, value: value)
    }

    /// Records that the member `key` now holds what `row` encodes.
    package func record(_ key: MemberKey, _ row: MemberRow) {
        pending.members[key] = row
    }

    /// Records the state of a view model's stateful operator (its JSON made by the host), for
    /// the next version's transaction.
    package func record(seed: PersistedSeed) {
        pending.seeds[SeedKey(scope: seed.scope, slot: seed.slot)] = seed
    }

    /// Drops every saved slot state of `scope` in the next transaction, before the slot states
    /// recorded for it (a construction that no longer matches them is saved anew).
    package func replaceSeeds(ofScope scope: String) {
        pending.replacedSeedScopes.insert(scope)
        pending.seeds = pending.seeds.filter { $0.key.scope != scope }
    }

    /// Records edits of the stored list `key` (after those recorded before; a `.replaced`
    /// makes the earlier ones moot).
    package func record(_ key: MemberKey, viewModel: String, edits: [ListChange<EncodableSnapshot>]) {
        if let last = edits.lastIndex(where: { if case .replaced = $0 { true } else { false } }) {
            pending.lists[key] = ListEdits(viewModel: viewModel, edits: Array(edits[last...]))
        } else {
            pending.lists[key, default: ListEdits(viewModel: viewModel, edits: [])].edits += edits
        }
    }

    /// Records version `version` with its logged events and its history rows (its change-feed
    /// entries, and at a checkpoint its whole document); `publication` shows it to clients
    /// once it is durable.
    package func record(version: UInt64, events: [[UInt8]], history: [(checkpoint: Bool, json: [UInt8])] = [],
                        publication: @escaping @Sendable () -> Void) {
        pending.version = max(pending.version, version)
        for json in events { pending.events.append((version, json)) }
        for row in history { pending.history.append((version, row.checkpoint, row.json)) }
        pending.publications.append(publication)
    }

    /// Calls `waiter` once everything recorded so far is durable (at once if it is). A waiter
    /// joins the pending batch even when that has nothing to write (all it waits for is in
    /// flight): an in-flight batch never changes, so its writer calls its waiters itself.
    package func whenDurable(_ waiter: @escaping Waiter) {
        if pending.hasWork || inFlight != nil {
            pending.waiters.append(waiter)
            if pending.hasWork { startIfFull() }
        } else {
            waiter(nil)
        }
    }

    /// Whether nothing is pending or being written.
    package var isIdle: Bool { inFlight == nil && !pending.hasWork }

    /// Starts writing the pending batch unless a commit is in flight (then it follows that
    /// one), or waits briefly for more waiters (see the type's notes).
    package func startIfIdle() {
        guard inFlight == nil, pending.hasWork, !delayed else { return }
        if pending.waiters.count < activeWaiters {
            let delay = min(Self.maximumDelayNanoseconds, lastDurationNanoseconds / 2)
            if delay > 0 {
                delayed = true
                delayGeneration &+= 1
                let generation = delayGeneration
                scheduler.asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [self] in
                    guard delayed, generation == delayGeneration else { return }
                    delayed = false
                    start()
                }
                return
            }
        }
        start()
    }

    /// Starts writing the pending batch now unless a commit is in flight (stopping: no wait).
    package func startNow() {
        delayed = false
        delayGeneration &+= 1
        start()
    }

    /// Called by `whenDurable`'s callers after adding waiters: a delayed start goes as soon
    /// as the batch is as big as the last.
    private func startIfFull() {
        if delayed, pending.waiters.count >= activeWaiters { startNow() }
    }

    /// Writes the whole state into a fresh file now if the file was deleted, replaced or
    /// truncated, even with nothing pending (a stop checks before its last write).
    package func startIfReplaced() {
        start(evenIfEmpty: true)
    }

    private func start(evenIfEmpty: Bool = false) {
        guard inFlight == nil, pending.hasWork || evenIfEmpty else { return }
        if !owesWholeState, let how = store.replacement() {
            owesWholeState = true
            onFileReplaced(how)
        }
        // A held batch that carries the whole state already has the log and every member.
        if owesWholeState, !pending.whole {
            guard !hasUnrecordedChanges() else { return }
            recordWholeState()
            for (key, row) in storedRows where pending.inputs[key] == nil {
                pending.inputs[key] = InputRow(persisted: row, value: durable[key] ?? .null)
            }
            pending.whole = true
        }
        guard pending.hasWork else { return }
        let batch = pending
        pending = Batch()
        inFlight = batch
        let inputs = batch.inputs.values.map(\.persisted).sorted { ($0.changed, $0.viewModel, $0.input) < ($1.changed, $1.viewModel, $1.input) }
        let members = batch.members.map { ($0.key.kind, $0.key.name, $0.value) }
        let lists = batch.lists.map { ($0.key.name, $0.value.viewModel, $0.value.edits) }
        let (events, version, publications, waiters, whole) = (batch.events, batch.version, batch.publications, batch.waiters, batch.whole)
        let seeds = batch.seeds.values.sorted { ($0.scope, $0.slot) < ($1.scope, $1.slot) }, replacedSeedScopes = batch.replacedSeedScopes.sorted()
        let store = store, eventCapacity = eventCapacity, history = batch.history, historyBudget = historyBudget
        let began = DispatchTime.now().uptimeNanoseconds
        writer.async { [self] in
            var state = StateBatch()
            state.inputs = inputs
            state.members = members.compactMap { kind, name, row in
                row.json().map { PersistedMember(viewModel: row.viewModel, kind: kind, name: name, json: $0) }
            }
            // A list whose row cannot be encoded (a non-finite number) keeps its saved rows.
            state.listEdits = lists.compactMap { name, viewModel, edits in
                let encoded = edits.compactMap { edit -> ListChange<String>? in
                    var failed = false
                    let change = edit.map { row in row.json ?? { failed = true; return "" }() }
                    return failed ? nil : change
                }
                return encoded.count == edits.count ? (viewModel, name, encoded) : nil
            }
            state.events = events
            state.seeds = seeds
            state.replacedSeedScopes = replacedSeedScopes
            state.history = history
            state.historyBudget = historyBudget
            state.version = version
            let fault: StorageFault?
            do throws(StoreError) {
                // A fresh file unless the one opened by an earlier try is still in place.
                if whole, store.replacement() != nil { try store.openFresh() }
                try store.commit(state, keepingEvents: eventCapacity)
                fault = nil
            } catch {
                fault = StorageFault(error)
                // A full disk may be full of our own log: copying it into the file and
                // truncating it can give the space back for the next try.
                if fault?.cause == .diskFull { try? store.checkpoint() }
            }
            let took = DispatchTime.now().uptimeNanoseconds - began
            commitEnded?(fault != nil)
            // Shown and acknowledged from here, not after a hop to the scheduler: the batch
            // is durable, and nothing the scheduler does next can change that. A failure goes
            // through the scheduler first, where the host puts the durable values back.
            if fault == nil {
                for publish in publications { publish() }
                for waiter in waiters { waiter(nil) }
            }
            onScheduler { [self] in ended(fault, took: took) }
        }
    }

    /// Blocks the caller (never the scheduler) until the writer has finished what it started.
    package func waitForWriter() {
        writer.sync {}
    }

    private func ended(_ fault: StorageFault?, took: UInt64) {
        guard inFlight != nil else { return }
        // While the failed batch is still in flight nothing new can start: what the host
        // records now joins the batches that are dropped.
        if fault != nil { beforeFailure() }
        let batch = inFlight!
        inFlight = nil
        activeWaiters = batch.waiters.count + pending.waiters.count
        lastDurationNanoseconds = took
        if let fault, holdsFailedBatches {
            pending = Self.merged(batch, then: pending)
            heldFault = fault
            onHeld(fault)
            scheduler.asyncAfter(deadline: .now() + .nanoseconds(Int(Self.retryNanoseconds))) { [self] in
                if holdsFailedBatches { startNow() }
            }
        } else if let fault {
            let dropped = pending
            pending = Batch()
            onFailure(fault, Set(batch.members.keys).union(dropped.members.keys).union(batch.lists.keys).union(dropped.lists.keys))
            for waiter in batch.waiters + dropped.waiters { waiter(fault) }
        } else {
            for (key, row) in batch.inputs {
                durable[key] = row.value
                storedRows[key] = row.persisted
            }
            if batch.whole { owesWholeState = false }
            holdsFailedBatches = false
            heldFault = nil
            onSuccess()
            // Waiters that only waited for this batch (the pending one has nothing to write)
            // are done.
            if !pending.hasWork {
                let waiters = pending.waiters
                pending.waiters.removeAll()
                for waiter in waiters { waiter(nil) }
            }
            startIfIdle()
        }
    }

    /// Stops holding: the held batch and everything after it are dropped, their waiters get
    /// the fault that held them, and their publications never run (a stop that cannot wait
    /// for the disk).
    package func abandonHeld() {
        guard holdsFailedBatches else { return }
        holdsFailedBatches = false
        // Only a batch that failed is held: without a fault nothing is held.
        guard inFlight == nil, let fault = heldFault else { return }
        heldFault = nil
        let dropped = pending
        pending = Batch()
        for waiter in dropped.waiters { waiter(fault) }
    }

    /// `first` followed by `later`: the later value of each input and member, the list edits,
    /// events and history rows of both in order, every publication and waiter.
    private static func merged(_ first: Batch, then later: Batch) -> Batch {
        var batch = first
        for (key, row) in later.inputs { batch.inputs[key] = row }
        for (key, row) in later.members { batch.members[key] = row }
        for (key, list) in later.lists {
            if list.edits.contains(where: { if case .replaced = $0 { true } else { false } }) {
                batch.lists[key] = list
            } else {
                batch.lists[key, default: ListEdits(viewModel: list.viewModel, edits: [])].edits += list.edits
            }
        }
        batch.events += later.events
        batch.history += later.history
        if !later.replacedSeedScopes.isEmpty {
            batch.seeds = batch.seeds.filter { !later.replacedSeedScopes.contains($0.key.scope) }
            batch.replacedSeedScopes.formUnion(later.replacedSeedScopes)
        }
        for (key, seed) in later.seeds { batch.seeds[key] = seed }
        batch.version = max(first.version, later.version)
        batch.whole = first.whole || later.whole
        batch.publications += later.publications
        batch.waiters += later.waiters
        return batch
    }
}
