// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BinderyPrimitives
import Synchronization

/// The value a debounce run is waiting to send, and when the last value arrived.
private final class PendingValue<Value>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Lock(())
    private var value: Value?
    private var lastUpdated = Date.distantPast

    func set(_ newValue: Value, at date: Date) {
        mutex.withLock { _ in
            value = newValue
            lastUpdated = date
        }
    }

    /// Takes the waiting value, with the date it arrived.
    func take() -> (value: Value?, lastUpdated: Date) {
        mutex.withLock { _ in
            defer { value = nil }
            return (value, lastUpdated)
        }
    }
}

enum DebounceOperator {
    static func make<V, E>(_ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool) -> Transform<V, E, V, E> {
        precondition(interval >= 0, "debounce needs a non-negative interval")
        return { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, during: lifetime)
            let pending = PendingValue<V>()
            let scheduled = SerialDisposable()
            lifetime += scheduled
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    let now = scheduler.currentDate
                    pending.set(value, at: now)
                    scheduled.inner = scheduler.schedule(after: now.addingTimeInterval(interval)) {
                        if let value = pending.take().value { output.sendUnscheduled(value) }
                    }
                case .completed:
                    guard output.isActive else { return }
                    scheduled.dispose()
                    // As in ReactiveSwift: a waiting value is discarded, unless asked to keep
                    // it; then it is sent when it falls due, followed by the completion.
                    let waiting = pending.take()
                    if !discardWhenCompleted, let value = waiting.value {
                        scheduler.schedule(after: waiting.lastUpdated.addingTimeInterval(interval)) {
                            output.sendUnscheduled(value)
                            output.terminate(event)
                        }
                    } else {
                        output.terminate(event)
                    }
                case .failed, .interrupted:
                    guard output.isActive else { return }
                    scheduled.dispose()
                    output.terminate(event)
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
