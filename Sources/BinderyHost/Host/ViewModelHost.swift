import BinderySQLite
import Bindery
import BinderyNames
import Dispatch
import Synchronization

/// Hosts view models for clients: reads, sets and runs them on ONE serial scheduler, keeps
/// each command's state, versions the bound state, and serves it encoded once per version.
///
/// Guarantees:
/// - Every read, set and run of a view model happens on ``scheduler``; callers on any thread
///   are hopped onto it. Observations arriving on other threads are hopped too.
/// - All changes made in one turn of the scheduler bump the version once: a flush is queued
///   behind the turn that made the first change, and publishes the new version, its
///   `/api/state` JSON (built once, by hand), the turn's events, and wakes long-polls and
///   watchers. A read of an unchanged state (``snapshot``) does no JSON work.
/// - Every input change — a client's set, a command's, a binding's — is recorded in the
///   ``InputStore`` (if any) by group commit: changes made while a commit is in flight go
///   into the next transaction. A `set` (and a waited-for `run`) completes only once every
///   change visible at its version is durable; its completion carries that version.
/// - A commit that fails drops its batch and everything after it, puts every input back to
///   its durable value, and fails their sets with `storage` (the cause: "database is
///   locked", "disk full", "read-only"); so a failure never contradicts an acknowledgement,
///   and a restart shows what the live state shows. A burst of failures is logged once.
/// - ``start(startupValues:)`` restores the stored inputs so each reads exactly its stored
///   value (``InputSettler``), and state versions continue from the previous run's
///   reserved range: a version is never reused across restarts.
/// - A refused set or run changes nothing.
/// - After ``stop()``, every running command has ended as `interrupted` and new sets and
///   runs are refused as `unavailable`.
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

    private let viewModels: [any ViewModel]
    let store: InputStore?
    let commit: GroupCommit?
    let logger: Logger?
    let queueKey: QueueIdentity
    let state = HostState()
    private let stopping = Synchronization.Atomic<Bool>(false)
    let publisher: StatePublisher

    /// How many state versions one reservation in the store covers.
    static let versionBlock: UInt64 = 1_000_000

    /// Hosts `viewModels` (whose names must be unique) on `scheduler`, persisting their
    /// inputs in `store` (nil: nothing is persisted) and logging storage failures to
    /// `logger`. Nothing is observed until ``start()``.
    public init(
        viewModels: [any ViewModel],
        scheduler: QueueScheduler,
        store: InputStore?,
        commandTimeout: Double = 30,
        eventLogCapacity: Int = 1_000,
        logger: Logger? = nil
    ) {
        let surfaces = viewModels.map(\.surface)
        precondition(Set(surfaces.map(\.name)).count == surfaces.count, "view model names must be unique")
        self.viewModels = viewModels
        self.surfaces = surfaces
        self.scheduler = scheduler
        self.store = store
        self.logger = logger
        let queueKey = QueueIdentity(queue: scheduler.queue)
        let metrics = Metrics(commands: surfaces.flatMap { surface in surface.commands.map { (surface.name, $0.name) } })
        self.metrics = metrics
        self.commit = store.map { store in
            GroupCommit(store: store, scheduler: scheduler.queue, metrics: metrics) { body in
                if queueKey.isCurrent { body() } else { scheduler.queue.async(execute: body) }
            }
        }
        self.commandTimeout = commandTimeout
        self.surfaceJSON = SurfaceDocument.all(surfaces)
        self.queueKey = queueKey
        self.publisher = StatePublisher(viewModelNames: surfaces.map(\.name), eventLogCapacity: eventLogCapacity)
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

    /// Restores the persisted inputs, applies `startupValues` over them, starts observing
    /// every input, output and command, and publishes version 1. Returns one line per value
    /// that could not be applied (unknown names, bad JSON, values the input no longer
    /// accepts) — those are skipped.
    public func start(startupValues: [StartupValue] = []) -> [String] {
        var warnings: [String] = []
        var persisted: [PersistedInput] = []
        var firstVersion: UInt64 = 0
        if let store {
            do {
                let loaded = try store.loadAll()
                warnings += loaded.unreadable.map { "state database row \($0.rowID) unreadable: \($0.reason)" }
                persisted = loaded.inputs
            } catch {
                warnings.append("could not read persisted inputs: \(error)")
            }
            do {
                firstVersion = try store.reserveVersions(Self.versionBlock)
            } catch {
                warnings.append("could not reserve state versions (versions may repeat after a restart): \(error)")
            }
        }
        scheduler.queue.sync {
            state.version = firstVersion
            state.versionCeiling = store == nil ? .max : firstVersion + Self.versionBlock
            warnings += restore(persisted)
            for startup in startupValues {
                do throws(HostFailure) {
                    let surface = surfaces[try viewModelIndex(startup.viewModel)]
                    do throws(SurfaceError) {
                        try surface.input(named: startup.input).set(startup.value, viewModel: surface.name)
                    } catch {
                        throw HostFailure(error)
                    }
                } catch {
                    warnings.append("startup value for \(startup.viewModel).\(startup.input) not applied: \(error.message)")
                }
            }
            observeAll()
            if let commit {
                for (vm, values) in state.values.enumerated() {
                    for (input, value) in values.inputs.enumerated() {
                        commit.assumeDurable(GroupCommit.Key(viewModel: vm, input: input), value)
                    }
                }
                commit.beforeFailure = { [unowned self] in if state.flushScheduled { flush() } }
                commit.onFailure = { [unowned self] fault in commitFailed(fault) }
                commit.onSuccess = { [unowned self] in commitSucceeded() }
            }
            flush()
        }
        return warnings
    }

    /// Refuses new sets and runs, interrupts every running command (their waiting clients get
    /// `interrupted`), waits until every change is committed (or its commit failed), stops
    /// observing, and checkpoints the store's write-ahead log into its file. Idempotent.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        scheduler.queue.sync {
            for id in state.runs.keys.sorted() {
                finish(id, .failure(HostFailure(.interrupted, "\(name(of: id)) was interrupted: the daemon is stopping")))
            }
            if state.flushScheduled { flush() }
        }
        if let commit {
            // Each commit's end hops onto the scheduler; a failure's revert may record more.
            while !scheduler.queue.sync(execute: { commit.isIdle && !state.flushScheduled }) {
                commit.waitForWriter()
                scheduler.queue.sync {
                    if state.flushScheduled { flush() }
                    commit.startNow()
                }
            }
        }
        scheduler.queue.sync {
            for observation in state.observations { observation.dispose() }
            state.observations.removeAll()
        }
        if let store {
            do throws(StoreError) { try store.checkpoint() } catch {
                logger?.warning("could not checkpoint the state database at stop: \(StorageFault(error))")
            }
        }
    }

    /// Whether ``stop()`` was called.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

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

    /// The index of the view model called `name`, or `unknown_view_model` with a suggestion.
    public func viewModelIndex(_ name: String) throws(HostFailure) -> Int {
        guard let index = surfaces.firstIndex(where: { $0.name == name }) else {
            throw HostFailure(.unknownViewModel, "unknown view model \(Excerpt.quoted(name, quote: Excerpt.singleQuoted))" + DidYouMean.suffix(for: name, among: surfaces.map(\.name), listing: "view models"))
        }
        return index
    }
}
