import Bindery
import BinderyJSON

/// The inputs as the store holds them: restored at start, and put back after a failed commit.
extension ViewModelHost {
    // MARK: - Storage failures

    /// A commit failed and its changes were dropped: put every input back to the value the
    /// database holds, and log the first failure of a burst.
    func commitFailed(_ fault: StorageFault) {
        state.failedCommits += 1
        if state.failedCommits == 1 {
            logger?.error("cannot save the inputs' state: \(fault); sets fail with 'storage' and inputs return to their saved values until a commit succeeds (not logged again until then)")
        }
        guard let commit else { return }
        var targets: [InputSettler.Target] = []
        for (vm, surface) in surfaces.enumerated() {
            for (index, input) in surface.inputs.enumerated() {
                if let durable = commit.durable[GroupCommit.Key(viewModel: vm, input: index)], input.value != durable {
                    targets.append(InputSettler.Target(viewModel: surface.name, input: input, value: durable))
                }
            }
        }
        for left in InputSettler.settle(targets) {
            logger?.error("\(left.viewModel).\(left.input.name) could not be put back to its saved value \(left.value)")
        }
    }

    func commitSucceeded() {
        guard state.failedCommits > 0 else { return }
        logger?.notice("the state database accepts commits again, after \(state.failedCommits) failed")
        state.failedCommits = 0
    }

    // MARK: - Restoring

    func restore(_ inputs: [PersistedInput]) -> [String] {
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
            warnings.append("persisted input \(left.viewModel).\(left.input.name) reads \(left.input.value), not its stored \(left.value)")
        }
        return warnings
    }
}
