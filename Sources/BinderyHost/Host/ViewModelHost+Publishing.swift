import Bindery
import BinderyHistory
import BinderyJSON
import BinderyPersistence

/// Publishing a version: the changed members re-encoded, and the change-feed entries, events,
/// replies and changed state of one scheduler turn handed to the group commit, which
/// publishes the version once it is durable (at once without a store).
extension ViewModelHost {
    /// Makes the version of the changes applied since the last one now, if their flush is
    /// still scheduled (its queued turn then finds nothing to do): for a stop, a failed commit
    /// and that queued turn itself.
    func flushIfScheduled() {
        if state.flushScheduled { flush() }
    }

    /// Makes one new version: re-encodes the members that changed (only those), and records
    /// its change-feed entries, events and changed state for the group commit, which
    /// publishes it (and wakes everyone) once it is durable.
    func flush() {
        state.flushScheduled = false
        state.version += 1
        let version = state.version
        let restart = state.encoder == nil
        // The first version of a run, or the first after a failed commit dropped versions
        // (whose changes the encoder holds but no client was shown): it starts the change feed
        // and the history over from its whole document, so no client and no saved history row
        // reads on from a version that was never shown.
        let startsOver = restart || state.startOverAtNextVersion
        state.startOverAtNextVersion = false
        var entries: [[UInt8]] = []
        // What this version changed, for the last event it logs (nil: it logs none).
        var effects: EventEffects? = state.turn.events.contains(where: \.isLogged) ? EventEffects() : nil
        // The inputs this version's sets set: their events carry the values already, so a
        // long one is not repeated in the effects.
        let setInputs = effects == nil ? [] : Set(state.turn.events.compactMap { event -> String? in
            if case .set = event.kind { return event.viewModel + "." + event.name }
            return nil
        })
        if restart {
            state.encoder = StateEncoder(surfaces: surfaces, values: state.values, resetMembers: state.resetMembers)
            // The reported lists' first edits: their rows as observation found them.
            for (key, changes) in state.turn.rowChanges { _ = state.encoder!.update(key, rowChanges: changes) }
            state.encoder!.rebuild(viewModels: Set(state.turn.rowChanges.keys.map(\.viewModel)).sorted())
        } else {
            var touched: Set<Int> = []
            for key in state.turn.members {
                let values = state.values[key.viewModel]
                let before = effects == nil ? nil : state.encoder!.effectSide(key)
                var rowsBefore = EventEffects.RowsBefore()
                if effects != nil, case .rows = before {
                    rowsBefore = EventEffects.RowsBefore(key, in: state.encoder!, edits: key.part == .output ? state.turn.rowChanges[key] : nil)
                }
                let change: StateEncoder.Change?
                switch key.part {
                case .input: change = state.encoder!.update(key, value: values.inputs[key.index])
                case .output:
                    if let rowChanges = state.turn.rowChanges[key] {
                        change = state.encoder!.update(key, rowChanges: rowChanges)
                    } else {
                        change = state.encoder!.update(key, value: values.outputs[key.index])
                    }
                case .command: change = state.encoder!.update(key, command: values.commands[key.index])
                }
                guard let change else { continue }
                if let before {
                    let (vm, name, after) = (state.encoder!.viewModelName(key.viewModel), state.encoder!.name(key), state.encoder!.effectSide(key))
                    let isSet = key.part == .input && setInputs.contains(vm + "." + name)
                    if !isSet || (EventEffects.isShort(before) && EventEffects.isShort(after)) {
                        effects!.add(vm: vm, part: key.part, name: name, before: before, after: after, change: change, rowsBefore: rowsBefore)
                    }
                }
                touched.insert(key.viewModel)
                entries.append(state.encoder!.entry(key, change))
            }
            state.encoder!.rebuild(viewModels: touched.sorted())
        }
        // A change event (a whole list, for a list output) is encoded only when a watch stream
        // is open to receive it: with none, a change costs only its re-encoded members. A watch
        // that starts while this flush runs sees events from the next version on.
        let watching = publisher.watcherCount > 0
        if watching { fillInReportedListEvents() }
        // The turn, whole: what follows makes it the version and the group commit's batch.
        let turn = state.turn
        state.turn = PendingVersion()
        // Each client's set whose input still holds its value reuses the bytes just encoded
        // for the state: its event and reply encode nothing.
        for set in turn.sets where state.values[set.key.viewModel].inputs[set.key.index] == set.value {
            set.encoded.fill(state.encoder!.json(set.key))
        }
        let lastLogged = turn.events.lastIndex(where: \.isLogged)
        let effectsJSON = effects?.json()
        let events = turn.events.indices.compactMap { index -> StatePublisher.Event? in
            let event = turn.events[index]
            guard watching || event.isLogged else { return nil }
            return StatePublisher.Event(viewModel: event.viewModel, logged: event.isLogged,
                                        json: event.json(version: version, effects: index == lastLogged ? effectsJSON : nil))
        }

        let publisher = publisher, pieces = state.encoder!.viewModelPieces, changes = entries
        let secrets = secretInputValues()
        // The history's checkpoints are built here, where they are also saved with their version.
        let checkpoint = historyCheckpoints.withLock { $0.isCheckpoint(version, restart: startsOver, entries: changes) }
            ? publisher.checkpointDocument(version: version, pieces: pieces) : nil
        let publication: @Sendable () -> Void = {
            publisher.publish(version: version, viewModelPieces: pieces, secretInputs: secrets, changes: changes,
                              restart: startsOver, events: events, checkpoint: checkpoint)
        }
        guard writer != nil else {
            publication()
            for reply in turn.replies { reply(.success(version)) }
            return
        }
        var batch = GroupCommit.Batch()
        recordChanges(of: turn, in: &batch, version: version)
        var history: [(checkpoint: Bool, json: [UInt8])] = []
        if !startsOver {
            var array: [UInt8] = [UInt8(ascii: "[")]
            for (index, entry) in changes.enumerated() {
                if index > 0 { array.append(UInt8(ascii: ",")) }
                array.append(contentsOf: entry)
            }
            array.append(UInt8(ascii: "]"))
            history.append((false, array))
        }
        if let checkpoint { history.append((true, checkpoint)) }
        batch.record(version: version, events: events.filter(\.logged).map(\.json), history: history, publication: publication)
        for reply in turn.replies {
            batch.whenDurable { fault in reply(fault.map { .failure($0) } ?? .success(version)) }
        }
        advanceCommit { $0.versionRecorded(batch) }
    }

