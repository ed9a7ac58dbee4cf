// `flatten` and `flatMap` over anything `SignalProducerConvertible` (producers, signals,
// properties), with ReactiveSwift's overloads for inner and outer streams that cannot fail.

extension Signal where Value: SignalProducerConvertible, Error == Value.Error {
    /// The inner streams this signal sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        map(\.producer).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
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
        map(\.producer).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Never {
    /// The inner streams this signal sends, which cannot fail, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        map { $0.producer.promoteError(Error.self) }.lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Value.Error {
    /// The inner streams this producer sends, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        map(\.producer).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
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
        map(\.producer).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Never {
    /// The inner streams this producer sends, which cannot fail, run and combined per `strategy`.
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        map { $0.producer.promoteError(Error.self) }.lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }
}

// `flatMap`: ReactiveSwift's overload set, a generic one over `SignalProducerConvertible` and a
// concrete `SignalProducer` one for each pairing of error types. The concrete ones are what
// let a closure write `.init(value:)` or `.empty` and have the producer type inferred.

extension Signal {
    /// Each value mapped to an inner producer, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>) -> Signal<U, Error> {
        map(transform).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Error>
    where Inner.Error == Error {
        flatMap(strategy) { transform($0).producer }
    }

    /// Each value mapped to an inner producer that cannot fail, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>) -> Signal<U, Error> {
        flatMap(strategy) { transform($0).promoteError(Error.self) }
    }

    /// Each value mapped to an inner stream that cannot fail, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Error>
    where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}

extension Signal where Error == Never {
    /// Each value mapped to an inner producer that can fail, run and combined per `strategy`.
    public func flatMap<U, F>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>) -> Signal<U, F> {
        promoteError(F.self).map(transform).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream that can fail, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Inner.Error> {
        flatMap(strategy) { transform($0).producer }
    }

    /// Each value mapped to an inner producer that cannot fail either.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>) -> Signal<U, Never> {
        map(transform).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream that cannot fail either.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> Signal<Inner.Value, Never>
    where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}

extension SignalProducer {
    /// Each value mapped to an inner producer, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        map(transform).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error>
    where Inner.Error == Error {
        flatMap(strategy) { transform($0).producer }
    }

    /// Each value mapped to an inner producer that cannot fail, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>) -> SignalProducer<U, Error> {
        flatMap(strategy) { transform($0).promoteError(Error.self) }
    }

    /// Each value mapped to an inner stream that cannot fail, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error>
    where Inner.Error == Never {
        flatMap(strategy) { transform($0).producer }
    }
}

extension SignalProducer where Error == Never {
    /// Each value mapped to an inner producer, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        map(transform).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Error>
    where Inner.Error == Error {
        flatMap(strategy) { transform($0).producer }
    }

    /// Each value mapped to an inner producer that can fail, run and combined per `strategy`.
    public func flatMap<U, F>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>) -> SignalProducer<U, F> {
        promoteError(F.self).map(transform).lift(lineage: lineage.withUnseenSources, FlattenOperator.make(strategy))
    }

    /// Each value mapped to an inner stream that can fail, run and combined per `strategy`.
    public func flatMap<Inner: SignalProducerConvertible>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner) -> SignalProducer<Inner.Value, Inner.Error> {
        flatMap(strategy) { transform($0).producer }
    }
}

extension Signal where Value: Sequence {
    /// The elements of every sequence this signal sends, in order.
    public func flatten() -> Signal<Value.Element, Error> {
        flatMap(.merge) { SignalProducer<Value.Element, Never>($0) }
    }
}

extension SignalProducer where Value: Sequence {
    /// The elements of every sequence this producer sends, in order.
    public func flatten() -> SignalProducer<Value.Element, Error> {
        flatMap(.merge) { SignalProducer<Value.Element, Never>($0) }
    }
}

extension SignalProducer {
    /// Runs `producers` at once and interleaves their values; completes when all have.
    public static func merge<S: Sequence>(_ producers: S) -> SignalProducer where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        flattening(producers.map(\.producer), .merge)
    }

    /// The values of every producer, interleaved; completes when all have.
    public static func merge(_ producers: SignalProducer...) -> SignalProducer { merge(producers) }

    /// This run's values and `other`'s, interleaved; completes when both have.
    public func merge(with other: SignalProducer) -> SignalProducer { SignalProducer.merge([self, other]) }

    /// This run's values and `other`'s, interleaved; completes when both have.
    public func merge<Other: SignalProducerConvertible>(with other: Other) -> SignalProducer where Other.Value == Value, Other.Error == Error {
        SignalProducer.merge([self, other.producer])
    }

    /// This run's values, then `next`'s.
    public func concat(_ next: SignalProducer) -> SignalProducer {
        SignalProducer.flattening([self, next], .concat)
    }

    /// `producers` run and combined per `strategy`: unlike a flatten of values sent later,
    /// every inner producer is known, so the result derives from exactly what they derive from.
    static func flattening(_ producers: [SignalProducer], _ strategy: FlattenStrategy) -> SignalProducer {
        SignalProducer<SignalProducer, Error>(producers)
            .lift(lineage: .merging(producers.map(\.lineage)), FlattenOperator.make(strategy))
    }

    /// This run's values, then `next`'s.
    public func concat<Next: SignalProducerConvertible>(_ next: Next) -> SignalProducer where Next.Value == Value, Next.Error == Error {
        concat(next.producer)
    }

    /// This run's values, then `value`.
    public func concat(value: Value) -> SignalProducer { concat(SignalProducer(value: value)) }

    /// This run's values, then a failure with `error` instead of completion.
    public func concat(error: Error) -> SignalProducer { concat(SignalProducer(error: error)) }

    /// `value` first, then this run's values.
    public func prefix(value: Value) -> SignalProducer { SignalProducer(value: value).concat(self) }

    /// `previous`'s values first, then this run's.
    public func prefix(_ previous: SignalProducer) -> SignalProducer { previous.concat(self) }

    /// `previous`'s values first, then this run's.
    public func prefix<Previous: SignalProducerConvertible>(_ previous: Previous) -> SignalProducer where Previous.Value == Value, Previous.Error == Error {
        previous.producer.concat(self)
    }
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
