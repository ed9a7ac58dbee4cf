import BinderyPrimitives
import Synchronization

// The queue of a `SignalCore`'s delivery loop: events sent while another is being delivered
// wait here, in send order, for the thread that owns the loop (see the type's comment).
extension SignalCore {
    /// An event waiting behind the one being delivered, and whom it goes to.
    @usableFromInline struct Queued {
        @usableFromInline let event: Event
        @usableFromInline let targets: Targets
        /// Whether a terminal `event` ends the core (every terminal event sent to the core
        /// does), or only one subscription's run (`interruptRun(_:)`).
        @usableFromInline let endsCore: Bool

        @inlinable init(_ event: Event, to targets: Targets, endsCore: Bool = true) {
            self.event = event
            self.targets = targets
            self.endsCore = endsCore
        }
    }

    /// Claims the delivery loop and returns `true`, or, if another delivery is under way,
    /// queues `event` for `targets` (only then evaluated) and returns `false`. Must be called
    /// under `mutex`.
    @inlinable func claimOrEnqueue(_ event: Event, to targets: @autoclosure () -> Targets, endsCore: Bool = true) -> Bool {
        guard claimOrMarkPending() else {
            pending.append(Queued(event, to: targets(), endsCore: endsCore))
            return false
        }
        return true
    }

    /// Claims the delivery loop and returns `true`, or, if another delivery is under way,
    /// marks `hasPending` and returns `false`: the caller must then append its event to
    /// `pending` before it lets go of `mutex`, so that `pending` is never empty while
    /// `hasPending` is set (see the type's comment). Must be called under `mutex`.
    @inlinable func claimOrMarkPending() -> Bool {
        var observed = loop.load(ordering: .acquiring)
        while observed & Self.delivering != 0 {
            let (marked, original) = loop.compareExchange(
                expected: observed, desired: observed | Self.hasPending, ordering: .relaxed)
            if marked { return false }
            // The deliverer released the loop meanwhile; it is ours to claim.
            observed = original
        }
        // Idle, and only claimed under `mutex`, which we hold: a plain store is enough. The
        // acquiring load above pairs with the last deliverer's releasing swap.
        loop.store(Self.delivering, ordering: .relaxed)
        return true
    }

    /// Run by the loop's owner after an event has reached its targets: releases the loop if
    /// nothing was queued meanwhile (returning `nil`), or takes the next queued event for the
    /// observers (see `takeQueued`).
    @inlinable func releaseOrTakeNext() -> Queued? {
        if loop.compareExchange(
            expected: Self.delivering, desired: 0,
            successOrdering: .releasing, failureOrdering: .relaxed
        ).exchanged { return nil }
        return takeQueued()
    }

    /// The queue's side of `releaseOrTakeNext()`, out of line (the uncontended loop never
    /// gets here): takes the next queued event; the interruption of a single run
    /// (`interruptRun`) is delivered on the way, to that run alone, though it is no longer
    /// active, without ending the core. Returns `nil` once the loop is released.
    @inline(never) @usableFromInline func takeQueued() -> Queued? {
        while true {
            // `hasPending` was set, so `pending` holds at least one event.
            let next = mutex.withLock { _ -> Queued in
                let next = pending[Int(pendingHead)]
                pendingHead += 1
                if Int(pendingHead) == pending.count {
                    pending.removeAll()
                    pendingHead = 0
                    loop.bitwiseAnd(~Self.hasPending, ordering: .relaxed)
                }
                return next
            }
            if next.endsCore { return next }
            next.targets.visit { $0.receive(next.event) }
            if loop.compareExchange(
                expected: Self.delivering, desired: 0,
                successOrdering: .releasing, failureOrdering: .relaxed
            ).exchanged { return nil }
        }
    }

    /// An interruption overtakes the values still queued behind the event being delivered
    /// (ReactiveSwift's rule: there, senders wait for the delivery and then find the signal
    /// interrupted). Only values can be queued here, as nothing is queued after a terminal
    /// event. The queue's invariant holds: a deliverer is running (values were queued), and
    /// the interruption is appended right after, under the same lock, so `pending` is never
    /// left empty while `hasPending` is set. Must be called under `mutex`.
    @inlinable func dropQueuedValues() {
        if Int(pendingHead) < pending.count { pending.removeSubrange(Int(pendingHead)...) }
    }
}
