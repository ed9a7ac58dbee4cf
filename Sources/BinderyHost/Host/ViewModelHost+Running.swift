import BinderyProtocol
import Bindery
import BinderyEventLog
import BinderySurfaceEncoding
import Dispatch

/// Command runs through the host: starting, timing out, finishing and interrupting them, and
/// the command state they leave (see ``ViewModelHost`` for the guarantees).
extension ViewModelHost {
    // MARK: - Running

    /// Runs `viewModel`.`command` with `argument`. With `wait`, completes when the run ends
    /// (finished, failed, timed out or interrupted); without, completes with `.started` as
    /// soon as it has started. A disabled command or a bad argument fails at once. Its events
    /// say `origin` started it (nil: `host`).
    public func run(viewModel: String, command commandName: String, argument: SurfaceValue?, wait: Bool, origin: EventOrigin? = nil,
                    completion: @escaping @Sendable (RunOutcome) -> Void) {
        if let reason = unavailableReason { return completion(.failed(HostFailure(.unavailable, reason))) }
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
            start(viewModel: vmIndex, command: commandIndex, argument: validated, wait: wait,
                  startedBy: origin.map(RunStarter.init(client:)) ?? .client, completion: completion)
        }
    }

    func start(viewModel: Int, command: Int, argument: SurfaceValue?, wait: Bool, startedBy: RunStarter = .client,
                       completion: @escaping @Sendable (RunOutcome) -> Void) {
        let surface = surfaces[viewModel]
        let surfaceCommand = surface.commands[command]
        guard !isStopping else { return completion(.failed(HostFailure(.unavailable, "the daemon is shutting down"))) }
        guard surfaceCommand.isEnabled.value, !surfaceCommand.isExecuting.value else {
            let started = state.runs.values.first { $0.viewModel == viewModel && $0.command == command }?.startedUptimeNanoseconds
            let seconds = started.map { Double(DispatchTime.now().uptimeNanoseconds - $0) / 1e9 }
            let values = state.values[viewModel]
            return completion(.failed(HostFailure(.disabled, DisabledReason.message(
                surface: surface, command: command, executingSeconds: seconds, inputs: values.inputs, outputs: outputValues(viewModel)))))
        }
        let id = state.nextRunID
        state.nextRunID += 1
        state.runs[id] = HostState.Run(
            viewModel: viewModel, command: command,
            startedUptimeNanoseconds: DispatchTime.now().uptimeNanoseconds,
            wait: wait, completion: completion)
        state.runs[id]!.startedBy = startedBy
        record(HostEvent(viewModel: surface.name, name: surfaceCommand.name, at: ISO8601Timestamp.now(),
                         kind: .start(argument: argument), startedBy: startedBy))
        if !wait {
            state.turn.replies.append { _ in completion(.started) }
        }
        markDirty()
        let work = state.runs[id]!.work
        let qualifiedName = surface.name + "." + surfaceCommand.name
        // The execution this start makes is this run, not one the view model started itself.
        state.hostStarting = HostState.ChangeKey(viewModel: viewModel, part: .command, index: command)
        work.inner = surfaceCommand.run(argument).start { [weak self] event in
            guard let self else { return }
            let runEvent = RunEvent(event, command: qualifiedName)
            onScheduler { self.runEvent(id, runEvent) }
        }
        state.hostStarting = nil
        if state.runs[id] != nil {
            let timeout = commandTimeout
            state.runs[id]!.timeout = scheduler.schedule(after: timeout) { [weak self] in
                guard let self else { return }
                let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
                finish(id, .failure(HostFailure(.timedOut, "\(name(of: id)) timed out after \(seconds) s")))
            }
        }
    }

    func runEvent(_ id: UInt64, _ event: RunEvent) {
        guard state.runs[id] != nil else { return }
        switch event {
        case let .value(value):
            state.runs[id]!.lastValue = value
        case .completed:
            // A run that completes without a value was cut short by the view model (e.g.
            // products.cancel's `take(until:)`): it is reported as interrupted, not as a
            // success with null.
            guard let value = state.runs[id]!.lastValue else {
                return finish(id, .failure(HostFailure(.cancelled, "\(name(of: id)) was cancelled before it produced a value")))
            }
            finish(id, .success(value))
        case let .failed(failure):
            finish(id, .failure(failure))
        }
    }

    func name(of run: UInt64) -> String {
        guard let run = state.runs[run] else { return "command" }
        return surfaces[run.viewModel].name + "." + surfaces[run.viewModel].commands[run.command].name
    }

    /// Ends run `id` with `result`; `endedBy` is who ended it, when not the run itself (a
    /// client's interrupt).
    func finish(_ id: UInt64, _ result: Result<SurfaceValue, HostFailure>, endedBy: EventOrigin? = nil) {
        guard let run = state.runs.removeValue(forKey: id) else { return }
        run.timeout?.dispose()
        run.work.dispose()
        let outcome = recordEnd(viewModel: run.viewModel, command: run.command, startedUptimeNanoseconds: run.startedUptimeNanoseconds,
                                startedBy: run.startedBy, endedBy: endedBy, result)
        if run.wait {
            let surface = surfaces[run.viewModel]
            let qualifiedName = surface.name + "." + surface.commands[run.command].name
            let completion = run.completion
            state.turn.replies.append { result in
                if case let .failure(fault) = result {
                    completion(.failed(HostFailure(.storage, "\(qualifiedName) ended, but the inputs it changed were not saved: \(fault)")))
                } else {
                    completion(outcome)
                }
            }
        }
        markDirty()
    }

    /// The one bookkeeping of a run's end, whoever started it: its `finish` or `fail` event,
    /// the command's runs, last value and last error, the metrics. Returns the outcome.
    func recordEnd(viewModel: Int, command: Int, startedUptimeNanoseconds: UInt64, startedBy: RunStarter, endedBy: EventOrigin? = nil,
                   _ result: Result<SurfaceValue, HostFailure>) -> RunOutcome {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - startedUptimeNanoseconds) / 1e9
        let surface = surfaces[viewModel]
        let commandName = surface.commands[command].name
        let now = ISO8601Timestamp.now()
        let outcome: RunOutcome
        var commandState = state.values[viewModel].commands[command]
        switch result {
        case let .success(value):
            commandState.runs += 1
            commandState.lastValue = value
            commandState.lastError = nil
            outcome = .finished(value: value, durationMs: seconds * 1000)
            record(HostEvent(viewModel: surface.name, name: commandName, at: now,
                             kind: .finish(durationMs: seconds * 1000, value: value), startedBy: startedBy))
        case let .failure(failure):
            if failure.code != .disabled {
                commandState.runs += 1
                commandState.lastError = CommandState.LastError(message: failure.message, at: now, code: failure.code)
            }
            outcome = .failed(failure)
            record(HostEvent(viewModel: surface.name, name: commandName, at: now,
                             kind: .fail(durationMs: seconds * 1000, failure: failure), startedBy: startedBy, origin: endedBy))
        }
        if failureIsRefusal(result) == false {
            metrics.recordRun(viewModel: surface.name, command: commandName, seconds: seconds, failed: !result.isSuccess)
        }
        updateCommand(viewModel, command, commandState)
        return outcome
    }

    func failureIsRefusal(_ result: Result<SurfaceValue, HostFailure>) -> Bool {
        if case let .failure(failure) = result { return failure.code == .disabled }
        return false
    }

    /// Interrupts the runs of `viewModel`.`command` started through the host and still
    /// running: each ends as `interrupted` ("… was interrupted by a client"), its waiting
    /// client gets that error, and the view model's work is disposed. Completes with how many
    /// runs were interrupted (0 when none was running: it may just have ended). Their `fail`
    /// events say `origin` ended them (nil: what started each).
    public func interrupt(viewModel: String, command commandName: String, origin: EventOrigin? = nil,
                          completion: @escaping @Sendable (Result<Int, HostFailure>) -> Void) {
        let vmIndex: Int, commandIndex: Int
        do throws(HostFailure) {
            vmIndex = try viewModelIndex(viewModel)
            do { _ = try surfaces[vmIndex].command(named: commandName) } catch { throw HostFailure(error) }
            commandIndex = surfaces[vmIndex].commands.firstIndex(where: { $0.name == commandName })!
        } catch {
            return completion(.failure(error))
        }
        onScheduler { [self] in
            let ids = state.runs.filter { $0.value.viewModel == vmIndex && $0.value.command == commandIndex }.keys.sorted()
            for id in ids {
                finish(id, .failure(HostFailure(.interrupted, "\(name(of: id)) was interrupted by a client")), endedBy: origin)
            }
            completion(.success(ids.count))
        }
    }
}

private extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
