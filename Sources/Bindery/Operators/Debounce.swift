import FoundationEssentials
import Synchronization

/// The value a debounce run is waiting to send.
private final class PendingValue<Value>: @unchecked Sendable {
    // `@unchecked`: `value` is only touched under `mutex`.
    private let mutex = Mutex(())
    private var value: Value?

    func set(_ newValue: Value) { mutex.withLock { _ in value = newValue } }

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
                    pending.set(value)
                    scheduled.inner = scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(interval)) {
                        if let value = pending.take() { output.send(value: value) }
                    }
                case .completed where !discardWhenCompleted:
                    scheduled.dispose()
                    scheduler.schedule {
                        if let value = pending.take() { output.send(value: value) }
                        output.sendCompleted()
                    }
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
