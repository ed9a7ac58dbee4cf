import Synchronization

/// One execution of an `Action`: what its work's events go to, and what the execution's
/// lifetime holds to set `isExecuting` back to false, once, when the execution's run ends.
///
/// One object, where a closure capturing the action's observers and a separate end-of-execution
/// disposable would be two allocations on every `apply`; the work's run delivers to
/// `receive`, a closure whose only capture is this object, so it needs no context of its own.
@usableFromInline final class ActionExecution<Output, Error: Swift.Error>: Disposable, @unchecked Sendable {
    // `@unchecked`: every stored property but `ended` is immutable and thread-safe itself;
    // `ended` is atomic; `receive` is only called by the work's run, one event at a time.
    @usableFromInline typealias Event = Signal<Output, Error>.Event

    @usableFromInline let ended = Synchronization.Atomic<Bool>(false)
    @usableFromInline let executing: MutableProperty<Bool>
    @usableFromInline let output: Signal<Output, ActionError<Error>>.Observer
    @usableFromInline let events: Signal<Event, Never>.Observer
    @usableFromInline let values: Signal<Output, Never>.Observer
    @usableFromInline let errors: Signal<Error, Never>.Observer
    @usableFromInline let completed: Signal<(), Never>.Observer

    @inlinable init(
        executing: MutableProperty<Bool>,
        output: Signal<Output, ActionError<Error>>.Observer,
        events: Signal<Event, Never>.Observer,
        values: Signal<Output, Never>.Observer,
        errors: Signal<Error, Never>.Observer,
        completed: Signal<(), Never>.Observer
    ) {
        self.executing = executing
        self.output = output
        self.events = events
        self.values = values
        self.errors = errors
        self.completed = completed
    }

    /// Passes one event of the work to the action's signals, then to the execution's run.
    @inlinable func receive(_ event: Event) {
        events.send(value: event)
        switch event {
        case let .value(value): values.send(value: value)
        case let .failed(error): errors.send(value: error)
        case .completed: completed.send(value: ())
        case .interrupted: break
        }
        output.send(event.mapError(ActionError.producerFailed))
    }

    @inlinable var isDisposed: Bool { ended.load(ordering: .acquiring) }

    /// Sets `isExecuting` back to false (once).
    @inlinable func dispose() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        executing.value = false
    }
}
