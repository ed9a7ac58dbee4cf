import Bindery
import BinderyPrimitives
// The event log's page and query types are part of the host's API (`events(matching:)`).
@_exported import BinderyEventLog
import BinderyHistory
import BinderyPersistence
import BinderyProtocol
import BinderySQLite
import BinderySurfaceEncoding
import BinderySystemd
import Dispatch
import Synchronization

/// Hosts view models for clients: reads, sets and runs them on ONE serial scheduler, keeps
/// each command's state, versions the bound state, and serves it encoded once per version.
///
/// Guarantees:
/// - Every read, set and run of a view model happens on ``scheduler``; callers on any thread
///   are hopped onto it. Observations arriving on other threads are hopped too.
/// - All changes made in one turn of the scheduler bump the version once: a flush is queued
///   behind the turn that made the first change, encodes the changed members (only those)
///   and records the version for the group commit.
/// - Read-committed: with a store, a version is published — its `/api/state` document,
///   change-feed entries and events; long-polls, watchers and `get` see it — only once it is
///   durable. Every change that shows in a version — an input (a client's set, a command's,
///   a binding's), a stored member behind an output (``StoredMember``), a command's runs,
///   last value and last error, the version's logged events — is written in the same
///   transaction (``GroupCommit``, a state machine whose actions the host carries out): what a client was
///   shown survives a crash.
/// - A `set` (and a waited-for `run`) completes only once its version is durable and
///   published; its completion carries that version.
/// - A commit that fails drops its batch and everything after it (never shown), puts every
///   input back to its durable value, records the other members again, and fails their sets
///   with `storage` (the cause: "database is locked", "disk full", "read-only"); so a failure
///   never contradicts an acknowledgement. A burst of failures is logged once.
/// - With ``ViewModelSlots`` (view models built from their operators' saved states), each
///   version saves the operator states that changed with it, in its transaction.
/// - ``start(startupValues:)`` restores the stored state before anything is served: inputs
///   read exactly their stored value (``InputSettler``; none is set that reads it already),
///   stored members their saved value (none is set that holds it), commands their runs,
///   refusals, last value and last error (a run cut short by a crash as `interrupted`);
///   outputs are recomputed and compared with what was shown (a difference is logged, and
///   named in the state as `resetAfterRestart`: the view model holds state the host cannot
///   restore). The event log continues,
///   and versions continue by one: the first is the last durable plus one, with a `restart`
///   event ("stopped at v N (clean stop | crash recovery), started at v N+1") logged before
///   the runs the crash cut short end (each `fail` with the time from its start).
/// - Nothing is shown before the first version is durable: when its commit fails (a full
///   disk), reads (`get`, `/api/state`, the change feed, the page) and changes are refused as
///   `unavailable` (``unavailableReason``) and the same batch — its version, restart and
///   recovery events — is retried every second until it commits, then shown. A crash
///   meanwhile loses nothing shown: the next start recovers from the same durable state.
/// - A refused set or run changes nothing and is not logged.
/// - After ``stop()``, every running command has ended as `interrupted`, everything is
///   committed, the stop is marked clean, and new sets and runs are refused as `unavailable`.
public final class ViewModelHost: Sendable {
    /// The scheduler all view-model state lives on.
    public let scheduler: QueueScheduler
    /// The hosted surfaces, in hosting order.
    public let surfaces: [Surface]
    /// Run and set counters.
    public let metrics: Metrics
    /// The `/api/surface` document.
    public let surfaceJSON: [UInt8]
    /// The longest a command run may take before the host interrupts it as `timed_out`.
    public let commandTimeout: Double
    /// The change feed's id (docs/HTTP.md, `feed`): 16 lowercase hex digits naming this
    /// state's sequence of versions — kept in the store, so the same across restarts, and
    /// another for another state (a new state directory, `--reset-state`), whose versions may
    /// repeat these; without a store, drawn at random for this host.
    public let feedID: String

