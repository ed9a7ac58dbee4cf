import FoundationEssentials
import Synchronization

/// The value a debounce run is waiting to send.
private final class PendingValue<Value>: @unchecked Sendable {
    // `@unchecked`: `value` is only touched under `mutex`.
    private let mutex = Mutex(())
    private var value: Value?
    private var due: Date?

    func set(_ newValue: Value, due date: Date) {
        mutex.withLock { _ in
            value = newValue
            due = date
        }
    }

    var hasValue: Bool { mutex.withLock { _ in value != nil } }

    var dueDate: Date? { mutex.withLock { _ in due } }

    func take() -> Value? {
        mutex.withLock { _ in
            defer { value = nil }
            return value
        }
    }
}

enum DebounceOperator {
    static func make<V, E>(_ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let pending = PendingValue<V>()
            let scheduled = SerialDisposable()
            lifetime += scheduled
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let due = scheduler.currentDate.addingTimeInterval(interval)
                    pending.set(value, due: due)
                    scheduled.inner = scheduler.schedule(after: due) {
                        if let value = pending.take() { output.send(value: value) }
                    }
                case .completed where !discardWhenCompleted && pending.hasValue:
                    // As in ReactiveSwift: the waiting value is sent when it falls due, then
                    // the completion.
                    scheduled.inner = scheduler.schedule(after: pending.dueDate ?? scheduler.currentDate) {
                        if let value = pending.take() { output.send(value: value) }
                        output.sendCompleted()
                    }
                case .completed:
                    // As in ReactiveSwift: a waiting value is discarded and the completion
                    // passes at once.
                    scheduled.dispose()
                    _ = pending.take()
                    output.sendCompleted()
                default:
                    scheduled.dispose()
                    let handed = ScheduledAction { output.send(event) }
                    scheduler.schedule(handed.run)
                }
            }
        }
    }
}

extension Signal {
    /// Each value once `interval` has passed without another; a value still waiting when the
    /// signal completes is dropped unless `discardWhenCompleted` is false.
    public func debounce(_ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool = true) -> Signal {
        lift(DebounceOperator.make(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }
}

extension SignalProducer {
    /// Each value once `interval` has passed without another; a value still waiting when the
    /// run completes is dropped unless `discardWhenCompleted` is false.
    public func debounce(_ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool = true) -> SignalProducer {
        lift(DebounceOperator.make(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }
}
