import BinderyProtocol
import Bindery
import Dispatch

/// Runs the view models start themselves — a binding (`action <~ signal`), a timer, another
/// command, their own `apply` — shown as every run is: `executing`, `runs`, `lastValue` and
/// `lastError`, and `start`, `finish` and `fail` events saying what started them
/// (``RunStarter``), in `get`, `watch`, `log`, HTTP, the dashboard and the saved state.
/// Attempts while a command is disabled are counted in its `refused`.
extension ViewModelHost {
    /// Follows every command's executions and refusals (called by ``observeAll()``).
    func observeExecutions(_ vm: Int, _ index: Int, _ command: SurfaceCommand) {
        // Read on the thread that started the execution: the cause in effect there is what
        // started it (a binding's, a set's, another command's; see `RunCause`).
        if let observation = command.isExecuting.signal.observeValues({ [weak self] executing in
            guard let self, executing else { return }
            let cause = RunCause.current
            onScheduler { self.executionStarted(vm, index, cause) }
        }) { state.observations.append(observation) }
        let qualifiedName = surfaces[vm].name + "." + command.name
        if let observation = command.executions.observeValues({ [weak self] event in
            guard let self else { return }
            let runEvent = RunEvent(execution: event, command: qualifiedName)
            onScheduler { self.selfRunEvent(vm, index, runEvent) }
        }) { state.observations.append(observation) }
        if let observation = command.refusals.observeValues({ [weak self] in
            guard let self else { return }
            onScheduler { self.refused(vm, index) }
        }) { state.observations.append(observation) }
    }

    /// The name of the command whose action has `identity`, as "vm.command".
    func commandName(of identity: ObjectIdentifier) -> String? {
        for surface in surfaces {
            if let command = surface.commands.first(where: { $0.runIdentity == identity }) {
                return surface.name + "." + command.name
            }
        }
        return nil
    }

    /// An execution began: unless the host is starting it (a client's run), it is a run the
    /// view model started, logged with what started it before the state it changes.
    func executionStarted(_ vm: Int, _ index: Int, _ cause: RunCause?) {
        let key = HostState.ChangeKey(viewModel: vm, part: .command, index: index)
        guard state.values.indices.contains(vm), state.hostStarting != key, state.selfRuns[key] == nil,
              !state.runs.values.contains(where: { $0.viewModel == vm && $0.command == index }) else { return }
        let starter = RunStarter(cause, commandName: commandName(of:))
        state.selfRuns[key] = HostState.SelfRun(startedUptimeNanoseconds: DispatchTime.now().uptimeNanoseconds, startedBy: starter)
        let surface = surfaces[vm]
        let event = HostEvent(viewModel: surface.name, name: surface.commands[index].name, at: ISO8601Timestamp.now(),
                              kind: .start(argument: nil), startedBy: starter)
        // The command's `executing` change may already be pending: the start goes before it.
        if let position = state.turn.changeIndex[key] { record(event, at: position) } else { record(event) }
        markDirty()
    }

    /// One event of an execution: it belongs to the view model's own run, if one is under way
    /// (a client's run hears of its events through its own observer).
    func selfRunEvent(_ vm: Int, _ index: Int, _ event: RunEvent) {
        let key = HostState.ChangeKey(viewModel: vm, part: .command, index: index)
        guard let run = state.selfRuns[key] else { return }
        switch event {
        case let .value(value):
            state.selfRuns[key]!.lastValue = value
        case .completed:
            // As for a client's run: completing without a value is being cut short.
            let name = surfaces[vm].name + "." + surfaces[vm].commands[index].name
            endSelfRun(key, run.lastValue.map { .success($0) }
                ?? .failure(HostFailure(.interrupted, "\(name) was cancelled before it produced a value")))
        case let .failed(failure):
            endSelfRun(key, .failure(failure))
        }
    }

    /// Ends the view model's own run of `key` with `result` (recorded as every run's end is).
    func endSelfRun(_ key: HostState.ChangeKey, _ result: Result<SurfaceValue, HostFailure>) {
        guard let run = state.selfRuns.removeValue(forKey: key) else { return }
        _ = recordEnd(viewModel: key.viewModel, command: key.index, startedUptimeNanoseconds: run.startedUptimeNanoseconds,
                      startedBy: run.startedBy, result)
        markDirty()
    }

    /// The view model applied a disabled command (a binding's value arrived while it could not
    /// run): counted in the command's `refused`, not a run. A client's refused `run` never
    /// reaches the action (the host checks first).
    func refused(_ vm: Int, _ index: Int) {
        guard state.values.indices.contains(vm) else { return }
        var command = state.values[vm].commands[index]
        command.refused += 1
        updateCommand(vm, index, command)
        markDirty()
    }

    /// At a clean stop, the view models' own runs still under way end as `interrupted`.
    func interruptSelfRuns() {
        for key in state.selfRuns.keys.sorted(by: { ($0.viewModel, $0.index) < ($1.viewModel, $1.index) }) {
            let name = surfaces[key.viewModel].name + "." + surfaces[key.viewModel].commands[key.index].name
            endSelfRun(key, .failure(HostFailure(.interrupted, "\(name) was interrupted: the daemon is stopping")))
        }
    }
}
