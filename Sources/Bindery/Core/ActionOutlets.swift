/// What an `Action` reports through: its `isExecuting` state and the inputs of its signals,
/// in one object that every execution shares.
///
/// An execution holds this one reference instead of six (one retain and release per
/// execution instead of six), and does not hold the action itself, so an action whose work is
/// still running can be deinitialised (its signals then complete, as in ReactiveSwift).
@usableFromInline final class ActionOutlets<Output, Error: Swift.Error>: Sendable {
    @usableFromInline typealias Event = Signal<Output, Error>.Event

    /// Whether an execution runs; claimed with `update` under its core's lock.
    @usableFromInline let executing: MutableProperty<Bool>
    @usableFromInline let events: Signal<Event, Never>.Observer
    @usableFromInline let values: Signal<Output, Never>.Observer
    @usableFromInline let errors: Signal<Error, Never>.Observer
    @usableFromInline let completed: Signal<(), Never>.Observer
    @usableFromInline let disabled: Signal<(), Never>.Observer

    @inlinable init(
        executing: MutableProperty<Bool>,
        events: Signal<Event, Never>.Observer,
        values: Signal<Output, Never>.Observer,
        errors: Signal<Error, Never>.Observer,
        completed: Signal<(), Never>.Observer,
        disabled: Signal<(), Never>.Observer
    ) {
        self.executing = executing
        self.events = events
        self.values = values
        self.errors = errors
        self.completed = completed
        self.disabled = disabled
    }

    /// Passes one event of an execution's work to the action's signals: `events` first, then
    /// `values`, `errors` or `completed`.
    @inlinable func report(_ event: Event) {
        events.send(value: event)
        switch event {
        case let .value(value): values.send(value: value)
        case let .failed(error): errors.send(value: error)
        case .completed: completed.send(value: ())
        case .interrupted: break
        }
    }

    /// Completes every signal of the action (when it is deinitialised).
    @inlinable func complete() {
        events.sendCompleted()
        values.sendCompleted()
        errors.sendCompleted()
        completed.sendCompleted()
        disabled.sendCompleted()
    }
}
