import Bindery
import BinderyEventLog
import BinderyJSON
import BinderyPersistence
import BinderyProtocol

/// A client's set of an input: validated once, off the scheduler; applied on it; acknowledged
/// once visible and durable (see ``ViewModelHost`` for the guarantees, docs/PROTOCOL.md "The life
/// of a set" for the path).
extension ViewModelHost {
    // MARK: - Setting

    /// What a client asks an input to become: a JSON value of the input's type, or text a
    /// person typed, parsed by the input's type (binderyctl sends what was typed as it was
    /// typed, so the daemon is the one place that parses it).
    public enum SetValue: Sendable {
        case value(SurfaceValue)
        case text(String)
    }

    /// Sets `viewModel`.`input` to `value`: validates it (type, constraint), applies it on the
    /// scheduler — so views see it without waiting for the disk — and commits it to the store;
    /// completes, with the value as stored and the version that shows it, only once it is both
    /// visible and durable. If the commit fails, the previous value is put back and the set
    /// fails: a set that was not acknowledged may have been seen, but is never kept.
    public func set(viewModel: String, input inputName: String, value: SurfaceValue,
                    completion: @escaping @Sendable (Result<(value: SurfaceValue, version: UInt64), HostFailure>) -> Void) {
        set(viewModel: viewModel, input: inputName, .value(value), completion: completion)
    }

    /// Sets `viewModel`.`input` to `requested` (a value, or text to parse); see
    /// ``set(viewModel:input:value:completion:)``.
    public func set(viewModel: String, input inputName: String, _ requested: SetValue,
                    completion: @escaping @Sendable (Result<(value: SurfaceValue, version: UInt64), HostFailure>) -> Void) {
        set(viewModel: viewModel, input: inputName, requested) { (result: Result<SetResult, HostFailure>) in
            completion(result.map { ($0.value, $0.version) })
        }
    }

    /// What an acknowledged set answers: the value as stored, its JSON and the version that
    /// shows it.
    public struct SetResult: Sendable {
        /// The value as the input holds it.
        public let value: SurfaceValue
        /// The version that shows it, durable.
        public let version: UInt64
        /// The value's JSON: the bytes the state encoded for that version when the input still
        /// held it then (encoded once), else encoded for this answer.
        public let json: [UInt8]
    }

    /// ``set(viewModel:input:_:completion:)``, answering with the value's JSON as well, so a
    /// reply need not encode it again; its event says `origin` made it (nil: `host`).
    public func set(viewModel: String, input inputName: String, _ requested: SetValue, origin: EventOrigin? = nil,
                    replying completion: @escaping @Sendable (Result<SetResult, HostFailure>) -> Void) {
        if let reason = unavailableReason { return completion(.failure(HostFailure(.unavailable, reason))) }
        let vmIndex: Int, inputIndex: Int, accepted: AcceptedValue
        do throws(HostFailure) {
            vmIndex = try viewModelIndex(viewModel)
            let surface = surfaces[vmIndex]
            do throws(SurfaceError) {
                let input = try surface.input(named: inputName)
                inputIndex = surface.inputs.firstIndex { $0.name == inputName }!
                switch requested {
                // Converted here, once: the scheduler writes the converted value as it is.
                case let .value(value): accepted = try input.accept(value, viewModel: viewModel)
                case let .text(text): accepted = try input.acceptParsing(text, viewModel: viewModel)
                }
            } catch {
                throw HostFailure(error)
            }
        } catch {
            return completion(.failure(error))
        }
        let encoded = EncodedSetValue()
        onScheduler { [self] in
            apply(accepted, viewModel: vmIndex, input: inputIndex, encoded: encoded, origin: origin) { result in
                switch result {
                case let .success(version):
                    let json = encoded.json ?? JSONWriter.encode(accepted.value)
                    completion(.success(SetResult(value: accepted.value, version: version, json: json)))
                case let .failure(fault):
                    completion(.failure(HostFailure(.storage, "\(viewModel).\(inputName) was not saved: \(fault)")))
                }
            }
        }
    }

    /// Applies a validated `value` to an input on the scheduler; `reply` gets the version that
    /// shows it once that is durable, or the fault that kept it from the disk.
    ///
    /// The input's observation (``inputChanged(_:_:_:)``) is the one writer of the host's
    /// state, for a client's set as for any other change; the set only says that the change
    /// it caused is a `set` event, placed before the events of its effects (so watchers read
    /// cause, then effects).
    func apply(_ accepted: AcceptedValue, viewModel: Int, input: Int, encoded: EncodedSetValue = EncodedSetValue(),
                       origin: EventOrigin?, reply: @escaping @Sendable (Result<UInt64, StorageFault>) -> Void) {
        let surface = surfaces[viewModel]
        // The set is the cause of the changes it triggers synchronously: its event goes
        // before theirs, in place and in time (stamped before the set runs, so no effect
        // carries an earlier time than its cause).
        let causePosition = state.pendingEvents.count
        let causeTime = ISO8601Timestamp.now()
        let key = HostState.ChangeKey(viewModel: viewModel, part: .input, index: input)
        // What the set starts synchronously, or through bindings and timers it feeds, is
        // attributed to it (`RunCause`).
        RunCause.with(.named("set", detail: surface.name + "." + surface.inputs[input].name)) {
            surface.inputs[input].set(accepted: accepted)
        }
        // The observation recorded the input's change as a `change` event; the set replaces it
        // (a set to the value the input already had changed nothing, and is still logged).
        if let position = state.pendingChangeIndex[key], position >= causePosition { removePendingChange(key) }
        metrics.recordInputSet()
        record(HostEvent(viewModel: surface.name, name: surface.inputs[input].name, at: causeTime,
                         kind: .set(value: surface.inputs[input].disclosed(accepted.value)), origin: origin, encodedValue: encoded),
               at: causePosition)
        if !surface.inputs[input].isSecret {
            state.pendingSets.append(HostState.PendingSet(key: key, value: accepted.value, encoded: encoded))
        }
        state.pendingReplies.append(reply)
        markDirty()
    }
}
