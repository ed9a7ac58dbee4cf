import BinderySQLite
import BinderyJSON

/// Publishing a version: the changed members re-encoded, the change-feed entries, events and
/// replies of one scheduler turn handed to the publisher and the group commit.
extension ViewModelHost {
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

}
