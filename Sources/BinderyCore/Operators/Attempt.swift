enum AttemptOperators {
    /// Once `transform` fails, what the upstream still sends (its completion after the value,
    /// more values) is dropped, as it is after a terminated signal: an operator downstream
    /// that goes on after the failure (`flatMapError`'s recovery, `retry`'s next start) must
    /// not receive it.
    static func attemptMap<V, E, U>(_ transform: @escaping (V) -> Result<U, E>) -> Transform<V, E, U, E> {
        { downstream, _ in
            var failed = false
            return Signal<V, E>.Observer { event in
                guard !failed else { return }
                switch event {
                case let .value(value):
                    switch transform(value) {
                    case let .success(u): downstream.send(value: u)
                    case let .failure(error):
                        failed = true
                        downstream.send(error: error)
                    }
                case let .failed(error): downstream.send(error: error)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

extension Signal {
    /// Each value passed on if `action` succeeds for it; the first failure fails the signal.
    public func attempt(_ action: @escaping (Value) -> Result<(), Error>) -> Signal {
        attemptMap { value in action(value).map { value } }
    }

    /// Each value transformed by `transform`; the first failure fails the signal.
    public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> Signal<U, Error> {
        lift(AttemptOperators.attemptMap(transform))
    }
}

extension Signal where Error == Swift.Error {
    /// Each value passed on unless `action` throws for it; the first error fails the signal.
    public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal {
        attemptMap { value in Result { try action(value); return value } }
    }

    /// Each value transformed by `transform`; the first error thrown fails the signal.
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Swift.Error> {
        attemptMap { value in Result { try transform(value) } }
    }
}

extension Signal where Error == Never {
    /// Each value passed on unless `action` throws for it; the first error fails the signal.
    public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal<Value, Swift.Error> {
        promoteError(Swift.Error.self).attempt(action)
    }

    /// Each value transformed by `transform`; the first error thrown fails the signal.
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Swift.Error> {
        promoteError(Swift.Error.self).attemptMap(transform)
    }
}

extension SignalProducer {
    /// Each value passed on if `action` succeeds for it; the first failure fails the run.
    public func attempt(_ action: @escaping (Value) -> Result<(), Error>) -> SignalProducer {
        attemptMap { value in action(value).map { value } }
    }

    /// Each value transformed by `transform`; the first failure fails the run.
    public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> SignalProducer<U, Error> {
        lift(AttemptOperators.attemptMap(transform))
    }
}

extension SignalProducer where Error == Swift.Error {
    /// Each value passed on unless `action` throws for it; the first error fails the run.
    public func attempt(_ action: @escaping (Value) throws -> Void) -> SignalProducer {
        attemptMap { value in Result { try action(value); return value } }
    }

    /// Each value transformed by `transform`; the first error thrown fails the run.
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> SignalProducer<U, Swift.Error> {
        attemptMap { value in Result { try transform(value) } }
    }
}

extension SignalProducer where Error == Never {
    /// Each value passed on unless `action` throws for it; the first error fails the run.
    public func attempt(_ action: @escaping (Value) throws -> Void) -> SignalProducer<Value, Swift.Error> {
        promoteError(Swift.Error.self).attempt(action)
    }

    /// Each value transformed by `transform`; the first error thrown fails the run.
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> SignalProducer<U, Swift.Error> {
        promoteError(Swift.Error.self).attemptMap(transform)
    }
}
