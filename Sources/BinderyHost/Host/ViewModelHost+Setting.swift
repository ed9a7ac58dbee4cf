import Bindery
import BinderyJSON

/// A client's set of an input: validated off the scheduler, applied on it, acknowledged once
/// visible and durable (see ``ViewModelHost`` for the guarantees).
extension ViewModelHost {
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
        // before theirs, so watchers read cause, then effects — in place and in time: it is
        // stamped before the set runs, so no effect carries an earlier time than its cause.
        let causePosition = state.pendingEvents.count
        let causeTime = ISO8601Timestamp.now()
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
        record(HostEvent(viewModel: surface.name, name: surface.inputs[input].name, at: causeTime, kind: .set(value: value)),
               at: causePosition)
        state.pendingReplies.append(reply)
        markDirty()
        return nil
    }

}
