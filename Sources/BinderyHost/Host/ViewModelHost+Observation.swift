import Bindery
import BinderyPersistence
import BinderyProtocol
import Dispatch

/// Observing the hosted view models: every input, output and command flag change lands in
/// ``HostState`` on the scheduler, is recorded as an event, marks its member for re-encoding,
/// and schedules one flush per scheduler turn.
extension ViewModelHost {
    func observeAll() {
        state.values = surfaces.map { surface in
            HostState.Values(
                inputs: surface.inputs.map(\.value),
                // A list output reporting its edits starts empty here: its rows arrive as its
                // first edit (`.replaced`) and are kept, encoded, in `state.encoder` only.
                outputs: surface.outputs.map { $0.rowChanges == nil ? $0.value : .list([]) },
                commands: surface.commands.map { CommandState(enabled: $0.isEnabled.value, executing: $0.isExecuting.value) })
        }
        for (vm, surface) in surfaces.enumerated() {
            for (index, input) in surface.inputs.enumerated() {
                state.observations.append(input.producer.startWithValues { [weak self] value in
                    guard let self else { return }
                    onScheduler { self.inputChanged(vm, index, value) }
                })
            }
            for (index, output) in surface.outputs.enumerated() {
                if let rowChanges = output.rowChanges {
                    state.observations.append(rowChanges.startWithValues { [weak self] change in
                        guard let self else { return }
                        onScheduler { self.outputRowsChanged(vm, index, change) }
                    })
                    continue
                }
                state.observations.append(output.producer.startWithValues { [weak self] value in
                    guard let self else { return }
                    onScheduler { self.outputChanged(vm, index, value) }
                })
            }
            for (index, member) in storedMembers[vm].enumerated() {
                if let rowChanges = member.rowChanges {
                    state.observations.append(rowChanges.startWithValues { [weak self] change in
                        guard let self else { return }
                        let edit = change.map(EncodableSnapshot.init)
                        onScheduler { self.storedListEdited(vm, index, edit) }
                    })
                    continue
                }
                state.observations.append(member.changes.startWithValues { [weak self] in
                    guard let self else { return }
                    onScheduler { self.storeChanged(vm, index) }
                })
            }
            for (index, command) in surface.commands.enumerated() {
                // Both flags are re-read on either change, so whichever notification comes last
                // leaves both current. `enabled` is the action's own `isEnabled` (false while
                // executing): `SurfaceCommand` makes it before these observers exist, so it has
                // already followed `isExecuting` when the host hears of a change.
                state.observations.append(command.isEnabled.producer.startWithValues { [weak self] _ in
                    guard let self else { return }
                    onScheduler { self.commandFlagsChanged(vm, index) }
                })
                state.observations.append(command.isExecuting.producer.startWithValues { [weak self] _ in
                    guard let self else { return }
                    onScheduler { self.commandFlagsChanged(vm, index) }
                })
                observeExecutions(vm, index, command)
            }
        }
    }

    func inputChanged(_ vm: Int, _ index: Int, _ value: SurfaceValue) {
        guard state.values.indices.contains(vm), state.values[vm].inputs[index] != value else { return }
        state.values[vm].inputs[index] = value
        state.turn.inputs.insert(GroupCommit.Key(viewModel: vm, input: index))
        state.turn.memberChanged(HostState.ChangeKey(viewModel: vm, part: .input, index: index))
        let surface = surfaces[vm]
        record(HostEvent(viewModel: surface.name, name: surface.inputs[index].name, at: ISO8601Timestamp.now(),
                         kind: .change(part: .input, value: .value(surface.inputs[index].disclosed(value)))),
               coalescing: HostState.ChangeKey(viewModel: vm, part: .input, index: index))
        markDirty()
    }

    /// A stored member behind the outputs changed: saved with the version that shows it.
    func storeChanged(_ vm: Int, _ index: Int) {
        state.turn.stores.insert(HostState.StoreKey(viewModel: vm, index: index))
        markDirty()
    }

    /// A stored list was edited: the edit (its rows only) is saved with the version that shows it.
    func storedListEdited(_ vm: Int, _ index: Int, _ edit: ListChange<EncodableSnapshot>) {
        let key = HostState.StoreKey(viewModel: vm, index: index)
        if case .replaced = edit {
            state.turn.listEdits[key] = [edit]
        } else {
            state.turn.listEdits[key, default: []].append(edit)
        }
        markDirty()
    }

    func outputChanged(_ vm: Int, _ index: Int, _ value: SurfaceValue) {
        guard state.values.indices.contains(vm), state.values[vm].outputs[index] != value else { return }
        state.values[vm].outputs[index] = value
        let key = HostState.ChangeKey(viewModel: vm, part: .output, index: index)
        state.turn.memberChanged(key)
        state.turn.outputs.insert(key)
        if !state.restoreChecks.isEmpty { outputChangedAfterRestore(key, value) }
        let surface = surfaces[vm]
        record(HostEvent(viewModel: surface.name, name: surface.outputs[index].name, at: ISO8601Timestamp.now(),
                         kind: .change(part: .output, value: .value(value))),
               coalescing: HostState.ChangeKey(viewModel: vm, part: .output, index: index))
        markDirty()
    }

