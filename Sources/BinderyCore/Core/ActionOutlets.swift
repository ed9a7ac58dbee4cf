/// What an `Action` reports through: its `isExecuting` state and the inputs of its signals,
/// in one object that every execution shares.
///
/// An execution holds this one reference instead of six (one retain and release per
/// execution instead of six), and does not hold the action itself, so an action whose work is
/// still running can be deinitialised (its signals then complete, as in ReactiveSwift).
@usableFromInline final class ActionOutlets<Output, Error: Swift.Error>: Sendable {
    @usableFromInline typealias Event = Signal<Output, Error>.Event

    /// Whether an execution runs (the action claims it with `update` under its core's lock).
    /// Held here, though only its core is used, so that an execution that outlives its action
    /// still turns a live `isExecuting` false, as when the execution held the property itself.
    @usableFromInline let executing: MutableProperty<Bool>
    /// `executing`'s core, held directly so that ending an execution reaches it in one load
    /// (and without retaining the property for the call).
    @usableFromInline let executingCore: SignalCore<Bool, Never>
    @usableFromInline let events: Signal<Event, Never>.Observer
    @usableFromInline let values: Signal<Output, Never>.Observer
    @usableFromInline let errors: Signal<Error, Never>.Observer
    @usableFromInline let completed: Signal<(), Never>.Observer
    @usableFromInline let disabled: Signal<(), Never>.Observer

    // The cores of the signals an execution reports to, sent into directly: a signal's input
    // is a closure around its core, and reporting calls it five times per execution. Holding
    // a core does not make its signal owned; the inputs above are what keep it going.
    @usableFromInline let eventsCore: SignalCore<Event, Never>
    @usableFromInline let valuesCore: SignalCore<Output, Never>
    @usableFromInline let errorsCore: SignalCore<Error, Never>
    @usableFromInline let completedCore: SignalCore<(), Never>

    /// The outlets of pipes whose signals are `events`, `values`, `errors`, `completed` and
    /// `disabledErrors`, each with its input.
    @inlinable init(
        executing: MutableProperty<Bool>,
        events: (Signal<Event, Never>, Signal<Event, Never>.Observer),
        values: (Signal<Output, Never>, Signal<Output, Never>.Observer),
        errors: (Signal<Error, Never>, Signal<Error, Never>.Observer),
        completed: (Signal<(), Never>, Signal<(), Never>.Observer),
        disabled: Signal<(), Never>.Observer
    ) {
        self.executing = executing
        executingCore = executing.core
        (eventsCore, self.events) = (events.0.core, events.1)
        (valuesCore, self.values) = (values.0.core, values.1)
        (errorsCore, self.errors) = (errors.0.core, errors.1)
        (completedCore, self.completed) = (completed.0.core, completed.1)
        self.disabled = disabled
    }

    /// Passes one event of an execution's work to the action's signals: `events` first, then
    /// `values`, `errors` or `completed`.
    @inlinable func report(_ event: Event) {
        eventsCore.send(.value(event))
        switch event {
        case let .value(value): valuesCore.send(.value(value))
        case let .failed(error): errorsCore.send(.value(error))
        case .completed: completedCore.send(.value(()))
        case .interrupted: break
        }
    }

    /// Turns `isExecuting` false.
    @inlinable func endExecution() {
        executingCore.sendStoring(false)
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
