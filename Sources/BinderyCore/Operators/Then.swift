// `then`: wait for completion, ignoring values, then forward every event of a replacement.
// A failure or an interruption of the first stream is passed on at once and the replacement
// never starts (ReactiveSwift's rule).

enum ThenOperator {
    static func make<V, E, U>(_ replacement: SignalProducer<U, E>) -> Transform<V, E, U, E> {
        { downstream, lifetime in
            Signal<V, E>.Observer { event in
                switch event {
                case .value: break
                case .completed: lifetime += replacement.start(downstream)
                case let .failed(error): downstream.send(error: error)
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Error> {
        lift(lineage: .merging(lineage, replacement.lineage), ThenOperator.make(replacement.promoteError(Error.self)))
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<Replacement: SignalProducerConvertible>(_ replacement: Replacement) -> SignalProducer<Replacement.Value, Error>
    where Replacement.Error == Never {
        then(replacement.producer)
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement` (the
    /// overload a bare `.empty` or `.init(value:)` resolves to).
    public func then(_ replacement: SignalProducer) -> SignalProducer {
        lift(lineage: .merging(lineage, replacement.lineage), ThenOperator.make(replacement))
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        lift(lineage: .merging(lineage, replacement.lineage), ThenOperator.make(replacement))
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<Replacement: SignalProducerConvertible>(_ replacement: Replacement) -> SignalProducer<Replacement.Value, Error>
    where Replacement.Error == Error {
        then(replacement.producer)
    }

    /// Waits for this run to complete, ignoring its values, then sends `value`.
    public func then<U>(value: U) -> SignalProducer<U, Error> { then(SignalProducer<U, Error>(value: value)) }
}

extension SignalProducer where Error == Never {
    /// Waits for this run to complete, ignoring its values, then runs `replacement`, which may
    /// fail.
    public func then<U, F>(_ replacement: SignalProducer<U, F>) -> SignalProducer<U, F> {
        promoteError(F.self).then(replacement)
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`, which may
    /// fail.
    public func then<Replacement: SignalProducerConvertible>(_ replacement: Replacement) -> SignalProducer<Replacement.Value, Replacement.Error> {
        then(replacement.producer)
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Never> {
        lift(lineage: .merging(lineage, replacement.lineage), ThenOperator.make(replacement))
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<Replacement: SignalProducerConvertible>(_ replacement: Replacement) -> SignalProducer<Replacement.Value, Never>
    where Replacement.Error == Never {
        then(replacement.producer)
    }
}

// ReactiveSwift's overloads for a replacement of this producer's own types: the result keeps
// them, so `then` on `SignalProducer<Int, E>` reads as `SignalProducer<Int, E>` however the
// replacement is given.

extension SignalProducer {
    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<Replacement: SignalProducerConvertible>(_ replacement: Replacement) -> SignalProducer<Value, Error>
    where Replacement.Value == Value, Replacement.Error == Error {
        then(replacement.producer)
    }
}

extension SignalProducer where Error == Never {
    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then(_ replacement: SignalProducer<Value, Never>) -> SignalProducer<Value, Never> {
        lift(lineage: .merging(lineage, replacement.lineage), ThenOperator.make(replacement))
    }

    /// Waits for this run to complete, ignoring its values, then runs `replacement`.
    public func then<Replacement: SignalProducerConvertible>(_ replacement: Replacement) -> SignalProducer<Value, Never>
    where Replacement.Value == Value, Replacement.Error == Never {
        then(replacement.producer)
    }
}
