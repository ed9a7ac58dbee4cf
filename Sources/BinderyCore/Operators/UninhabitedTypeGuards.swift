// ReactiveSwift's guards against observing or transforming events that cannot exist (a value
// of type `Never`, an error of type `Never`): the same overloads, with the same deprecation
// message, so that such a call gets the same compile-time warning. ReactiveSwift's bodies
// trap; these do what the general operator does (a closure that can never run is never run),
// so a view model that ignores the warning does not crash the daemon (docs/CONTRACTS.md §9).

extension SignalProducer where Value == Never {
    /// Starts the producer; `action` gets only its failure, as `Result.success` cannot exist.
    @discardableResult
    @available(*, deprecated, message: "`Result.success` is never delivered - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(failed: { action(.failure($0)) }))
    }
}

extension SignalProducer where Value == Never, Error == Never {
    /// Starts the producer; `action` is never called.
    @discardableResult
    @available(*, deprecated, message: "Observer is never called - value type `Never` and error type `Never` are uninstantiable (Use at runtime would trap)")
    public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable {
        start()
    }

    /// Starts the producer; `action` is never called.
    @discardableResult
    @available(*, deprecated, message: "Observer is never called - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func startWithValues(_ action: @escaping (Value) -> Void) -> Disposable {
        start()
    }
}

extension SignalProducer where Error == Never {
    /// Starts the producer; `action` is never called.
    @discardableResult
    @available(*, deprecated, message: "Observer is never called - error type `Never` is uninstantiable (Use at runtime would trap)")
    public func startWithFailed(_ action: @escaping (Error) -> Void) -> Disposable {
        start()
    }
}

extension Signal where Value == Never {
    /// Observes the signal; `action` gets only its failure, as `Result.success` cannot exist.
    @discardableResult
    @available(*, deprecated, message: "`Result.success` is never delivered - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? {
        observe(Observer(failed: { action(.failure($0)) }))
    }
}

extension Signal where Value == Never, Error == Never {
    /// Observes the signal; `action` is never called.
    @discardableResult
    @available(*, deprecated, message: "Observer is never called - value type `Never` and error type `Never` are uninstantiable (Use at runtime would trap)")
    public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? {
        observe(Observer())
    }

    /// Observes the signal; `action` is never called.
    @discardableResult
    @available(*, deprecated, message: "Observer is never called - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func observeValues(_ action: @escaping (Value) -> Void) -> Disposable? {
        observe(Observer())
    }
}

extension Signal where Error == Never {
    /// Observes the signal; `action` is never called.
    @discardableResult
    @available(*, deprecated, message: "Observer is never invoked - error type `Never` is uninstantiable (Use at runtime would trap)")
    public func observeFailed(_ action: @escaping (Error) -> Void) -> Disposable? {
        observe(Observer())
    }
}

// flatMap: with no value to map, each is `promoteValue` (and `promoteError`).

extension SignalProducer where Value == Never {
    /// This producer's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error> where Inner.Error == Error {
        promoteValue(Inner.Value.self)
    }

    /// This producer's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error> where Inner.Error == Never {
        promoteValue(Inner.Value.self)
    }
}

extension SignalProducer where Value == Never, Error == Never {
    /// This producer's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` and error type `Never` are uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Inner.Error> {
        promoteValue(Inner.Value.self).promoteError(Inner.Error.self)
    }

    /// This producer's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` and error type `Never` are uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Inner.Error> where Inner.Error == Error {
        promoteValue(Inner.Value.self)
    }
}

extension SignalProducer where Error == Never {
    /// This producer's events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteError` instead - error type `Never` is uninstantiable (Use at runtime would trap)")
    public func flatMapError<NewError>(_ transform: @escaping (Error) -> SignalProducer<Value, NewError>) -> SignalProducer<Value, NewError> {
        promoteError(NewError.self)
    }
}

extension Signal where Value == Never {
    /// This signal's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Error> where Inner.Error == Error {
        promoteValue(Inner.Value.self)
    }

    /// This signal's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` is uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Error> where Inner.Error == Never {
        promoteValue(Inner.Value.self)
    }
}

extension Signal where Value == Never, Error == Never {
    /// This signal's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` and error type `Never` are uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Inner.Error> {
        promoteValue(Inner.Value.self).promoteError(Inner.Error.self)
    }

    /// This signal's terminal events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteValue` instead - value type `Never` and error type `Never` are uninstantiable (Use at runtime would trap)")
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Inner.Error> where Inner.Error == Error {
        promoteValue(Inner.Value.self)
    }
}

extension Signal where Error == Never {
    /// This signal's events; `transform` is never called.
    @discardableResult
    @available(*, deprecated, message: "Use `promoteError` instead - error type `Never` is uninstantiable (Use at runtime would trap)")
    public func flatMapError<NewError>(_ transform: @escaping (Error) -> SignalProducer<Value, NewError>) -> Signal<Value, NewError> {
        promoteError(NewError.self)
    }
}
