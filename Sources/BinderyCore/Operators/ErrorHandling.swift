// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum ErrorOperators {
    static func promote<V, F>(_: F.Type) -> Transform<V, Never, V, F> {
        { downstream, _ in
            Signal<V, Never>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: value)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    static func flatMapError<V, E, F>(_ handler: @escaping (E) -> SignalProducer<V, F>) -> Transform<V, E, V, F> {
        { downstream, lifetime in
            Signal<V, E>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: value)
                case let .failed(error): lifetime += handler(error).start(downstream)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

extension Signal where Error == Never {
    /// The same signal, typed as one that can fail with `F`.
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> { lift(ErrorOperators.promote(F.self)) }
}

extension SignalProducer where Error == Never {
    /// The same producer, typed as one that can fail with `F`.
    public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> { lift(ErrorOperators.promote(F.self)) }
}

extension Signal {
    /// On failure, continues with the producer `handler` makes from the error.
    public func flatMapError<F>(_ handler: @escaping (Error) -> SignalProducer<Value, F>) -> Signal<Value, F> {
        lift(ErrorOperators.flatMapError(handler))
    }

    /// On failure, continues with the stream `handler` makes from the error.
    public func flatMapError<Inner: SignalProducerConvertible>(_ handler: @escaping (Error) -> Inner) -> Signal<Value, Inner.Error>
    where Inner.Value == Value {
        flatMapError { handler($0).producer }
    }
}

extension SignalProducer {
    /// On failure, continues with the producer `handler` makes from the error.
    public func flatMapError<F>(_ handler: @escaping (Error) -> SignalProducer<Value, F>) -> SignalProducer<Value, F> {
        lift(ErrorOperators.flatMapError(handler))
    }

    /// On failure, continues with the stream `handler` makes from the error.
    public func flatMapError<Inner: SignalProducerConvertible>(_ handler: @escaping (Error) -> Inner) -> SignalProducer<Value, Inner.Error>
    where Inner.Value == Value {
        flatMapError { handler($0).producer }
    }

    /// Restarts the run after a failure, at most `count` times; the last failure is passed on.
    public func retry(upTo count: Int) -> SignalProducer {
        precondition(count >= 0, "retry(upTo:) needs a count of at least 0")
        guard count > 0 else { return self }
        return flatMapError { _ in self.retry(upTo: count - 1) }
    }

    /// Restarts the run after a failure, `interval` seconds later on `scheduler`, at most
    /// `count` times; the last failure is passed on at once.
    public func retry(upTo count: Int, interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer {
        precondition(count >= 0, "retry(upTo:interval:on:) needs a count of at least 0")
        guard count > 0 else { return self }
        return flatMapError { _ -> SignalProducer in
            // The wait, then this producer again with one retry fewer.
            return SignalProducer<Value, Error>.empty
                .delay(interval, on: scheduler)
                .concat(self.retry(upTo: count - 1, interval: interval, on: scheduler))
        }
    }
}
