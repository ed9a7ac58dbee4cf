import Synchronization

/// One execution of an `Action`: what its work's events go to, and what the execution's
/// lifetime holds to set `isExecuting` back to false, once, when the execution's run ends.
///
/// One object, where a closure capturing the action's observers and a separate end-of-execution
/// disposable would be two allocations on every `apply`; the work's run delivers to
/// `receive`, a closure whose only capture is this object, so it needs no context of its own.
@usableFromInline final class ActionExecution<Output, Error: Swift.Error>: Disposable, @unchecked Sendable {
    // `@unchecked`: every stored property but `ended` is immutable and thread-safe itself
    // (`output` sends into a run's serialising core); `ended` is atomic; `receive` is only
    // called by the work's run, one event at a time.
    @usableFromInline typealias Event = Signal<Output, Error>.Event

    @usableFromInline let ended = Synchronization.Atomic<Bool>(false)
    @usableFromInline let outlets: ActionOutlets<Output, Error>
    /// What the execution's run receives: the `action` of the run's observer, held as the
    /// closure rather than the observer object, so that the observer the run's start handler
    /// is given need not outlive the start (the optimiser can then keep it off the heap).
    @usableFromInline let output: (Signal<Output, ActionError<Error>>.Event) -> Void

    @inlinable init(outlets: ActionOutlets<Output, Error>, output: @escaping (Signal<Output, ActionError<Error>>.Event) -> Void) {
        self.outlets = outlets
        self.output = output
    }

    /// Passes one event of the work to the action's signals, then to the execution's run.
    @inlinable func receive(_ event: Event) {
        outlets.report(event)
        output(event.mapError(ActionError.producerFailed))
    }

    @inlinable var isDisposed: Bool { ended.load(ordering: .acquiring) }

    /// Sets `isExecuting` back to false (once).
    @inlinable func dispose() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        outlets.executing.value = false
    }
}