    /// An edit of a list output that reports its edits: kept for the next flush, which
    /// encodes only the rows it carries. Its watch event's value (the whole list) is filled in
    /// from the encoded rows at the flush, and only when a watch stream is open.
    func outputRowsChanged(_ vm: Int, _ index: Int, _ change: ListChange<SurfaceValue>) {
        guard state.values.indices.contains(vm) else { return }
        let key = HostState.ChangeKey(viewModel: vm, part: .output, index: index)
        state.turn.rowChanges[key, default: []].append(change)
        state.turn.memberChanged(key)
        // Before the first flush, the edit is the list as observation found it: not an event.
        if state.encoder != nil {
            let surface = surfaces[vm]
            record(HostEvent(viewModel: surface.name, name: surface.outputs[index].name, at: ISO8601Timestamp.now(),
                             kind: .change(part: .output, value: .json([]))),
                   coalescing: key)
        }
        markDirty()
    }

    /// Gives the pending `change` events of lists that report their edits their value: the
    /// list as the flush being published shows it (one event per list: they coalesce), from
    /// the rows' cached JSON. Only when a watch stream is open to receive them.
    func fillInReportedListEvents() {
        for (key, position) in state.turn.changeIndex
        where key.part == .output && surfaces[key.viewModel].outputs[key.index].rowChanges != nil {
            let event = state.turn.events[position]
            state.turn.events[position] = HostEvent(viewModel: event.viewModel, name: event.name, at: event.at,
                                                      kind: .change(part: .output, value: .json(state.encoder!.json(key))))
        }
    }

    /// The current values of `vm`'s outputs, lists that report their edits included (read
    /// from the view model: for messages, not for every change).
    func outputValues(_ vm: Int) -> [SurfaceValue] {
        zip(surfaces[vm].outputs, state.values[vm].outputs).map { output, value in
            output.rowChanges == nil ? value : output.value
        }
    }

    func commandFlagsChanged(_ vm: Int, _ index: Int) {
        guard state.values.indices.contains(vm) else { return }
        var command = state.values[vm].commands[index]
        let surfaceCommand = surfaces[vm].commands[index]
        command.executing = surfaceCommand.isExecuting.value
        command.enabled = surfaceCommand.isEnabled.value
        guard command != state.values[vm].commands[index] else { return }
        let key = HostState.ChangeKey(viewModel: vm, part: .command, index: index)
        if command.executing, !state.values[vm].commands[index].executing {
            state.executingSince[key] = ISO8601Timestamp.now()
        } else if !command.executing {
            state.executingSince[key] = nil
        }
        updateCommand(vm, index, command)
        markDirty()
    }

    func updateCommand(_ vm: Int, _ index: Int, _ command: CommandState) {
        state.values[vm].commands[index] = command
        state.turn.memberChanged(HostState.ChangeKey(viewModel: vm, part: .command, index: index))
        state.turn.commands.insert(HostState.ChangeKey(viewModel: vm, part: .command, index: index))
        let surface = surfaces[vm]
        record(HostEvent(viewModel: surface.name, name: surface.commands[index].name, at: ISO8601Timestamp.now(),
                         kind: .change(part: .command, value: .command(command))),
               coalescing: HostState.ChangeKey(viewModel: vm, part: .command, index: index))
    }

    /// Records `event` before the events recorded since `position` (its effects).
    func record(_ event: HostEvent, at position: Int) {
        state.turn.events.insert(event, at: position)
        for (key, index) in state.turn.changeIndex where index >= position {
            state.turn.changeIndex[key] = index + 1
        }
    }

    func record(_ event: HostEvent, coalescing key: HostState.ChangeKey? = nil) {
        if let key {
            // A newer change of the same part replaces the older one and moves to the end,
            // so it follows whatever caused it (a finish before the command state it left).
            removePendingChange(key)
            state.turn.changeIndex[key] = state.turn.events.count
        }
        state.turn.events.append(event)
    }

    /// Removes the pending change event of `key`, if there is one.
    func removePendingChange(_ key: HostState.ChangeKey) {
        guard let position = state.turn.changeIndex.removeValue(forKey: key) else { return }
        state.turn.events.remove(at: position)
        for (other, index) in state.turn.changeIndex where index > position {
            state.turn.changeIndex[other] = index - 1
        }
    }

    func markDirty() {
        guard !state.flushScheduled else { return }
        state.flushScheduled = true
        scheduler.queue.async { [weak self] in self?.flushIfScheduled() }
    }

}
