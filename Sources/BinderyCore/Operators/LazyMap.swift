import BinderyPrimitives
import Synchronization

/// The latest value waiting for `lazyMap`'s transform.
private final class LatestBox<Value>: @unchecked Sendable {
    // `@unchecked`: `value` is only touched under `mutex`.
    private let mutex = Lock(())
    private var value: Value?

    /// Stores `newValue`; returns whether the box was empty (so a run must be scheduled).
    func swapIn(_ newValue: Value) -> Bool {
        mutex.withLock { _ in
            defer { value = newValue }
            return value == nil
        }
    }

    func take() -> Value? {
        mutex.withLock { _ in
            defer { value = nil }
            return value
        }
    }
}

enum LazyMapOperator {
    static func make<V, E, U>(on scheduler: Scheduler, _ transform: @escaping (V) -> U) -> Transform<V, E, U, E> {
        { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, during: lifetime)
            let latest = LatestBox<V>()
            let scheduled = SerialDisposable()
            lifetime += scheduled
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    // Schedule only when no earlier value is still waiting: that run takes
                    // whatever is latest by then.
                    guard latest.swapIn(value) else { return }
                    scheduled.inner = scheduler.schedule {
                        if let value = latest.take() { output.sendUnscheduled(transform(value)) }
                    }
                case .interrupted:
                    // An interruption cancels the waiting value; a completion or failure
                    // follows it.
                    scheduled.dispose()
                    output.terminate(with: event)
                case .completed, .failed:
                    output.terminate(with: event)
                }
            }
        }
    }
}

extension Signal {
    /// Each value transformed on `scheduler`, lazily: values arriving while one waits replace
    /// it, so `transform` only runs for the latest.
    public func lazyMap<U>(on scheduler: Scheduler, transform: @escaping (Value) -> U) -> Signal<U, Error> {
        lift(LazyMapOperator.make(on: scheduler, transform))
    }
}

extension SignalProducer {
    /// Each value transformed on `scheduler`, lazily: values arriving while one waits replace
    /// it, so `transform` only runs for the latest.
    public func lazyMap<U>(on scheduler: Scheduler, transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        lift(LazyMapOperator.make(on: scheduler, transform))
    }
}
