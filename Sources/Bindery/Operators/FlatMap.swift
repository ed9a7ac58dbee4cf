// `flatten` and `flatMap` over anything `SignalProducerConvertible` (producers, signals,
// properties), with ReactiveSwift's overloads for inner and outer streams that cannot fail.

extension Signal where Value: SignalProducerConvertible, Error == Value.Error {
    /// The inner streams this signal sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        map(\.producer).lift(FlattenOperator.make(strategy))
    }
}

extension Signal where Value: SignalProducerConvertible, Error == Never {
    /// The inner streams this signal sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Value.Error> {
        promoteError(Value.Error.self).flatten(strategy)
    }
}

extension Signal where Value: SignalProducerConvertible, Error == Never, Value.Error == Never {
    /// The inner streams this signal sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Never> {
        map(\.producer).lift(FlattenOperator.make(strategy))
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Never {
    /// The inner streams this signal sends, which cannot fail, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        map { $0.producer.promoteError(Error.self) }.lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Value.Error {
    /// The inner streams this producer sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        map(\.producer).lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Never {
    /// The inner streams this producer sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Value.Error> {
        promoteError(Value.Error.self).flatten(strategy)
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Never, Value.Error == Never {
    /// The inner streams this producer sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Never> {
        map(\.producer).lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Never {
    /// The inner streams this producer sends, which cannot fail, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        map { $0.producer.promoteError(Error.self) }.lift(FlattenOperator.make(strategy))
    }
}

extension Signal {
    /// Each value mapped to an inner stream, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Error>
    where Inner.Error == Error {
        map { transform($0).producer }.lift(FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream that cannot fail, run and combined per `strategy`.
    /// Disfavoured: an inner stream whose error type is generic takes the outer one's.
    @_disfavoredOverload
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Error>
    where Inner.Error == Never {
        map { transform($0).producer.promoteError(Error.self) }.lift(FlattenOperator.make(strategy))
    }
}

extension Signal where Error == Never {
    /// Each value mapped to an inner stream that can fail, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Inner.Error> {
        promoteError(Inner.Error.self).flatMap(strategy, transform)
    }

    /// Each value mapped to an inner stream that cannot fail either (the most specific
    /// overload, so the others are never ambiguous).
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Never>
    where Inner.Error == Never {
        map { transform($0).producer }.lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer {
    /// Each value mapped to an inner stream, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error>
    where Inner.Error == Error {
        map { transform($0).producer }.lift(FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream that cannot fail, run and combined per `strategy`.
    /// Disfavoured: an inner stream whose error type is generic takes the outer one's.
    @_disfavoredOverload
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error>
    where Inner.Error == Never {
        map { transform($0).producer.promoteError(Error.self) }.lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer where Error == Never {
    /// Each value mapped to an inner stream that can fail, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Inner.Error> {
        promoteError(Inner.Error.self).flatMap(strategy, transform)
    }

    /// Each value mapped to an inner stream that cannot fail either (the most specific
    /// overload, so the others are never ambiguous).
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Never>
    where Inner.Error == Never {
        map { transform($0).producer }.lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer {
    /// Runs `producers` at once and interleaves their values; completes when all have.
    public static func merge<S: Sequence>(_ producers: S) -> SignalProducer where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        SignalProducer<SignalProducer, Error>(producers.map(\.producer)).flatten(.merge)
    }

    /// The values of every producer, interleaved; completes when all have.
    public static func merge(_ producers: SignalProducer...) -> SignalProducer { merge(producers) }

    /// This run's values and `other`'s, interleaved; completes when both have.
    public func merge(with other: SignalProducer) -> SignalProducer { SignalProducer.merge([self, other]) }

    /// This run's values, then `next`'s.
    public func concat(_ next: SignalProducer) -> SignalProducer {
        SignalProducer<SignalProducer, Error>([self, next]).flatten(.concat)
    }

    /// This run's values, then `value`.
    public func concat(value: Value) -> SignalProducer { concat(SignalProducer(value: value)) }

    /// This run's values, then a failure with `error` instead of completion.
    public func concat(error: Error) -> SignalProducer { concat(SignalProducer(error: error)) }

    /// `value` first, then this run's values.
    public func prefix(value: Value) -> SignalProducer { SignalProducer(value: value).concat(self) }

    /// `previous`'s values first, then this run's.
    public func prefix(_ previous: SignalProducer) -> SignalProducer { previous.concat(self) }

    /// Waits for this run to complete, ignoring its values, then runs `next`.
    public func then<U>(_ next: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        compactMap { _ -> U? in nil }.concat(next)
    }

    /// Waits for this run to complete, ignoring its values, then sends `value`.
    public func then<U>(value: U) -> SignalProducer<U, Error> { then(SignalProducer<U, Error>(value: value)) }
}

extension Signal {
    /// The values of every signal, interleaved; completes when all have.
    public static func merge<S: Sequence>(_ signals: S) -> Signal where S.Element == Signal {
        SignalProducer<Value, Error>.merge(signals.map(SignalProducer.init)).startedAsSignal()
    }

    /// The values of every signal, interleaved; completes when all have.
    public static func merge(_ signals: Signal...) -> Signal { merge(signals) }

    /// This signal's values and `other`'s, interleaved; completes when both have.
    public func merge(with other: Signal) -> Signal { Signal.merge([self, other]) }
}

extension SignalProducer {
    /// Starts a run now and returns it as a signal; the run lasts while the signal has
    /// observers or references.
    func startedAsSignal() -> Signal<Value, Error> {
        startWithSignal { signal, _ in signal }
    }
}