    /// The secret inputs' current values, which the encoded pieces show masked.
    private func secretInputValues() -> [StatePublisher.SecretInput: SurfaceValue] {
        guard !secretInputs.isEmpty else { return [:] }
        var values: [StatePublisher.SecretInput: SurfaceValue] = [:]
        for secret in secretInputs { values[secret] = state.values[secret.viewModel].inputs[secret.input] }
        return values
    }

    /// Records what `turn` changed into `batch`: inputs, stored members (their snapshot,
    /// encoded on the writer), commands, outputs, and the operator states that changed.
    func recordChanges(of turn: PendingVersion, in batch: inout GroupCommit.Batch, version: UInt64) {
        for key in turn.inputs {
            let value = state.values[key.viewModel].inputs[key.input]
            let input = surfaces[key.viewModel].inputs[key.input]
            // The state's bytes, encoded once for this version (a secret's are masked there:
            // its own value is encoded for the store).
            let json = input.isSecret ? JSONWriter.encode(value)
                : state.encoder!.json(HostState.ChangeKey(viewModel: key.viewModel, part: .input, index: key.input))
            let persisted = PersistedInput(
                viewModel: surfaces[key.viewModel].name, input: input.name,
                json: String(decoding: json, as: UTF8.self), changed: version)
            batch.record(key, value: value, persisted: persisted)
        }
        for key in turn.stores {
            let member = storedMembers[key.viewModel][key.index]
            let snapshot = EncodableSnapshot(value: member.value), logger = logger, name = surfaces[key.viewModel].name + "." + member.name
            batch.record(GroupCommit.MemberKey(viewModel: key.viewModel, kind: .store, name: member.name),
                          GroupCommit.MemberRow(viewModel: surfaces[key.viewModel].name) {
                guard let json = snapshot.json else {
                    logger?.warning("\(name) could not be saved: its value cannot be encoded as JSON")
                    return nil
                }
                return json
            })
        }
        for (key, edits) in turn.listEdits {
            let member = storedMembers[key.viewModel][key.index]
            batch.record(GroupCommit.MemberKey(viewModel: key.viewModel, kind: .store, name: member.name),
                          viewModel: surfaces[key.viewModel].name, edits: edits)
        }
        for key in turn.commands {
            let json = String(decoding: persistedJSON(of: state.values[key.viewModel].commands[key.index],
                                                      executingSince: state.executingSince[key]), as: UTF8.self)
            batch.record(GroupCommit.MemberKey(viewModel: key.viewModel, kind: .command, name: surfaces[key.viewModel].commands[key.index].name),
                          GroupCommit.MemberRow(viewModel: surfaces[key.viewModel].name) { json })
        }
        for key in turn.outputs {
            // The state's bytes for this version, not encoded again.
            let json = String(decoding: state.encoder!.json(key), as: UTF8.self)
            batch.record(GroupCommit.MemberKey(viewModel: key.viewModel, kind: .output, name: surfaces[key.viewModel].outputs[key.index].name),
                          GroupCommit.MemberRow(viewModel: surfaces[key.viewModel].name) { json })
        }
        slots?.recordChanged(in: &batch)
    }

