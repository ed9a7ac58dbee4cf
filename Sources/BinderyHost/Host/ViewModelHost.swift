import Bindery
import BinderyJSON
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
/// - A `set` completes only after the value is committed to the ``InputStore`` (if any) and
///   applied; its completion carries the version that shows it. A refused set or run
///   changes nothing.
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
    private let persistence = DispatchQueue(label: "bindery.host.persistence")
    private let timers = DispatchQueue(label: "bindery.host.timers")
    private let queueKey: QueueIdentity
    private let state = HostState()
    private let stopping = Synchronization.Atomic<Bool>(false)
    private let published: Mutex<Published>

    private struct Published {
        var snapshot: StateSnapshot
        var log: EventLog
        var waiters: [UInt64: @Sendable (StateSnapshot) -> Void] = [:]
        var watchers: [UInt64: Watcher] = [:]
        var nextID: UInt64 = 1
    }

    private struct Watcher {
        let viewModel: String?
        let deliver: @Sendable ([UInt8]) -> Void
    }

    /// Hosts `viewModels` (whose names must be unique) on `scheduler`, persisting client sets
    /// in `store` (nil: nothing is persisted). Nothing is observed until ``start()``.
    public init(
        viewModels: [any ViewModel],
        scheduler: QueueScheduler,
        store: InputStore?,
        commandTimeout: Double = 30,
        eventLogCapacity: Int = 1_000
    ) {
        let surfaces = viewModels.map(\.surface)
        precondition(Set(surfaces.map(\.name)).count == surfaces.count, "view model names must be unique")
        self.viewModels = viewModels
        self.surfaces = surfaces
        self.scheduler = scheduler
        self.store = store
        self.commandTimeout = commandTimeout
        self.metrics = Metrics(commands: surfaces.flatMap { surface in surface.commands.map { (surface.name, $0.name) } })
        self.surfaceJSON = SurfaceDocument.all(surfaces)
        self.queueKey = QueueIdentity(queue: scheduler.queue)
        self.published = Mutex(Published(
            snapshot: StateSnapshot(version: 0, json: Array(#"{"version":0,"viewModels":{}}"#.utf8)),
            log: EventLog(capacity: eventLogCapacity)))
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
        if let store {
            do {
                let loaded = try store.loadAll()
                warnings += loaded.unreadable.map { "state database row \($0.rowID) unreadable: \($0.reason)" }
                persisted = loaded.inputs
            } catch {
                warnings.append("could not read persisted inputs: \(error)")
            }
        }
        scheduler.queue.sync {
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
            flush()
        }
        return warnings
    }

    /// Refuses new sets and runs, interrupts every running command (their waiting clients get
    /// `interrupted`), waits for pending saves, and stops observing. Idempotent.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        persistence.sync {}
        scheduler.queue.sync {
            for id in state.runs.keys.sorted() {
                finish(id, .failure(HostFailure(.interrupted, "\(name(of: id)) was interrupted: the daemon is stopping")))
            }
            if state.flushScheduled { flush() }
            for observation in state.observations { observation.dispose() }
            state.observations.removeAll()
        }
    }

    /// Whether ``stop()`` was called.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    // MARK: - Reading

    /// The current state and its version; no JSON work.
    public var snapshot: StateSnapshot { published.withLock { $0.snapshot } }

    /// The current version.
    public var version: UInt64 { snapshot.version }

    /// Calls `respond` once with the first snapshot whose version is greater than `version`,
    /// or with the current one when `timeout` seconds pass first.
    public func awaitSnapshot(after version: UInt64, timeout: Double, respond: @escaping @Sendable (StateSnapshot) -> Void) {
        let registered: (UInt64, StateSnapshot?) = published.withLock { published in
            if published.snapshot.version > version { return (0, published.snapshot) }
            let id = published.nextID
            published.nextID += 1
            published.waiters[id] = respond
            return (id, nil)
        }
        if let ready = registered.1 {
            respond(ready)
            return
        }
        let id = registered.0
        timers.asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, timeout) * 1e9))) { [weak self] in
            guard let self else { return }
            let expired: (@Sendable (StateSnapshot) -> Void)?, current: StateSnapshot
            (expired, current) = published.withLock { ($0.waiters.removeValue(forKey: id), $0.snapshot) }
            expired?(current)
        }
    }

    /// Long-polls waiting now.
    public var waitingPolls: Int { published.withLock { $0.waiters.count } }

    /// The newest `count` logged events, oldest first.
    public func recentEvents(_ count: Int) -> [EventLog.Entry] {
        published.withLock { $0.log.last(count) }
    }

    /// The current version and the logged events after `version`, oldest first.
    public func events(after version: UInt64) -> (version: UInt64, events: [EventLog.Entry]) {
        published.withLock { ($0.snapshot.version, $0.log.after(version: version)) }
    }

    /// The index of the view model called `name`, or `unknown_view_model` with a suggestion.
    public func viewModelIndex(_ name: String) throws(HostFailure) -> Int {
        guard let index = surfaces.firstIndex(where: { $0.name == name }) else {
            throw HostFailure(.unknownViewModel, "unknown view model '\(name)'" + Suggestion.didYouMean(name, among: surfaces.map(\.name)))
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
                var writer = JSONWriter(capacity: 512)
                writeState(of: index, to: &writer)
                return completion(.success(Reading(kind: nil, json: writer.bytes)))
            }
            if let input = surface.inputs.firstIndex(where: { $0.name == name }) {
                return completion(.success(Reading(kind: "input", json: JSONWriter.encode(values.inputs[input]))))
            }
            if let output = surface.outputs.firstIndex(where: { $0.name == name }) {
                return completion(.success(Reading(kind: "output", json: JSONWriter.encode(values.outputs[output]))))
            }
            if let command = surface.commands.firstIndex(where: { $0.name == name }) {
                return completion(.success(Reading(kind: "command", json: values.commands[command].json)))
            }
            let all = surface.inputs.map(\.name) + surface.outputs.map(\.name) + surface.commands.map(\.name)
            completion(.failure(HostFailure(.unknownInput, "\(viewModel) has no input, output or command '\(name)'" + Suggestion.didYouMean(name, among: all))))
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
        let json = String(decoding: JSONWriter.encode(accepted), as: UTF8.self)
        let reply = SetReply(value: accepted, needsCommit: store != nil, completion: completion)
        onScheduler { [self] in
            let previous = surfaces[vmIndex].inputs[inputIndex].value
            if let failure = apply(accepted, viewModel: vmIndex, input: inputIndex, whenVisible: reply.visible) {
                return reply.failed(failure)
            }
            guard let store else { return }
            // Enqueued from the scheduler's turn, so commits happen in the order sets applied.
            persistence.async { [self] in
                do {
                    try store.save(viewModel: viewModel, input: inputName, json: json)
                    reply.committed()
                } catch {
                    onScheduler { [self] in _ = apply(previous, viewModel: vmIndex, input: inputIndex, whenVisible: { _ in }) }
                    reply.failed(HostFailure(.internal, "could not persist \(viewModel).\(inputName): \(error)"))
                }
            }
        }
    }

    /// Applies `value` to an input on the scheduler; `whenVisible` gets the version that shows
    /// it. Returns the failure if the view model refused it.
    private func apply(_ value: SurfaceValue, viewModel: Int, input: Int,
                       whenVisible: @escaping @Sendable (UInt64) -> Void) -> HostFailure? {
        let surface = surfaces[viewModel]
        state.clientSetting = (viewModel, input)
        defer { state.clientSetting = nil }
        do {
            try surface.inputs[input].set(value, viewModel: surface.name)
        } catch {
            return HostFailure(error)
        }
        // The input's producer reported the change synchronously; make sure the state shows
        // the value even if the view model delivers changes elsewhere.
        state.values[viewModel].inputs[input] = surface.inputs[input].value
        metrics.recordInputSet()
        record(HostEvent(viewModel: surface.name, name: surface.inputs[input].name, at: ISO8601Timestamp.now(), kind: .set(value: value)))
        state.pendingReplies.append(whenVisible)
        markDirty()
        return nil
    }

    // MARK: - Running

    /// Runs `viewModel`.`command` with `argument`. With `wait`, completes when the run ends
    /// (finished, failed, timed out or interrupted); without, completes with `.started` as
    /// soon as it has started. A disabled command or a bad argument fails at once.
    public func run(viewModel: String, command commandName: String, argument: SurfaceValue?, wait: Bool,
                    completion: @escaping @Sendable (RunOutcome) -> Void) {
        guard !isStopping else { return completion(.failed(HostFailure(.unavailable, "the daemon is shutting down"))) }
        let vmIndex: Int, commandIndex: Int, validated: SurfaceValue?
        do throws(HostFailure) {
            vmIndex = try viewModelIndex(viewModel)
            let surface = surfaces[vmIndex]
            let command: SurfaceCommand
            do { command = try surface.command(named: commandName) } catch { throw HostFailure(error) }
            commandIndex = surface.commands.firstIndex(where: { $0.name == commandName })!
            do { validated = try command.validate(argument: argument, viewModel: viewModel) } catch { throw HostFailure(error) }
        } catch {
            return completion(.failed(error))
        }
        onScheduler { [self] in
            start(viewModel: vmIndex, command: commandIndex, argument: validated, wait: wait, completion: completion)
        }
    }

    private func start(viewModel: Int, command: Int, argument: SurfaceValue?, wait: Bool,
                       completion: @escaping @Sendable (RunOutcome) -> Void) {
        let surface = surfaces[viewModel]
        let surfaceCommand = surface.commands[command]
        guard !isStopping else { return completion(.failed(HostFailure(.unavailable, "the daemon is shutting down"))) }
        guard surfaceCommand.isEnabled.value, !surfaceCommand.isExecuting.value else {
            let reason = surfaceCommand.isExecuting.value ? "is already executing" : "is not enabled now"
            return completion(.failed(HostFailure(.disabled, "\(surface.name).\(surfaceCommand.name) \(reason)")))
        }
        let id = state.nextRunID
        state.nextRunID += 1
        state.runs[id] = HostState.Run(
            viewModel: viewModel, command: command,
            startedUptimeNanoseconds: DispatchTime.now().uptimeNanoseconds,
            wait: wait, completion: completion)
        record(HostEvent(viewModel: surface.name, name: surfaceCommand.name, at: ISO8601Timestamp.now(), kind: .start(argument: argument)))
        if !wait {
            state.pendingReplies.append { _ in completion(.started) }
        }
        markDirty()
        let work = state.runs[id]!.work
        let qualifiedName = surface.name + "." + surfaceCommand.name
        work.inner = surfaceCommand.run(argument).start { [weak self] event in
            guard let self else { return }
            let runEvent = RunEvent(event, command: qualifiedName)
            onScheduler { self.runEvent(id, runEvent) }
        }
        if state.runs[id] != nil {
            let timeout = commandTimeout
            state.runs[id]!.timeout = scheduler.schedule(after: timeout) { [weak self] in
                guard let self else { return }
                let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
                finish(id, .failure(HostFailure(.timedOut, "\(name(of: id)) timed out after \(seconds) s")))
            }
        }
    }

    private func runEvent(_ id: UInt64, _ event: RunEvent) {
        guard state.runs[id] != nil else { return }
        switch event {
        case let .value(value):
            state.runs[id]!.lastValue = value
        case .completed:
            finish(id, .success(state.runs[id]!.lastValue ?? .null))
        case let .failed(failure):
            finish(id, .failure(failure))
        }
    }

    private func name(of run: UInt64) -> String {
        guard let run = state.runs[run] else { return "command" }
        return surfaces[run.viewModel].name + "." + surfaces[run.viewModel].commands[run.command].name
    }

    private func finish(_ id: UInt64, _ result: Result<SurfaceValue, HostFailure>) {
        guard let run = state.runs.removeValue(forKey: id) else { return }
        run.timeout?.dispose()
        run.work.dispose()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - run.startedUptimeNanoseconds) / 1e9
        let surface = surfaces[run.viewModel]
        let commandName = surface.commands[run.command].name
        let now = ISO8601Timestamp.now()
        let outcome: RunOutcome
        var commandState = state.values[run.viewModel].commands[run.command]
        switch result {
        case let .success(value):
            commandState.runs += 1
            commandState.lastValue = value
            commandState.lastError = nil
            outcome = .finished(value: value, durationMs: seconds * 1000)
            record(HostEvent(viewModel: surface.name, name: commandName, at: now, kind: .finish(durationMs: seconds * 1000, value: value)))
        case let .failure(failure):
            if failure.code != .disabled {
                commandState.runs += 1
                commandState.lastError = CommandState.LastError(message: failure.message, at: now)
            }
            outcome = .failed(failure)
            record(HostEvent(viewModel: surface.name, name: commandName, at: now, kind: .fail(durationMs: seconds * 1000, failure: failure)))
        }
        if failureIsRefusal(result) == false {
            metrics.recordRun(viewModel: surface.name, command: commandName, seconds: seconds, failed: !result.isSuccess)
        }
        updateCommand(run.viewModel, run.command, commandState)
        if run.wait {
            state.pendingReplies.append { _ in run.completion(outcome) }
        }
        markDirty()
    }

    private func failureIsRefusal(_ result: Result<SurfaceValue, HostFailure>) -> Bool {
        if case let .failure(failure) = result { return failure.code == .disabled }
        return false
    }

    // MARK: - Watching

    /// Delivers every event and change (of `viewModel` only, when given) to `deliver` as its
    /// JSON object, in version order, until ``unwatch(_:)``. `deliver` runs on the
    /// scheduler: it must not block.
    public func watch(viewModel: String?, deliver: @escaping @Sendable ([UInt8]) -> Void) -> UInt64 {
        published.withLock { published in
            let id = published.nextID
            published.nextID += 1
            published.watchers[id] = Watcher(viewModel: viewModel, deliver: deliver)
            return id
        }
    }

    /// Stops a watch started by ``watch(viewModel:deliver:)``.
    public func unwatch(_ id: UInt64) {
        _ = published.withLock { $0.watchers.removeValue(forKey: id) }
    }

    /// Watch streams open now.
    public var watcherCount: Int { published.withLock { $0.watchers.count } }

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

    private func observeAll() {
        state.values = surfaces.map { surface in
            HostState.Values(
                inputs: surface.inputs.map(\.value),
                outputs: surface.outputs.map(\.value),
                commands: surface.commands.map { CommandState(enabled: $0.isEnabled.value && !$0.isExecuting.value, executing: $0.isExecuting.value) })
        }
        for (vm, surface) in surfaces.enumerated() {
            for (index, input) in surface.inputs.enumerated() {
                state.observations.append(input.producer.startWithValues { [weak self] value in
                    guard let self else { return }
                    onScheduler { self.inputChanged(vm, index, value) }
                })
            }
            for (index, output) in surface.outputs.enumerated() {
                state.observations.append(output.producer.startWithValues { [weak self] value in
                    guard let self else { return }
                    onScheduler { self.outputChanged(vm, index, value) }
                })
            }
            for (index, command) in surface.commands.enumerated() {
                // Both flags are re-read from the command on either change, and `enabled` is
                // also false while executing: Action.isEnabled can stop updating (a derived
                // property chain in the core loses its intermediate; reported to the lead).
                state.observations.append(command.isEnabled.producer.startWithValues { [weak self] _ in
                    guard let self else { return }
                    onScheduler { self.commandFlagsChanged(vm, index) }
                })
                state.observations.append(command.isExecuting.producer.startWithValues { [weak self] _ in
                    guard let self else { return }
                    onScheduler { self.commandFlagsChanged(vm, index) }
                })
            }
        }
    }

    private func inputChanged(_ vm: Int, _ index: Int, _ value: SurfaceValue) {
        guard state.values.indices.contains(vm), state.values[vm].inputs[index] != value else { return }
        state.values[vm].inputs[index] = value
        if let setting = state.clientSetting, setting == (vm, index) {
            markDirty()
            return
        }
        let surface = surfaces[vm]
        record(HostEvent(viewModel: surface.name, name: surface.inputs[index].name, at: ISO8601Timestamp.now(),
                         kind: .change(part: .input, value: .value(value))),
               coalescing: HostState.ChangeKey(viewModel: vm, part: .input, index: index))
        markDirty()
    }

    private func outputChanged(_ vm: Int, _ index: Int, _ value: SurfaceValue) {
        guard state.values.indices.contains(vm), state.values[vm].outputs[index] != value else { return }
        state.values[vm].outputs[index] = value
        let surface = surfaces[vm]
        record(HostEvent(viewModel: surface.name, name: surface.outputs[index].name, at: ISO8601Timestamp.now(),
                         kind: .change(part: .output, value: .value(value))),
               coalescing: HostState.ChangeKey(viewModel: vm, part: .output, index: index))
        markDirty()
    }

    private func commandFlagsChanged(_ vm: Int, _ index: Int) {
        guard state.values.indices.contains(vm) else { return }
        var command = state.values[vm].commands[index]
        let surfaceCommand = surfaces[vm].commands[index]
        command.executing = surfaceCommand.isExecuting.value
        command.enabled = surfaceCommand.isEnabled.value && !command.executing
        guard command != state.values[vm].commands[index] else { return }
        updateCommand(vm, index, command)
        markDirty()
    }

    private func updateCommand(_ vm: Int, _ index: Int, _ command: CommandState) {
        state.values[vm].commands[index] = command
        let surface = surfaces[vm]
        record(HostEvent(viewModel: surface.name, name: surface.commands[index].name, at: ISO8601Timestamp.now(),
                         kind: .change(part: .command, value: .command(command))),
               coalescing: HostState.ChangeKey(viewModel: vm, part: .command, index: index))
    }

    private func record(_ event: HostEvent, coalescing key: HostState.ChangeKey? = nil) {
        if let key {
            if let position = state.pendingChangeIndex[key] {
                state.pendingEvents[position] = event
                return
            }
            state.pendingChangeIndex[key] = state.pendingEvents.count
        }
        state.pendingEvents.append(event)
    }

    private func markDirty() {
        guard !state.flushScheduled else { return }
        state.flushScheduled = true
        scheduler.queue.async { [weak self] in
            guard let self, state.flushScheduled else { return }
            flush()
        }
    }

    /// Publishes one new version: its state JSON, the batch's events, and wakes everyone.
    private func flush() {
        state.flushScheduled = false
        state.version += 1
        let version = state.version
        var writer = JSONWriter(capacity: max(1_024, snapshot.json.count + 256))
        writer.beginObject()
        writer.key("version"); writer.int(version)
        writer.key("viewModels")
        writer.beginObject()
        for index in surfaces.indices {
            writer.key(surfaces[index].name)
            writeState(of: index, to: &writer)
        }
        writer.endObject()
        writer.endObject()
        let snapshot = StateSnapshot(version: version, json: writer.bytes)

        let events = state.pendingEvents.map { (viewModel: $0.viewModel, logged: $0.isLogged, json: $0.json(version: version)) }
        state.pendingEvents.removeAll(keepingCapacity: true)
        state.pendingChangeIndex.removeAll(keepingCapacity: true)
        let replies = state.pendingReplies
        state.pendingReplies.removeAll(keepingCapacity: true)

        let (waiters, watchers) = published.withLock { published in
            published.snapshot = snapshot
            for event in events where event.logged {
                published.log.append(EventLog.Entry(version: version, json: event.json))
            }
            let waiters = Array(published.waiters.values)
            published.waiters.removeAll(keepingCapacity: true)
            return (waiters, Array(published.watchers.values))
        }
        for waiter in waiters { waiter(snapshot) }
        for watcher in watchers {
            for event in events where watcher.viewModel == nil || watcher.viewModel == event.viewModel {
                watcher.deliver(event.json)
            }
        }
        for reply in replies { reply(version) }
    }

    /// Writes `{"inputs": {…}, "outputs": {…}, "commands": {…}}` for one view model.
    private func writeState(of index: Int, to writer: inout JSONWriter) {
        let surface = surfaces[index]
        let values = state.values[index]
        writer.beginObject()
        writer.key("inputs")
        writer.beginObject()
        for (position, input) in surface.inputs.enumerated() {
            writer.key(input.name); writer.value(values.inputs[position])
        }
        writer.endObject()
        writer.key("outputs")
        writer.beginObject()
        for (position, output) in surface.outputs.enumerated() {
            writer.key(output.name); writer.value(values.outputs[position])
        }
        writer.endObject()
        writer.key("commands")
        writer.beginObject()
        for (position, command) in surface.commands.enumerated() {
            writer.key(command.name); values.commands[position].write(to: &writer)
        }
        writer.endObject()
        writer.endObject()
    }

    // MARK: - Restoring

    private func restore(_ inputs: [PersistedInput]) -> [String] {
        var warnings: [String] = []
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
                let value = try JSONParser.parse(persisted.json)
                try input.set(SurfaceValue(json: value), viewModel: surface.name)
            } catch {
                warnings.append("persisted input \(persisted.viewModel).\(persisted.input) skipped: \(error)")
            }
        }
        return warnings
    }
}

private extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
