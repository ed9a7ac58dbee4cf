// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BinderyPrimitives
import Synchronization

/// One throttle run's memory: when a value was last sent, and the value waiting to be.
private final class ThrottleState<Value>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Lock(())
    private var previousDate: Date?
    private var pending: Value?

    /// Stores `value` as pending and returns when it may be sent: one interval after the last
    /// value sent, or now. A last send dated after `now` (the clock was set back) does not
    /// hold the value back.
    func offer(_ value: Value, now: Date, interval: TimeInterval) -> Date {
        mutex.withLock { _ in
            pending = value
            guard let previousDate, previousDate <= now else { return now }
            return max(previousDate.addingTimeInterval(interval), now)
        }
    }

    /// Takes the pending value, recording `date` as the time it is sent.
    func take(sentAt date: Date) -> Value? {
        mutex.withLock { _ in
            defer {
                if pending != nil {
                    pending = nil
                    previousDate = date
                }
            }
            return pending
        }
    }
}

enum ThrottleOperator {
    static func make<V, E>(_ interval: TimeInterval, on scheduler: DateScheduler) -> Transform<V, E, V, E> {
        precondition(interval >= 0, "throttle needs a non-negative interval")
        return { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, during: lifetime)
            let state = ThrottleState<V>()
            let scheduled = SerialDisposable()
            lifetime += scheduled
            return Signal<V, E>.Observer { event in
                guard case let .value(value) = event else { return output.terminate(event) }
                let date = state.offer(value, now: scheduler.currentDate, interval: interval)
                scheduled.inner = scheduler.schedule(after: date) {
                    guard output.isActive, let value = state.take(sentAt: date) else { return }
                    output.sendUnscheduled(value)
                }
            }
        }
    }
}

extension Signal {
    /// At most one value per `interval`: the first at once (on `scheduler`), and of the values
    /// that arrive too soon, only the latest, when the interval has passed.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal { lift(ThrottleOperator.make(interval, on: scheduler)) }
}

extension SignalProducer {
    /// At most one value per `interval`: the first at once (on `scheduler`), and of the values
    /// that arrive too soon, only the latest, when the interval has passed.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer { lift(ThrottleOperator.make(interval, on: scheduler)) }
}
