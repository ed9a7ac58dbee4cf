/// Something that holds an event: what `dematerialize()` accepts as values.
public protocol EventProtocol<Value, Error> {
    /// The type of a value event's value.
    associatedtype Value
    /// The type of a failed event's error.
    associatedtype Error: Swift.Error
    /// The event.
    var event: Signal<Value, Error>.Event { get }
}

extension Signal.Event: EventProtocol {
    /// This event.
    public var event: Signal<Value, Error>.Event { self }
}

/// Something that holds a result: what `dematerializeResults()` accepts as values.
public protocol ResultProtocol<Success, Failure> {
    /// The type of a success's value.
    associatedtype Success
    /// The type of a failure's error.
    associatedtype Failure: Swift.Error
    /// The result.
    var result: Result<Success, Failure> { get }
}

extension Result: ResultProtocol {
    /// This result.
    public var result: Result<Success, Failure> { self }
}

enum MaterializeOperators {
    static func materialize<V, E>() -> Transform<V, E, Signal<V, E>.Event, Never> {
        { downstream, _ in
            Signal<V, E>.Observer { event in
                downstream.send(value: event)
                if event.isTerminating { downstream.sendCompleted() }
            }
        }
    }

    static func materializeResults<V, E>() -> Transform<V, E, Result<V, E>, Never> {
        { downstream, _ in
            Signal<V, E>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: .success(value))
                case let .failed(error):
                    downstream.send(value: .failure(error))
                    downstream.sendCompleted()
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    static func dematerialize<E: EventProtocol>() -> Transform<E, Never, E.Value, E.Error> {
        { downstream, _ in
            Signal<E, Never>.Observer { event in
                switch event {
                case let .value(inner): downstream.send(inner.event)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    static func dematerializeResults<R: ResultProtocol>() -> Transform<R, Never, R.Success, R.Failure> {
        { downstream, _ in
            Signal<R, Never>.Observer { event in
                switch event {
                case let .value(inner):
                    switch inner.result {
                    case let .success(value): downstream.send(value: value)
                    case let .failure(error): downstream.send(error: error)
                    }
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

extension Signal {
    /// Every event as a value; completes after passing on the terminal one (an interruption
    /// is passed on as a value too, then completion).
    public func materialize() -> Signal<Event, Never> { lift(MaterializeOperators.materialize()) }
    /// Each value as `.success`, a failure as `.failure` followed by completion.
    public func materializeResults() -> Signal<Result<Value, Error>, Never> { lift(MaterializeOperators.materializeResults()) }
}

extension Signal where Value: EventProtocol, Error == Never {
    /// The events this signal carries, sent as events: the inverse of `materialize()`.
    public func dematerialize() -> Signal<Value.Value, Value.Error> { lift(MaterializeOperators.dematerialize()) }
}

extension Signal where Value: ResultProtocol, Error == Never {
    /// The results this signal carries: successes as values, a failure fails the signal.
    public func dematerializeResults() -> Signal<Value.Success, Value.Failure> { lift(MaterializeOperators.dematerializeResults()) }
}

extension SignalProducer {
    /// Every event as a value (see `Signal.materialize()`).
    public func materialize() -> SignalProducer<Signal<Value, Error>.Event, Never> { lift(MaterializeOperators.materialize()) }
    /// Each value as `.success`, a failure as `.failure` followed by completion.
    public func materializeResults() -> SignalProducer<Result<Value, Error>, Never> { lift(MaterializeOperators.materializeResults()) }
}

extension SignalProducer where Value: EventProtocol, Error == Never {
    /// The events this producer carries, sent as events: the inverse of `materialize()`.
    public func dematerialize() -> SignalProducer<Value.Value, Value.Error> { lift(MaterializeOperators.dematerialize()) }
}

extension SignalProducer where Value: ResultProtocol, Error == Never {
    /// The results this producer carries: successes as values, a failure fails the run.
    public func dematerializeResults() -> SignalProducer<Value.Success, Value.Failure> { lift(MaterializeOperators.dematerializeResults()) }
}

// ReactiveSwift's spelling of `dematerializeResults()`: over `Result` itself.

extension Signal where Error == Never {
    /// The results this signal carries: successes as values, a failure fails the signal.
    public func dematerializeResults<Success, Failure>() -> Signal<Success, Failure> where Value == Result<Success, Failure> {
        lift(MaterializeOperators.dematerializeResults())
    }
}

extension SignalProducer where Error == Never {
    /// The results this producer carries: successes as values, a failure fails the run.
    public func dematerializeResults<Success, Failure>() -> SignalProducer<Success, Failure> where Value == Result<Success, Failure> {
        lift(MaterializeOperators.dematerializeResults())
    }
}