    /// Marks the members a failed commit dropped as changed in the turn, so the next version records them.
    func recordAgain(_ members: Set<GroupCommit.MemberKey>) {
        for key in members {
            let surface = surfaces[key.viewModel]
            switch key.kind {
            case .store:
                guard let index = storedMembers[key.viewModel].firstIndex(where: { $0.name == key.name }) else { continue }
                let storeKey = HostState.StoreKey(viewModel: key.viewModel, index: index)
                if let rows = storedMembers[key.viewModel][index].rows {
                    // The list's edits were dropped: it is written whole, as it is now.
                    state.turn.listEdits[storeKey] = [.replaced(rows.map(EncodableSnapshot.init))]
                } else {
                    state.turn.stores.insert(storeKey)
                }
            case .command:
                if let index = surface.commands.firstIndex(where: { $0.name == key.name }) {
                    state.turn.commands.insert(HostState.ChangeKey(viewModel: key.viewModel, part: .command, index: index))
                }
            case .output:
                if let index = surface.outputs.firstIndex(where: { $0.name == key.name }) {
                    state.turn.outputs.insert(HostState.ChangeKey(viewModel: key.viewModel, part: .output, index: index))
                }
            }
        }
    }

    /// A command's state as saved: what a restart restores (`executing` marks a run a crash
    /// cut short, `executingSince` when it began), `lastError.at` in epoch seconds.
    func persistedJSON(of command: CommandState, executingSince: Double? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.beginObject()
        writer.key("runs"); writer.int(command.runs)
        writer.key("refused"); writer.int(command.refused)
        writer.key("executing"); writer.bool(command.executing)
        if command.executing, let executingSince {
            writer.key("executingSince"); writer.double(executingSince)
        }
        writer.key("lastValue"); writer.value(command.lastValue)
        writer.key("lastError")
        if let error = command.lastError {
            writer.beginObject()
            writer.key("message"); writer.string(error.message)
            writer.key("at"); writer.double(error.at)
            writer.key("code"); writer.string(error.code.rawValue)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
        return writer.bytes
    }
}

