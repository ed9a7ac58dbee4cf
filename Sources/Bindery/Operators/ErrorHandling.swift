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
}

extension SignalProducer {
    /// On failure, continues with the producer `handler` makes from the error.
    public func flatMapError<F>(_ handler: @escaping (Error) -> SignalProducer<Value, F>) -> SignalProducer<Value, F> {
        lift(ErrorOperators.flatMapError(handler))
    }

    /// Restarts the run after a failure, at most `count` times; the last failure is passed on.
    public func retry(upTo count: Int) -> SignalProducer {
        precondition(count >= 0, "retry(upTo:) needs a count of at least 0")
        guard count > 0 else { return self }
        return flatMapError { _ in self.retry(upTo: count - 1) }
    }
}
