import Synchronization

/// The latest value of each of two sources, and which of them have completed.
@usableFromInline final class LatestPair<A, B>: @unchecked Sendable {
    // `@unchecked`: every field is only touched under `mutex` (hence no dynamic exclusivity
    // checks, which cost more than the lock on every value).
    @inlinable init() {}
    @usableFromInline let mutex = Lock(())
    @exclusivity(unchecked) @usableFromInline var a: A?
    @exclusivity(unchecked) @usableFromInline var b: B?
    @exclusivity(unchecked) @usableFromInline var completedA = false
    @exclusivity(unchecked) @usableFromInline var completedB = false

    /// Stores a new first value; returns the pair to send once both sides have a value.
    @inlinable func set(a value: A) -> (A, B)? {
        let other = mutex.withLock { _ -> B? in
            a = value
            return b
        }
        guard let other else { return nil }
        return (value, other)
    }

    @inlinable func set(b value: B) -> (A, B)? {
        let other = mutex.withLock { _ -> A? in
            b = value
            return a
        }
        guard let other else { return nil }
        return (other, value)
    }

    /// Marks a side completed; returns whether both now are.
    @inlinable func complete(first: Bool) -> Bool {
        mutex.withLock { _ in
            if first { completedA = true } else { completedB = true }
            return completedA && completedB
        }
    }
}

@usableFromInline enum CombineLatestOperator {
    /// The observer for this side's events, and the start of `other`. Producers run `other`
    /// after this side's start handler, so synchronous sources combine in ReactiveSwift's order
    /// (each of `other`'s values paired with this side's latest).
    @inlinable static func parts<V, E, W>(
        with other: SignalProducer<W, E>,
        downstream: Signal<(V, W), E>.Observer,
        lifetime: Lifetime
    ) -> (upstream: Signal<V, E>.Observer, startOther: () -> Void) {
        let output = Signal<(V, W), E>.Observer.serializing(downstream, during: lifetime)
        let latest = LatestPair<V, W>()
        func terminal(_ event: Signal<(V, W), E>.Event, first: Bool) {
            if case .completed = event {
                if latest.complete(first: first) { output.sendCompleted() }
            } else {
                output.send(event)
            }
        }
        let startOther: () -> Void = {
            lifetime += other.start { event in
                switch event {
                case let .value(w): if let pair = latest.set(b: w) { output.send(value: pair) }
                case let .failed(error): terminal(.failed(error), first: false)
                case .completed: terminal(.completed, first: false)
                case .interrupted: terminal(.interrupted, first: false)
                }
            }
        }
        let upstream = Signal<V, E>.Observer { event in
            switch event {
            case let .value(v): if let pair = latest.set(a: v) { output.send(value: pair) }
            case let .failed(error): terminal(.failed(error), first: true)
            case .completed: terminal(.completed, first: true)
            case .interrupted: terminal(.interrupted, first: true)
            }
        }
        return (upstream, startOther)
    }
}

extension Signal {
    /// Pairs of the latest values of both, once each has sent one; completes when both have.
    @inlinable public func combineLatest<W>(with other: Signal<W, Error>) -> Signal<(Value, W), Error> {
        lift(paired: { CombineLatestOperator.parts(with: SignalProducer(other), downstream: $0, lifetime: $1) }, with: other.lineage)
    }

    /// The latest values of `a` and `b`, once each has sent one.
    @inlinable public static func combineLatest<B>(_ a: Signal, _ b: Signal<B, Error>) -> Signal<(Value, B), Error> {
        a.combineLatest(with: b)
    }

    /// The latest values of `a`, `b` and `c`, once each has sent one.
    @inlinable public static func combineLatest<B, C>(_ a: Signal, _ b: Signal<B, Error>, _ c: Signal<C, Error>) -> Signal<(Value, B, C), Error> {
        a.combineLatest(with: b).combineLatest(with: c).map { ($0.0, $0.1, $1) }
    }

    /// The latest values of `a`, `b`, `c` and `d`, once each has sent one.
    @inlinable public static func combineLatest<B, C, D>(_ a: Signal, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>) -> Signal<(Value, B, C, D), Error> {
        combineLatest(a, b, c).combineLatest(with: d).map { ($0.0, $0.1, $0.2, $1) }
    }
}

extension SignalProducer {
    /// Pairs of the latest values of both, once each has sent one; completes when both have.
    @inlinable public func combineLatest<W>(with other: SignalProducer<W, Error>) -> SignalProducer<(Value, W), Error> {
        lift(paired: { CombineLatestOperator.parts(with: other, downstream: $0, lifetime: $1) }, with: other.lineage)
    }

    /// The latest values of `a` and `b`, once each has sent one.
    @inlinable public static func combineLatest<B>(_ a: SignalProducer, _ b: SignalProducer<B, Error>) -> SignalProducer<(Value, B), Error> {
        a.combineLatest(with: b)
    }

    /// The latest values of `a`, `b` and `c`, once each has sent one.
    @inlinable public static func combineLatest<B, C>(_ a: SignalProducer, _ b: SignalProducer<B, Error>, _ c: SignalProducer<C, Error>) -> SignalProducer<(Value, B, C), Error> {
        a.combineLatest(with: b).combineLatest(with: c).map { ($0.0, $0.1, $1) }
    }

    /// The latest values of `a`, `b`, `c` and `d`, once each has sent one.
    @inlinable public static func combineLatest<B, C, D>(_ a: SignalProducer, _ b: SignalProducer<B, Error>, _ c: SignalProducer<C, Error>, _ d: SignalProducer<D, Error>) -> SignalProducer<(Value, B, C, D), Error> {
        a.combineLatest(with: b).combineLatest(with: c).combineLatest(with: d).map { ($0.0.0, $0.0.1, $0.1, $1) }
    }

    /// The latest values of every producer, in order, once each has sent one; completes at
    /// once if there are none.
    public static func combineLatest<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        combineLatest(producers, ifEmpty: .empty)
    }

    /// The latest values of every producer, in order, once each has sent one; sends
    /// `emptySentinel` and completes if there are none.
    public static func combineLatest<S: Sequence>(_ producers: S, emptySentinel: [S.Element.Value]) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        combineLatest(producers, ifEmpty: SignalProducer<[Value], Error>(value: emptySentinel))
    }

    static func combineLatest<S: Sequence>(_ producers: S, ifEmpty: SignalProducer<[Value], Error>) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        var combined: SignalProducer<[Value], Error>?
        for element in producers {
            let producer = element.producer
            combined = combined.map { $0.combineLatest(with: producer).map { $0 + [$1] } } ?? producer.map { [$0] }
        }
        return combined ?? ifEmpty
    }
}

extension Signal {
    /// The latest values of every signal, in order, once each has sent one; completes at once
    /// if there are none.
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error> where S.Element == Signal {
        SignalProducer<Value, Error>.combineLatest(signals.map { SignalProducer<Value, Error>($0) }).startedAsSignal()
    }
}