    private let viewModels: [any ViewModel]
    /// The stateful operators of the view models, when they were built by
    /// ``ViewModelSlots/build(from:scope:_:)``: saved with each version, restored at start.
    let slots: ViewModelSlots?
    let store: InputStore?
    /// Runs the group commit's transactions (nil without a store).
    let writer: CommitWriter?
    /// Signalled when a stop's drain of the group commit is done.
    let drained = DispatchSemaphore(value: 0)
    let logger: Logger?
    let queueKey: QueueIdentity
    let state = HostState()
    private let stopping = Synchronization.Atomic<Bool>(false)
    /// Why the start's first version is not saved yet (nil once it is, or if it never failed).
    let heldStartFault = Lock<StorageFault?>(nil)
    let publisher: StatePublisher
    /// The secret inputs (which the published document shows masked), found once: every
    /// version hands their values to the publisher for `get` on the control socket.
    let secretInputs: [StatePublisher.SecretInput]
    /// Each view model's restorable stored members (``StoredMember``), in hosting order.
    let storedMembers: [[StoredMember]]
    /// Stored members that cannot be restored (not `Codable`), as "vm.path", for the start's warnings.
    let unrestorableMembers: [String]
    /// `Codable` stored members whose value holds a class instance (not saved: see
    /// `StoredMember.Discovery.notValues`), as "vm.path", for the start's warnings.
    let referenceMembers: [String]
    /// The most events the log keeps (in memory and in the store).
    let eventLogCapacity: Int
    /// The most bytes the history keeps (docs/HTTP.md, `/api/history`): in the store, which
    /// memory caches the newest part of (``memoryHistoryBudget``), or in memory without one.
    let historyBudget: Int
    /// When the next version gets a checkpoint, consulted on the scheduler as each is flushed.
    let historyCheckpoints: Lock<CheckpointSchedule>
    /// The session imported for reading (the `import` op): beside the live history, never in it.
    package let imported = ImportedSessionSlot()

    /// What keeps `viewModels` from being hosted, one line each: their surfaces' problems
    /// (``Surface/problems``) and a view model name used twice; empty when nothing does.
    public static func problems(of viewModels: [any ViewModel]) -> [String] {
        let surfaces = viewModels.map(\.surface)
        var seen: Set<String> = []
        let repeated = surfaces.map(\.name).filter { !seen.insert($0).inserted }
        return surfaces.flatMap(\.problems) + repeated.map { "view model names must be unique ('\($0)' is used twice)" }
    }

    /// Hosts `viewModels` (whose names must be unique: ``problems(of:)``) on `scheduler`, persisting their
    /// state in `store` (nil: nothing is persisted), keeping the newest `eventLogCapacity`
    /// events, and logging storage failures to `logger`. Nothing is observed until ``start()``.
    /// `slots`, when the view models were built by ``ViewModelSlots/build(from:scope:_:)``
    /// from `store`, are saved with each version: a restart that builds them again the same
    /// way shows exactly what was shown (docs/CONTRACTS.md §11).
    public init(
        viewModels: [any ViewModel],
        slots: ViewModelSlots? = nil,
        scheduler: QueueScheduler,
        store: InputStore?,
        commandTimeout: Double = 30,
        eventLogCapacity: Int = 10_000,
        historyBudget: Int = ViewModelHost.defaultHistoryBudget,
        logger: Logger? = nil
    ) {
        // Runs the view models start themselves are attributed to what started them.
        RunCause.startTracking()
        let surfaces = viewModels.map(\.surface)
        precondition(Set(surfaces.map(\.name)).count == surfaces.count, "view model names must be unique")
        self.viewModels = viewModels
        self.slots = slots
        self.surfaces = surfaces
        secretInputs = surfaces.enumerated().flatMap { viewModel, surface in
            surface.inputs.indices.filter { surface.inputs[$0].isSecret }
                .map { StatePublisher.SecretInput(viewModel: viewModel, input: $0) }
        }
        var claimed: Set<ObjectIdentifier> = []
        var stored: [[StoredMember]] = []
        var unrestorable: [String] = []
        var notValues: [String] = []
        for (model, surface) in zip(viewModels, surfaces) {
            let found = StoredMember.discover(in: model, surface: surface, excluding: claimed)
            stored.append(found.members)
            unrestorable += found.notCodable.map { surface.name + "." + $0 }
            notValues += found.notValues.map { surface.name + "." + $0 }
            claimed.formUnion(found.claimed)
        }
        self.storedMembers = stored
        self.unrestorableMembers = unrestorable
        self.referenceMembers = notValues
        self.eventLogCapacity = max(1, eventLogCapacity)
        self.historyBudget = max(1, historyBudget)
        historyCheckpoints = Lock(CheckpointSchedule(historyBudget: max(1, historyBudget)))
        self.scheduler = scheduler
        self.store = store
        self.logger = logger
        let queueKey = QueueIdentity(queue: scheduler.queue)
        let metrics = Metrics(commands: surfaces.flatMap { surface in surface.commands.map { (surface.name, $0.name) } })
        self.metrics = metrics
        self.writer = store.map { store in
            CommitWriter(store: store, eventCapacity: max(1, eventLogCapacity), historyBudget: max(1, historyBudget),
                         commitEnded: { metrics.recordStateCommit(failed: $0) })
        }
        self.commandTimeout = commandTimeout
        // A store that cannot keep an id still gets one: dashboards then see a reset after a restart.
        let identity = (try? store?.feedIdentity()).flatMap { $0 == 0 ? nil : $0 } ?? UInt64.random(in: 1...UInt64(Int64.max))
        self.feedID = Self.feedID(identity)
        self.surfaceJSON = SurfaceDocument.all(surfaces)
        self.queueKey = queueKey
        self.publisher = StatePublisher(viewModelNames: surfaces.map(\.name), eventLogCapacity: eventLogCapacity,
                                        historyBudget: Self.memoryHistoryBudget(max(1, historyBudget), persisted: store != nil))
    }

