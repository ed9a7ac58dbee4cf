import Bindery
import BinderyEventLog
import BinderyJSON
import BinderyPersistence
import BinderyProtocol

/// A turn: the inputs a client's `set` (one or several) or `restore` changes, applied on the
/// scheduler as one transaction (docs/CONTRACTS.md, "A turn is a transaction"), logged, and
/// acknowledged once the version that shows them is durable.
extension ViewModelHost {
    /// One input of a turn and the value it gets, validated and converted off the scheduler.
    struct TurnInput: Sendable {
        let viewModel: Int
        let input: Int
        let accepted: AcceptedValue
        /// The value's JSON as the state encodes it, filled in by the flush that shows it.
        let encoded = EncodedSetValue()
    }

    /// How a turn is logged.
    enum TurnLog {
        /// One `set` event per input (a client's set).
        case sets
        /// One `restore` event: the inputs of version `from`, naming the inputs it skipped
        /// and, among them, the secret ones.
        case restore(from: UInt64, skipped: [String], secret: [String])
    }

    /// Applies `inputs` on the scheduler as ONE change under `cause`: a set writes them all in a
    /// ``PropertyTransaction`` (each input holds its value before anything observing any of
    /// them runs); a restore brings each to read its value (``InputSettler``, whose rounds
    /// are transactions too). The turn's event(s) go before the events of its effects (so
    /// watchers read cause, then effects), made by `origin` (nil: `host`); `reply` gets the
    /// version that shows the turn once that is durable, or the fault that kept it from the disk.
    func applyTurn(_ inputs: [TurnInput], logged: TurnLog, cause: RunCause, origin: EventOrigin?,
                   reply: @escaping @Sendable (Result<UInt64, StorageFault>) -> Void) {
        // Stamped before the turn runs, so no effect carries an earlier time than its cause.
        let causePosition = state.turn.events.count
        let causeTime = ISO8601Timestamp.now()
        // What the turn starts synchronously, or through bindings and timers it feeds, is
        // attributed to it (`RunCause`).
        RunCause.with(cause) {
            switch logged {
            case .sets:
                PropertyTransaction.run {
                    for input in inputs { surfaces[input.viewModel].inputs[input.input].set(accepted: input.accepted) }
                }
            case .restore:
                _ = InputSettler.settle(inputs.map { input in
                    InputSettler.Target(viewModel: surfaces[input.viewModel].name, input: surfaces[input.viewModel].inputs[input.input],
                                        value: input.accepted.value)
                })
            }
        }
        for _ in inputs { metrics.recordInputSet() }
        switch logged {
        case .sets:
            for (offset, input) in inputs.enumerated() {
                let surface = surfaces[input.viewModel]
                let key = HostState.ChangeKey(viewModel: input.viewModel, part: .input, index: input.input)
                // The observation recorded the input's change as a `change` event; the set
                // replaces it (a set to the value the input already had changed nothing, and is
                // still logged).
                if let position = state.turn.changeIndex[key], position >= causePosition { removePendingChange(key) }
                record(HostEvent(viewModel: surface.name, name: surface.inputs[input.input].name, at: causeTime,
                                 kind: .set(value: surface.inputs[input.input].disclosed(input.accepted.value)), origin: origin,
                                 encodedValue: input.encoded),
                       at: causePosition + offset)
                if !surface.inputs[input.input].isSecret {
                    state.turn.sets.append(HostState.PendingSet(key: key, value: input.accepted.value, encoded: input.encoded))
                }
            }
        case let .restore(from, skipped, secret):
            // One event for the whole restore; the inputs' new values are its effects (their
            // `change` events stay, for watchers).
            let names = inputs.map { surfaces[$0.viewModel].name + "." + surfaces[$0.viewModel].inputs[$0.input].name }
            record(HostEvent(viewModel: "", name: "", at: causeTime,
                             kind: .restore(from: from, set: names, values: inputs.map(\.accepted.value), skipped: skipped, secret: secret),
                             origin: origin),
                   at: causePosition)
        }
        state.turn.replies.append(reply)
        markDirty()
    }
}
