import Bindery
import BinderyPersistence
import Dispatch

/// Carrying out the group commit's actions on the scheduler: ``GroupCommit`` (kept in
/// ``HostState``) decides, and this runs them — a transaction on the ``CommitWriter``, a
/// timer, the publications and replies of a durable version, the host's part of a failed
/// commit or a replaced file, the end of a stop's drain.
extension ViewModelHost {
    /// Gives the group commit an event (a transition of its state machine) and carries out
    /// the actions it returns, in order.
    func advanceCommit(_ event: (inout GroupCommit) -> [GroupCommit.Action]) {
        perform(event(&state.commits))
    }

    private func perform(_ actions: [GroupCommit.Action]) {
        guard let writer else { return }
        for action in actions {
            switch action {
            case let .write(batch):
                // The host lives until its commit ends: the commit's waiters are told then.
                writer.write(batch) { fault, took in
                    self.scheduler.queue.async { self.commitWritten(fault, tookNanoseconds: took) }
                }
            case .checkFile:
                advanceCommit { $0.fileChecked(replaced: writer.replacement()) }
            case let .fileReplaced(how):
                stateFileReplaced(how)
            case .recordWholeState:
                // With changes applied and not recorded, the whole state would hold them under
                // the last version: the flush already queued records them, and asks again.
                if !state.flushScheduled {
                    let whole = wholeState()
                    advanceCommit { $0.wholeStateRecorded(whole) }
                }
            case let .delay(nanoseconds, generation):
                scheduler.queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in
                    self?.advanceCommit { $0.delayEnded(generation: generation) }
                }
            case let .retry(nanoseconds):
                scheduler.queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in
                    self?.advanceCommit { $0.retryDue() }
                }
            case let .publish(publications):
                for publish in publications { publish() }
            case let .reply(waiters, fault):
                for waiter in waiters { waiter(fault) }
            case .committed:
                commitSucceeded()
            case let .putBack(fault, durable, droppedMembers):
                commitFailed(fault, durable: durable, droppedMembers: droppedMembers)
            case let .held(fault):
                startCommitHeld(fault)
            case .stopped:
                // A change applied since (a failure's revert) is recorded by its queued flush
                // first, and its commit ends the drain again.
                if !state.flushScheduled { drained.signal() }
            }
        }
    }

    /// A transaction ended (on the scheduler).
    private func commitWritten(_ fault: StorageFault?, tookNanoseconds took: UInt64) {
        guard let fault else { return advanceCommit { $0.commitEnded(tookNanoseconds: took) } }
        // What was applied and not recorded yet is dropped with the failed batch.
        flushIfScheduled()
        advanceCommit { $0.commitFailed(fault, tookNanoseconds: took) }
    }
}