    // MARK: - Lifecycle

    /// A value to give an input at startup, over any persisted one, without persisting it
    /// (a command-line flag such as `--failure-rate`).
    public struct StartupValue: Sendable {
        /// The view model's name.
        public let viewModel: String
        /// The input's name.
        public let input: String
        /// The value.
        public let value: SurfaceValue

        /// `viewModel`.`input` = `value`.
        public init(viewModel: String, input: String, value: SurfaceValue) {
            self.viewModel = viewModel
            self.input = input
            self.value = value
        }
    }

    /// Restores the persisted state (see the type's notes), applies `startupValues` over it,
    /// starts observing every input, output, stored member and command, and publishes the
    /// first version — durably, before it returns, so nothing is served before it. Returns one
    /// line per thing that could not be restored or applied (unknown names, unreadable rows,
    /// values an input no longer accepts, members that cannot be saved) — those are skipped.
    public func start(startupValues: [StartupValue] = []) -> [String] {
        var warnings = store == nil ? [] : unrestorableMembers.map {
            "\($0) is not restored after a restart: its value is not Codable (make it Codable, or mark it transient)"
        } + referenceMembers.map {
            "\($0) is not restored after a restart: its value holds a class instance, which the host would read on another thread while it changes (make it a struct, or mark it transient)"
        }
        if store != nil { warnings += slots?.startReport(naming: surfaces.map(\.name)) ?? [] }
        let saved = loadSavedState(&warnings)
        scheduler.queue.sync {
            state.version = saved.previousVersion
            state.resetMembers = surfaces.map { _ in [] }
            // Restoring never starts work: actions applied under `.restoring` — however many
            // operators and scheduler hops lie between a restored input and them — do not
            // execute (`RunCause`). The restart shows what was shown before, and runs nothing.
            let startupSets = RunCause.with(.restoring) { () -> [HostEvent] in
                warnings += restoreInputs(saved.inputs)
                warnings += restoreStores(saved)
                return applyStartupValues(startupValues, warnings: &warnings)
            }
            observeAll()
            // The restart first: the `--set` values are set over the state it restored, and
            // the runs a crash cut short end because of it.
            if saved.previousVersion > 0 {
                record(HostEvent(viewModel: "", name: "", at: ISO8601Timestamp.now(),
                                 kind: .restart(stoppedAt: saved.previousVersion, reason: saved.cleanStop ? "clean stop" : "crash recovery")))
            }
            for set in startupSets { record(set) }
            warnings += restoreCommands(saved.members, crashed: saved.previousVersion > 0 && !saved.cleanStop)
            checkOutputs(saved.members)
            if writer != nil {
                for (vm, values) in state.values.enumerated() {
                    for (input, value) in values.inputs.enumerated() {
                        state.commits.assumeDurable(GroupCommit.Key(viewModel: vm, input: input), value)
                    }
                }
                // Until the first version is durable nothing is shown: its batch is retried,
                // never dropped (a dropped one would lose the restart and recovery events,
                // and a version shown uncommitted would name another state after the next
                // crash).
                state.commits.holdFailedBatches()
                assumeStored(saved.inputs)
            }
            runAtStart()
            flush()
        }
        if let writer {
            // The first version is published once durable, when its commit's end reaches the
            // scheduler; wait for it.
            writer.waitUntilIdle()
            scheduler.queue.sync {}
            if let fault = heldStartFault.withLock({ $0 }) {
                warnings.append("the restored state cannot be saved: \(fault); nothing is served (reads and changes get 'unavailable') until it is saved, retried every second")
            }
        }
        return warnings
    }

