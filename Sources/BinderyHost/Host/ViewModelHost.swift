import BinderySQLite
import Bindery
import BinderyJSON
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
    private let store: InputStore?
    let commit: GroupCommit?
    private let logger: Logger?
    let queueKey: QueueIdentity
    let state = HostState()
    private let stopping = Synchronization.Atomic<Bool>(false)
    private let publisher: StatePublisher

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

    /// The index of the view model called `name`, or `unknown_view_model` with a suggestion.
    public func viewModelIndex(_ name: String) throws(HostFailure) -> Int {
        guard let index = surfaces.firstIndex(where: { $0.name == name }) else {
            throw HostFailure(.unknownViewModel, "unknown view model '\(name)'" + DidYouMean.suffix(for: name, among: surfaces.map(\.name), listing: "view models"))
        }
        return index
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
            completion(.failure(HostFailure(.unknownInput, "\(viewModel) has no input, output or command '\(name)'" + DidYouMean.suffix(for: name, among: all, listing: "names"))))
        }
    }

    // MARK: - Setting

    /// Sets `viewModel`.`input` to `value`: validates it (type, constraint), applies it on the
    /// scheduler — so views see it without waiting for the disk — and commits it to the store;
    /// completes, with the value as stored and the version that shows it, only once it is both
    /// visible and durable. If the commit fails, the previous value is put back and the set
    /// fails: a set that was not acknowledged may have been seen, but is never kept.
    public func set(viewModel: String, input inputName: String, value: SurfaceValue,
                    completion: @escaping @Sendable (Result<(value: SurfaceValue, version: UInt64), HostFailure>) -> Void) {
        guard !isStopping else { return completion(.failure(HostFailure(.unavailable, "the daemon is shutting down"))) }
        let vmIndex: Int, inputIndex: Int, accepted: SurfaceValue
        do throws(HostFailure) {
            vmIndex = try viewModelIndex(viewModel)
            let surface = surfaces[vmIndex]
            let input: SurfaceInput
            do { input = try surface.input(named: inputName) } catch { throw HostFailure(error) }
            inputIndex = surface.inputs.firstIndex(where: { $0.name == inputName })!
            do { accepted = try input.validate(value, viewModel: viewModel) } catch { throw HostFailure(error) }
        } catch {
            return completion(.failure(error))
        }
        onScheduler { [self] in
            let failure = apply(accepted, viewModel: vmIndex, input: inputIndex) { result in
                switch result {
                case let .success(version): completion(.success((accepted, version)))
                case let .failure(fault):
                    completion(.failure(HostFailure(.storage, "\(viewModel).\(inputName) was not saved: \(fault)")))
                }
            }
            if let failure { completion(.failure(failure)) }
        }
    }

    /// Applies `value` to an input on the scheduler; `reply` gets the version that shows it
    /// once that is durable, or the fault that kept it from the disk. Returns the failure if
    /// the view model refused it.
    private func apply(_ value: SurfaceValue, viewModel: Int, input: Int,
                       reply: @escaping @Sendable (Result<UInt64, StorageFault>) -> Void) -> HostFailure? {
        let surface = surfaces[viewModel]
        state.clientSetting = (viewModel, input)
        defer { state.clientSetting = nil }
        // The set is the cause of the changes it triggers synchronously: its event goes
        // before theirs, so watchers read cause, then effects.
        let causePosition = state.pendingEvents.count
        do {
            try surface.inputs[input].set(value, viewModel: surface.name)
        } catch {
            return HostFailure(error)
        }
        // The input's producer reported the change synchronously; make sure the state shows
        // the value even if the view model delivers changes elsewhere.
        state.values[viewModel].inputs[input] = surface.inputs[input].value
        state.changedInputs.insert(GroupCommit.Key(viewModel: viewModel, input: input))
        state.memberChanged(HostState.ChangeKey(viewModel: viewModel, part: .input, index: input))
        metrics.recordInputSet()
        record(HostEvent(viewModel: surface.name, name: surface.inputs[input].name, at: ISO8601Timestamp.now(), kind: .set(value: value)),
               at: causePosition)
        state.pendingReplies.append(reply)
        markDirty()
        return nil
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

    /// Publishes one new version: re-encodes the members that changed (only those), the
    /// batch's change-feed entries and events, and wakes everyone.
    func flush() {
        state.flushScheduled = false
        state.version += 1
        let version = state.version
        if version >= state.versionCeiling { extendVersionReservation() }
        let restart = state.encoder == nil
        var entries: [[UInt8]] = []
        if restart {
            state.encoder = StateEncoder(surfaces: surfaces, values: state.values)
            // The reported lists' first edits: their rows as observation found them.
            for (key, changes) in state.pendingRowChanges { _ = state.encoder!.update(key, rowChanges: changes) }
            state.encoder!.rebuild(viewModels: Set(state.pendingRowChanges.keys.map(\.viewModel)).sorted())
        } else {
            var touched: Set<Int> = []
            for key in state.changedMembers {
                let values = state.values[key.viewModel]
                let change: StateEncoder.Change?
                switch key.part {
                case .input: change = state.encoder!.update(key, value: values.inputs[key.index])
                case .output:
                    if let rowChanges = state.pendingRowChanges[key] {
                        change = state.encoder!.update(key, rowChanges: rowChanges)
                    } else {
                        change = state.encoder!.update(key, value: values.outputs[key.index])
                    }
                case .command: change = state.encoder!.update(key, command: values.commands[key.index])
                }
                guard let change else { continue }
                touched.insert(key.viewModel)
                entries.append(state.encoder!.entry(key, change))
            }
            state.encoder!.rebuild(viewModels: touched.sorted())
        }
        state.pendingRowChanges.removeAll(keepingCapacity: true)
        state.clearChangedMembers()

        // A change event (a whole list, for a list output) is encoded only when a watch stream
        // is open to receive it: with none, a change costs only its re-encoded members. A watch
        // that starts while this flush runs sees events from the next version on.
        let watching = publisher.watcherCount > 0
        if watching { fillInReportedListEvents() }
        let events = state.pendingEvents.compactMap { event -> StatePublisher.Event? in
            guard watching || event.isLogged else { return nil }
            return StatePublisher.Event(viewModel: event.viewModel, logged: event.isLogged, json: event.json(version: version))
        }
        state.pendingEvents.removeAll(keepingCapacity: true)
        state.pendingChangeIndex.removeAll(keepingCapacity: true)
        let replies = state.pendingReplies
        state.pendingReplies.removeAll(keepingCapacity: true)

        publisher.publish(version: version, viewModelPieces: state.encoder!.viewModelPieces, changes: entries,
                          restart: restart, events: events)
        if let commit {
            for key in state.changedInputs {
                let value = state.values[key.viewModel].inputs[key.input]
                let persisted = PersistedInput(
                    viewModel: surfaces[key.viewModel].name, input: surfaces[key.viewModel].inputs[key.input].name,
                    json: String(decoding: JSONWriter.encode(value), as: UTF8.self), changed: version)
                commit.record(key, value: value, persisted: persisted)
            }
            state.changedInputs.removeAll(keepingCapacity: true)
            for reply in replies {
                commit.whenDurable { fault in reply(fault.map { .failure($0) } ?? .success(version)) }
            }
            commit.startIfIdle()
        } else {
            state.changedInputs.removeAll(keepingCapacity: true)
            for reply in replies { reply(.success(version)) }
        }
    }

    /// Reserves the next block of versions in the store (once per ``versionBlock`` versions).
    private func extendVersionReservation() {
        guard let store else { return }
        do throws(StoreError) {
            try store.reserveVersions(upTo: state.version + Self.versionBlock)
            state.versionCeiling = state.version + Self.versionBlock
        } catch {
            // Tried again 1,000 versions on; until then a crash could reuse these versions.
            state.versionCeiling = state.version + 1_000
            logger?.warning("could not reserve more state versions: \(StorageFault(error))")
        }
    }

    // MARK: - Storage failures

    /// A commit failed and its changes were dropped: put every input back to the value the
    /// database holds, and log the first failure of a burst.
    private func commitFailed(_ fault: StorageFault) {
        state.failedCommits += 1
        if state.failedCommits == 1 {
            logger?.error("cannot save the inputs' state: \(fault); sets fail with 'storage' and inputs return to their saved values until a commit succeeds (not logged again until then)")
        }
        guard let commit else { return }
        var targets: [InputSettler.Target] = []
        for (vm, surface) in surfaces.enumerated() {
            for (index, input) in surface.inputs.enumerated() {
                if let durable = commit.durable[GroupCommit.Key(viewModel: vm, input: index)], input.value != durable {
                    targets.append(InputSettler.Target(viewModel: surface.name, input: input, value: durable))
                }
            }
        }
        for left in InputSettler.settle(targets) {
            logger?.error("\(left.viewModel).\(left.input.name) could not be put back to its saved value \(left.value)")
        }
    }

    private func commitSucceeded() {
        guard state.failedCommits > 0 else { return }
        logger?.notice("the state database accepts commits again, after \(state.failedCommits) failed")
        state.failedCommits = 0
    }

    // MARK: - Restoring

    private func restore(_ inputs: [PersistedInput]) -> [String] {
        var warnings: [String] = []
        var targets: [InputSettler.Target] = []
        for persisted in inputs {
            guard let surface = surfaces.first(where: { $0.name == persisted.viewModel }) else {
                warnings.append("persisted input \(persisted.viewModel).\(persisted.input) skipped: no such view model")
                continue
            }
            guard let input = surface.inputs.first(where: { $0.name == persisted.input }) else {
                warnings.append("persisted input \(persisted.viewModel).\(persisted.input) skipped: no such input")
                continue
            }
            do {
                let value = try input.validate(SurfaceValue(json: try JSONParser.parse(persisted.json)), viewModel: surface.name)
                targets.append(InputSettler.Target(viewModel: surface.name, input: input, value: value))
            } catch {
                warnings.append("persisted input \(persisted.viewModel).\(persisted.input) skipped: \(error)")
            }
        }
        for left in InputSettler.settle(targets) {
            warnings.append("persisted input \(left.viewModel).\(left.input.name) reads \(left.input.value), not its stored \(left.value)")
        }
        return warnings
    }
}
