import FoundationEssentials
import Synchronization

/// One throttle run's memory: when a value was last sent, and the value waiting to be.
private final class ThrottleState<Value>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Mutex(())
    private var lastSent: Date?
    private var pending: Value?
    /// When the pending value is scheduled to be sent.
    private var pendingDate: Date?

    /// Stores `value` as pending and returns when it may be sent.
    func offer(_ value: Value, now: Date, interval: TimeInterval) -> Date {
        mutex.withLock { _ in
            pending = value
            guard let lastSent, lastSent.addingTimeInterval(interval) > now else {
                pendingDate = now
                return now
            }
            pendingDate = lastSent.addingTimeInterval(interval)
            return pendingDate!
        }
    }

    /// When the pending value will be sent, if there is one.
    var scheduledDate: Date? { mutex.withLock { _ in pending == nil ? nil : pendingDate } }

    /// Takes the pending value, recording `now` as the time it is sent.
    func take(now: Date) -> Value? {
        mutex.withLock { _ in
            defer {
                pending = nil
                pendingDate = nil
            }
            if pending != nil { lastSent = now }
            return pending
        }
    }
}

enum ThrottleOperator {
    static func make<V, E>(_ interval: TimeInterval, on scheduler: DateScheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let state = ThrottleState<V>()
            let scheduled = SerialDisposable()
            lifetime += scheduled
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let date = state.offer(value, now: scheduler.currentDate, interval: interval)
                    scheduled.inner = scheduler.schedule(after: date) {
                        if let value = state.take(now: scheduler.currentDate) { output.send(value: value) }
                    }
                case .interrupted:
                    // As in ReactiveSwift: on the scheduler, after the value already scheduled.
                    let handed = ScheduledAction { output.send(event) }
                    if let date = state.scheduledDate {
                        scheduled.inner = scheduler.schedule(after: date) {
                            if let value = state.take(now: scheduler.currentDate) { output.send(value: value) }
                            handed.run()
                        }
                    } else {
                        scheduler.schedule(handed.run)
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
    /// At most one value per `interval`: the first at once (on `scheduler`), and of the values
    /// that arrive too soon, only the latest, when the interval has passed.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal { lift(ThrottleOperator.make(interval, on: scheduler)) }
}

extension SignalProducer {
    /// At most one value per `interval`: the first at once (on `scheduler`), and of the values
    /// that arrive too soon, only the latest, when the interval has passed.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer { lift(ThrottleOperator.make(interval, on: scheduler)) }
}
