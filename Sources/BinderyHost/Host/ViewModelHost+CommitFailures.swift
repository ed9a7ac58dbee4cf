import Bindery
import BinderyJSON
import BinderyPersistence
import BinderyPrimitives

/// A failed commit: the inputs put back as the store holds them, the other members recorded
/// again (they are still what the view models hold), and the versions it dropped given again.
extension ViewModelHost {
    // MARK: - Storage failures

    /// A commit failed and its changes were dropped: put every input back to the value the
    /// database holds (`durable`), record the dropped members again, and log the first failure
    /// of a burst.
    func commitFailed(_ fault: StorageFault, durable: [GroupCommit.Key: SurfaceValue], droppedMembers: Set<GroupCommit.MemberKey>) {
        state.failedCommits += 1
        if state.failedCommits == 1 {
            logger?.error("cannot save the state: \(fault); sets fail with 'storage' and inputs return to their saved values until a commit succeeds (not logged again until then)")
        }
        // The dropped versions were never shown nor acknowledged (a version is published only
        // once durable, and every later batch was dropped with this one), so their numbers
        // are given again: the next version follows the last one shown, and the history,
        // kept and saved, has no gap. That version starts the change feed and the history over
        // from its whole document: the changes the dropped versions made are encoded already,
        // so its own entries would not carry them.
        state.version = publisher.version
        state.startOverAtNextVersion = true
        // Recorded with the next version (not in one of their own: with the disk still
        // failing, that would be a loop of failing commits).
        recordAgain(droppedMembers)
        slots?.recordAllAgain()
        var targets: [InputSettler.Target] = []
        for (vm, surface) in surfaces.enumerated() {
            for (index, input) in surface.inputs.enumerated() {
                if let durable = durable[GroupCommit.Key(viewModel: vm, input: index)], input.value != durable {
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
        if heldStartFault.withLock({ $0 != nil }) {
            heldStartFault.withLock { $0 = nil }
            logger?.notice("the restored state is saved (version \(publisher.version)) after \(state.failedCommits) failed tries; serving")
            state.failedCommits = 0
            return
        }
        logger?.notice("the state database accepts commits again, after \(state.failedCommits) failed")
        state.failedCommits = 0
    }
}
