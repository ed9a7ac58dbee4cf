// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum TimeoutOperator {
    static func make<V, E>(after interval: TimeInterval, raising error: E, on scheduler: DateScheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(interval)) {
                output.send(error: error)
            }
            return output
        }
    }
}

extension Signal {
    /// This signal's events, failing with `error` if it has not terminated `interval` seconds
    /// (on `scheduler`) from now.
    public func timeout(after interval: TimeInterval, raising error: Error, on scheduler: DateScheduler) -> Signal {
        lift(TimeoutOperator.make(after: interval, raising: error, on: scheduler))
    }
}

extension SignalProducer {
    /// Each run's events, failing with `error` if the run has not terminated `interval` seconds
    /// (on `scheduler`) after it started.
    public func timeout(after interval: TimeInterval, raising error: Error, on scheduler: DateScheduler) -> SignalProducer {
        lift(TimeoutOperator.make(after: interval, raising: error, on: scheduler))
    }
}

extension Signal where Error == Never {
    /// This signal's events, failing with `error` if it has not terminated in time.
    public func timeout<F>(after interval: TimeInterval, raising error: F, on scheduler: DateScheduler) -> Signal<Value, F> {
        promoteError(F.self).timeout(after: interval, raising: error, on: scheduler)
    }
}

extension SignalProducer where Error == Never {
    /// Each run's events, failing with `error` if the run has not terminated in time.
    public func timeout<F>(after interval: TimeInterval, raising error: F, on scheduler: DateScheduler) -> SignalProducer<Value, F> {
        promoteError(F.self).timeout(after: interval, raising: error, on: scheduler)
    }
}
