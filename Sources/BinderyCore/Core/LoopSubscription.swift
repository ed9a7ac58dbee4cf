/// A subscription to a `SignalCore`'s delivery loop, seen without the core's types: what a
/// run fed by that one loop (`RunCore`, ``SignalProducer/fedByOneLoop``) finds in its lifetime
/// and interrupts itself through when disposed. `SignalCore.Subscription` is the only
/// subclass.
@usableFromInline class LoopSubscription: @unchecked Sendable {
    // `@unchecked`: no state of its own; the subclass says what protects its state.
    @inlinable init() {}

    /// Detaches this subscription and interrupts `run`, the run it feeds, in order with what
    /// the loop delivers: at once if the loop is idle, else by queueing `interrupted` for this
    /// subscription alone. Returns `false`, doing
    /// nothing, if the loop no longer feeds it (see `SignalCore.interruptThroughLoop`).
    @usableFromInline func interruptThroughLoop(_ run: LoopFedRun) -> Bool {
        preconditionFailure("LoopSubscription.interruptThroughLoop(_:) is overridden by SignalCore.Subscription")
    }
}

/// The end of a run fed by one loop (`RunCore`), as that loop's core sees it.
@usableFromInline protocol LoopFedRun: AnyObject {
    /// Delivers `interrupted` to the run's observer. Called once nothing else can reach the
    /// run: its loop is idle and has let go of it, or this thread owns that loop.
    func interruptOwningTheLoop()
    /// Marks the run interrupted, to be told through the loop: values reaching it before
    /// `interrupted` are dropped. Called by the thread that queues the interruption.
    func dropValuesUntilInterrupted()
}
