#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery
import BinderyEventLog
import BinderyJSON
import BinderyPersistence
import BinderyProtocol

/// Restoring the saved state at start (see ``ViewModelHost`` for the guarantees): inputs,
/// stored members, commands, and the check of the recomputed outputs.
extension ViewModelHost {
    /// What the store held at start.
    struct SavedState {
        var inputs: [PersistedInput] = []
        var members: [PersistedMember] = []
        /// Stored lists' rows as JSON, by view model and list name.
        var lists: [String: [String: [String]]] = [:]
        var previousVersion: UInt64 = 0
        var cleanStop = true
    }

    /// Reads everything the store holds and loads the event log into the publisher; a new
    /// run is a crash recovery until it stops cleanly.
    func loadSavedState(_ warnings: inout [String]) -> SavedState {
        var saved = SavedState()
        guard let store else { return saved }
        do {
            let loaded = try store.loadAll()
            warnings += loaded.unreadable.map { "state database row \($0.rowID) unreadable: \($0.reason)" }
            saved.inputs = loaded.inputs
            saved.members = try store.loadMembers()
            saved.lists = try store.loadLists()
            (saved.previousVersion, saved.cleanStop) = try store.previousRun()
            publisher.loadEvents(try store.loadEvents(newest: eventLogCapacity))
            // Only the newest checkpoint and the versions after it (about a sixteenth of the budget at
            // most) are read: a start costs the same whatever the store keeps; memory fills up again
            // as versions come, and older ones are read from the store when asked for.
            publisher.loadHistory(try store.loadHistory(newestBytes: 0))
            try store.clearCleanStop()
        } catch {
            warnings.append("could not read the saved state: \(error)")
        }
        return saved
    }

