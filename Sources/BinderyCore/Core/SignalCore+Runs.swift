import BinderyPrimitives
import Synchronization

extension SignalCore {
    /// Starts a run of this core's own producer (a property's, replaying its current value
    /// first, or a signal's) that delivers to `sink`: the run is one subscription, with
    /// nothing between the core and the observer. The core's loop already delivers one event
    /// at a time, so a run of its own needs no serialising `RunCore`; disposing it interrupts
    /// the observer through that loop (`interruptRun`). On a terminated core the run ends at
    /// once (the last value and `completed`, or `interrupted`) and is returned disposed.
    @inlinable func startRun(_ sink: RunSink<Value, Error>, replaying: Bool) -> Subscription {
        let run = Subscription(run: sink, core: self)
        if replaying {
            _ = observeReplaying(run) { current }
        } else {
            _ = attach(run)
        }
        return run
    }

    /// Interrupts `run` (a run's subscription, disposed): removes it, so no later event
    /// reaches it, and makes it inactive, so neither do the values already queued for it;
    /// then delivers `interrupted` to it, at once if the loop is idle, else queued for it
    /// alone behind the event being delivered. Nothing, if the core has ended or the run
    /// was already removed: the core's terminal event reaches it instead.
    @inlinable func interruptRun(_ run: Subscription) {
        let outcome = mutex.withLock { _ -> RunInterruption in
            guard !terminated else { return .alreadyEnding }
            let (found, abandoned) = removeObserver(run)
            guard found else { return .notFound(abandoned: abandoned) }
            run.active.store(false, ordering: .relaxed)
            // An idle loop stays idle while this thread holds the lock (it is only claimed
            // under it), and every delivery it starts later leaves the run out: nothing can
            // reach the run but its interruption, so this thread delivers it without a claim.
            if loop.load(ordering: .acquiring) & Self.delivering == 0 {
                return .deliverNow(abandoned: abandoned)
            }
            if claimOrEnqueue(.interrupted, to: [run], endsCore: false) {
                // The deliverer released the loop meanwhile; this thread now owns it.
                return .deliverOwningTheLoop(abandoned: abandoned)
            }
            return .queued(abandoned: abandoned)
        }
        switch outcome {
        case .alreadyEnding:
            return
        case let .notFound(abandoned):
            if abandoned { endLifetime() }
        case let .queued(abandoned):
            if abandoned { endLifetime() }
        case let .deliverNow(abandoned):
            run.receive(.interrupted)
            if abandoned { endLifetime() }
        case let .deliverOwningTheLoop(abandoned):
            run.receive(.interrupted)
            if let next = releaseOrTakeNext() { deliverQueued(startingWith: next) }
            if abandoned { endLifetime() }
        }
    }

    @usableFromInline enum RunInterruption {
        case alreadyEnding
        /// Removed already (its run has ended); the core may be abandoned all the same.
        case notFound(abandoned: Bool)
        case queued(abandoned: Bool)
        case deliverNow(abandoned: Bool)
        case deliverOwningTheLoop(abandoned: Bool)
    }
}
