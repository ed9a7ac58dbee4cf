import BinderyPrimitives
import Synchronization

/// Whether `throttle(while:on:)` passes values on, holds the latest, or has ended.
private final class ThrottleWhileState<Value>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Lock(())
    private var throttled = false
    private var held: Value?
    private var terminated = false

    /// Records the new state of the switch; returns the held value to send when it opens.
    func setThrottled(_ newValue: Bool) -> Value? {
        mutex.withLock { _ in
            guard !terminated else { return nil }
            throttled = newValue
            defer { held = nil }
            return newValue ? nil : held
        }
    }

    /// Returns `event` if it is to be sent now; a value arriving while throttled is held
    /// instead (replacing the one held before).
    func admit(_ event: Signal<Value, some Swift.Error>.Event) -> Bool {
        mutex.withLock { _ in
            if terminated { return false }
            switch event {
            case let .value(value):
                if throttled {
                    held = value
                    return false
                }
                return true
            default:
                terminated = true
                return true
            }
        }
    }
}

enum ThrottleWhileOperator {
    static func make<V, E>(_ shouldThrottle: Property<Bool>, on scheduler: Scheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let state = ThrottleWhileState<V>()
            let scheduled = SerialDisposable()
            lifetime += scheduled
            lifetime += shouldThrottle.producer.skipRepeats().startWithValues { throttled in
                guard let value = state.setThrottled(throttled) else { return }
                scheduled.inner = scheduler.schedule { output.send(value: value) }
            }
            return Signal<V, E>.Observer { event in
                guard state.admit(event) else { return }
                scheduled.inner = scheduler.schedule { output.send(event) }
            }
        }
    }
}

extension Signal {
    /// The values, except while `shouldThrottle` is true: then only the latest is held, and
    /// sent when it turns false. Everything is delivered on `scheduler`.
    public func throttle<P: PropertyProtocol>(while shouldThrottle: P, on scheduler: Scheduler) -> Signal where P.Value == Bool {
        lift(ThrottleWhileOperator.make(Property(shouldThrottle), on: scheduler))
    }
}

extension SignalProducer {
    /// The values, except while `shouldThrottle` is true: then only the latest is held, and
    /// sent when it turns false. Everything is delivered on `scheduler`.
    public func throttle<P: PropertyProtocol>(while shouldThrottle: P, on scheduler: Scheduler) -> SignalProducer where P.Value == Bool {
        lift(ThrottleWhileOperator.make(Property(shouldThrottle), on: scheduler))
    }
}