    /// Gives inputs their `--set` values (under the restore's cause: they start no work);
    /// returns the `set` event of each, made `by` `--set`.
    private func applyStartupValues(_ startupValues: [StartupValue], warnings: inout [String]) -> [HostEvent] {
        var events: [HostEvent] = []
        for startup in startupValues {
            do throws(HostFailure) {
                let surface = surfaces[try viewModelIndex(startup.viewModel)]
                do throws(SurfaceError) {
                    let input = try surface.input(named: startup.input)
                    try input.set(startup.value, viewModel: surface.name)
                    events.append(HostEvent(viewModel: surface.name, name: input.name, at: ISO8601Timestamp.now(),
                                            kind: .set(value: input.disclosed(startup.value)), origin: EventOrigin(by: "--set")))
                } catch {
                    throw HostFailure(error)
                }
            } catch {
                warnings.append("startup value for \(startup.viewModel).\(startup.input) not applied: \(error.message)")
            }
        }
        return events
    }

    /// Starts the commands the view models asked to run at start
    /// (``SurfaceDeclaration/runAtStart(_:)``), after the restore, as runs started by `start`.
    private func runAtStart() {
        for (vm, surface) in surfaces.enumerated() {
            for name in surface.commandsAtStart {
                guard let index = surface.commands.firstIndex(where: { $0.name == name }) else { continue }
                start(viewModel: vm, command: index, argument: nil, wait: false, startedBy: .start) { [logger] outcome in
                    if case let .failed(failure) = outcome {
                        logger?.warning("\(surface.name).\(name) did not run at start: \(failure.message)")
                    }
                }
            }
        }
    }

    /// Refuses new sets and runs, interrupts every running command (their waiting clients get
    /// `interrupted`), waits until every change is committed (or its commit failed), stops
    /// observing, marks the stop clean and checkpoints the store's write-ahead log into its
    /// file. Idempotent.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        scheduler.queue.sync {
            for id in state.runs.keys.sorted() {
                finish(id, .failure(HostFailure(.interrupted, "\(name(of: id)) was interrupted: the daemon is stopping")))
            }
            interruptSelfRuns()
            flushIfScheduled()
            guard writer != nil else { return }
            // Operators whose state changed with no version since (a pipeline's own state).
            var seeds = GroupCommit.Batch()
            if slots?.recordChanged(in: &seeds) == true { advanceCommit { $0.versionRecorded(seeds) } }
            // The group commit drains (a start still waiting for the disk gets one more try,
            // then gives up: the next start recovers its state again) and checks the file
            // once more; `.stopped` signals `drained`.
            advanceCommit { $0.stopAsked() }
        }
        if writer != nil { drained.wait() }
        scheduler.queue.sync {
            for observation in state.observations { observation.dispose() }
            state.observations.removeAll()
        }
        // A start whose state was never saved is not a clean stop: what the database holds
        // is still the crashed run's.
        if let store, publisher.version > 0 {
            do throws(StoreError) {
                try store.markCleanStop(at: publisher.version)
                try store.checkpoint()
            } catch {
                logger?.warning("could not mark the stop clean and checkpoint the state database: \(StorageFault(error))")
            }
        }
    }

    /// Whether ``stop()`` was called.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Why reads and changes are refused now (as `unavailable`; HTTP 503), or nil when they
    /// are served: the daemon is stopping, or the state it restored is not durable yet (a
    /// start on a full disk shows nothing until its first version is saved).
    public var unavailableReason: String? {
        if isStopping { return "the daemon is shutting down" }
        guard publisher.version == 0 else { return nil }
        if let fault = heldStartFault.withLock({ $0 }) {
            return "the restored state is not saved yet (\(fault)); retrying every second"
        }
        return "the daemon is starting"
    }

    /// The first version's commit failed: nothing is shown until a retry succeeds.
    func startCommitHeld(_ fault: StorageFault) {
        heldStartFault.withLock { $0 = fault }
        state.failedCommits += 1
    }

    // MARK: - Scheduler confinement

    /// Runs `body` on the scheduler: inline when already there (so it joins the current
    /// turn), else queued.
    func onScheduler(_ body: @escaping @Sendable () -> Void) {
        if queueKey.isCurrent {
            body()
        } else {
            scheduler.queue.async(execute: body)
        }
    }

    // MARK: - Names

    /// `identity` as a feed id: 16 lowercase hex digits.
    static func feedID(_ identity: UInt64) -> String {
        let digits = String(identity, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    /// Whether `text` is written as a feed id is (``feedID``): 16 lowercase hex digits.
    public static func isFeedID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The index of the view model called `name`, or `unknown_view_model` with a suggestion.
    public func viewModelIndex(_ name: String) throws(HostFailure) -> Int {
        guard let index = surfaces.firstIndex(where: { $0.name == name }) else {
            throw HostFailure(.unknownViewModel, "unknown view model \(Excerpt.quoted(name, quote: Excerpt.singleQuoted))" + DidYouMean.suffix(for: name, among: surfaces.map(\.name), listing: "view models"))
        }
        return index
    }
}