    /// Sets each input to its saved value, unless it reads it already (the view model was
    /// built from its saved operator states, ``ViewModelSlots``): an input left reading
    /// another value is marked reset by the restart.
    func restoreInputs(_ inputs: [PersistedInput]) -> [String] {
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
            markReset(left.viewModel, left.input.name)
            warnings.append("persisted input \(left.viewModel).\(left.input.name) reads \(left.input.value), not its stored \(left.value)")
        }
        return warnings
    }

    /// Sets each stored member to its saved value (after the inputs, so what an input's
    /// bindings did to a member is overwritten by what the member held); one that holds it
    /// already is not set, so nothing downstream of it runs again.
    func restoreStores(_ saved: SavedState) -> [String] {
        var warnings: [String] = []
        // A list is saved row by row: its rows make one JSON array.
        let lists = saved.lists.flatMap { vm, lists in
            lists.map { name, rows in (vm, name, "[" + rows.joined(separator: ",") + "]") }
        }
        let values = saved.members.filter { $0.kind == .store && saved.lists[$0.viewModel]?[$0.name] == nil }
        for (viewModel, name, json) in values.map({ ($0.viewModel, $0.name, $0.json) }) + lists {
            guard let vm = surfaces.firstIndex(where: { $0.name == viewModel }),
                  let member = storedMembers[vm].first(where: { $0.name == name }) else {
                warnings.append("saved member \(viewModel).\(name) skipped: the view model has no such member")
                continue
            }
            do {
                let value = try JSONDecoder().decode(member.valueType, from: Data(json.utf8))
                if Self.encodeTheSame(value, member.value) { continue }
                if !member.restore(value) { warnings.append("saved member \(viewModel).\(name) skipped: its type changed") }
            } catch {
                warnings.append("saved member \(viewModel).\(name) skipped: it no longer decodes (\(error))")
            }
        }
        return warnings
    }

    /// Gives each command its saved runs, last value and last error. A run that was executing
    /// when the previous run crashed ends as `interrupted` (a clean stop already ended it so).
    func restoreCommands(_ members: [PersistedMember], crashed: Bool) -> [String] {
        var warnings: [String] = []
        for row in members where row.kind == .command {
            guard let vm = surfaces.firstIndex(where: { $0.name == row.viewModel }),
                  let index = surfaces[vm].commands.firstIndex(where: { $0.name == row.name }) else { continue }
            guard let saved = try? JSONParser.parse(row.json), saved.objectValue != nil else {
                warnings.append("saved command state of \(row.viewModel).\(row.name) skipped: not a JSON object")
                continue
            }
            var command = state.values[vm].commands[index]
            command.runs = saved["runs"]?.intValue ?? 0
            command.refused = saved["refused"]?.intValue ?? 0
            command.lastValue = saved["lastValue"].map(SurfaceValue.init(json:)) ?? .null
            if let error = saved["lastError"], let message = error["message"]?.stringValue {
                command.lastError = CommandState.LastError(message: message, at: error["at"]?.doubleValue ?? 0,
                                                           code: error["code"]?.stringValue.flatMap(ErrorCode.init(rawValue:)) ?? .failed)
            }
            if crashed, saved["executing"] == .bool(true) {
                let now = ISO8601Timestamp.now()
                let failure = HostFailure(.interrupted, "\(row.viewModel).\(row.name) was interrupted: the daemon stopped while it ran (crash recovery)")
                command.runs += 1
                command.lastError = CommandState.LastError(message: failure.message, at: now, code: failure.code)
                // From the run's start to its recovery (the time the daemon was down
                // included): how long its client waited for an outcome.
                let durationMs = saved["executingSince"]?.doubleValue.map { max(0, now - $0) * 1000 } ?? 0
                record(HostEvent(viewModel: row.viewModel, name: row.name, at: now, kind: .fail(durationMs: durationMs, failure: failure),
                                 origin: EventOrigin(by: "restart")))
                state.turn.commands.insert(HostState.ChangeKey(viewModel: vm, part: .command, index: index))
            }
            state.values[vm].commands[index] = command
        }
        return warnings
    }

    /// Whether `a` and `b` encode to the same JSON (keys sorted: a dictionary's order is not
    /// its value).
    private static func encodeTheSame(_ a: any Encodable, _ b: any Encodable) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let first = try? encoder.encode(a), let second = try? encoder.encode(b) else { return false }
        return first == second
    }

    /// Notes that `viewModel`.`member` shows another value after the restart than before it:
    /// the state documents name it (`resetAfterRestart`), so the page can mark it.
    func markReset(_ viewModel: String, _ member: String) {
        guard let vm = surfaces.firstIndex(where: { $0.name == viewModel }), !state.resetMembers[vm].contains(member) else { return }
        state.resetMembers[vm].append(member)
    }

    /// Compares each output (lists that report their edits aside) with the value shown before
    /// the restart; one that differs is marked reset by the restart, saved as it is now (so
    /// the next restart compares with what this one showed), checked again at its next
    /// change, and logged if it differs then too, or is still waiting a few seconds on
    /// (``restoreCheckSeconds``).
    func checkOutputs(_ members: [PersistedMember]) {
        for row in members where row.kind == .output {
            guard let vm = surfaces.firstIndex(where: { $0.name == row.viewModel }),
                  let index = surfaces[vm].outputs.firstIndex(where: { $0.name == row.name }),
                  surfaces[vm].outputs[index].rowChanges == nil else { continue }
            let shown = Array(row.json.utf8)
            guard JSONWriter.encode(state.values[vm].outputs[index]) != shown else { continue }
            let key = HostState.ChangeKey(viewModel: vm, part: .output, index: index)
            state.restoreChecks[key] = shown
            state.turn.outputs.insert(key)
            markReset(row.viewModel, row.name)
        }
        guard !state.restoreChecks.isEmpty else { return }
        state.observations.append(scheduler.schedule(after: Self.restoreCheckSeconds) { [weak self] in
            guard let self else { return }
            for (key, shown) in state.restoreChecks.sorted(by: { ($0.key.viewModel, $0.key.index) < ($1.key.viewModel, $1.key.index) }) {
                reportHiddenState(key, shown: shown, now: state.values[key.viewModel].outputs[key.index])
            }
            state.restoreChecks.removeAll()
        } ?? AnyDisposable {})
    }

    /// How long an output that differs after a restore may take to catch up.
    static let restoreCheckSeconds = 5.0

    /// An output changed: if it was waiting for its restore check, the check ends now.
    func outputChangedAfterRestore(_ key: HostState.ChangeKey, _ value: SurfaceValue) {
        guard let shown = state.restoreChecks.removeValue(forKey: key) else { return }
        if JSONWriter.encode(value) != shown { reportHiddenState(key, shown: shown, now: value) }
    }

    private func reportHiddenState(_ key: HostState.ChangeKey, shown json: [UInt8], now value: SurfaceValue) {
        let surface = surfaces[key.viewModel]
        let shown = String(decoding: json, as: UTF8.self)
        logger?.warning("\(surface.name).\(surface.outputs[key.index].name) was \(shown) before the restart and is \(String(decoding: JSONWriter.encode(value), as: UTF8.self)) after it: \(surface.name) holds state the host cannot restore (hidden state; see docs/GUIDE.md, \"What a restart restores\")")
    }
}
