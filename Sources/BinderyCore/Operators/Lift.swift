/// An operator, written once: given the observer downstream and the lifetime of the stream
/// being built, it returns the observer to attach upstream.
///
/// `Signal.lift` attaches the returned observer to the signal (for as long as the new signal
/// lives); `SignalProducer.lift` runs it once per start, so per-run state (counters, buffers,
/// timers) lives inside the closure and is fresh for every start.
@usableFromInline typealias Transform<Value, Error: Swift.Error, U, F: Swift.Error> =
    (Signal<U, F>.Observer, Lifetime) -> Signal<Value, Error>.Observer

/// An operator over this stream and another producer, written once: it returns the observer
/// for this stream and the start of the other. A producer run starts itself first, then the
/// other (ReactiveSwift's order for `zip`, `combineLatest`, `sample`), so a synchronous other
/// producer meets this stream's values already sent; a signal starts the other at once.
@usableFromInline typealias PairedTransform<Value, Error: Swift.Error, U, F: Swift.Error> =
    (Signal<U, F>.Observer, Lifetime) -> (upstream: Signal<Value, Error>.Observer, startOther: () -> Void)

extension Signal {
    /// A signal observing this one and another source, whose values derive from what
    /// `otherLineage` says, through `transform`.
    @inlinable func lift<U, F>(paired transform: @escaping PairedTransform<Value, Error, U, F>, with otherLineage: PropertyLineage) -> Signal<U, F> {
        lift(lineage: .merging(lineage, otherLineage)) { downstream, lifetime in
            let (upstream, startOther) = transform(downstream, lifetime)
            startOther()
            return upstream
        }
    }
}

extension SignalProducer {
    /// A producer whose runs start this one, then another source (whose values derive from
    /// what `otherLineage` says), through `transform`.
    @inlinable func lift<U, F>(paired transform: @escaping PairedTransform<Value, Error, U, F>, with otherLineage: PropertyLineage) -> SignalProducer<U, F> {
        SignalProducer<U, F>(lineage: .merging(lineage, otherLineage), serial: { observer, lifetime in
            let (upstream, startOther) = transform(observer, lifetime)
            self.start(upstream, in: lifetime)
            guard !lifetime.hasEnded else { return }
            startOther()
        })
    }
}

extension Signal {
    /// A signal observing this one through `transform`: its values derive from this one's.
    @inlinable func lift<U, F>(_ transform: @escaping Transform<Value, Error, U, F>) -> Signal<U, F> {
        lift(lineage: lineage, transform)
    }

    /// A signal observing this one through `transform`, whose values derive from what
    /// `lineage` says (an operator that also reads another stream).
    @inlinable func lift<U, F>(lineage: PropertyLineage, _ transform: @escaping Transform<Value, Error, U, F>) -> Signal<U, F> {
        Signal<U, F>(lineage: lineage) { observer, lifetime in
            lifetime.attach(self.core.attach(transform(observer, lifetime)))
        }
    }
}

extension SignalProducer {
    /// A producer whose runs start this one through `transform`: its values derive from this
    /// one's.
    @inlinable func lift<U, F>(_ transform: @escaping Transform<Value, Error, U, F>) -> SignalProducer<U, F> {
        lift(lineage: lineage, transform)
    }

    /// `lift(_:)` for an operator that also has a direct form (``SignalProducer/directStart``):
    /// `direct` is how a run started with a sink starts this producer's direct run, `nil` if
    /// this producer has none.
    @inlinable func lift<U, F>(
        _ transform: @escaping Transform<Value, Error, U, F>,
        direct: ((RunSink<U, F>) -> Disposable)?
    ) -> SignalProducer<U, F> {
        let upstream = startHandler
        return SignalProducer<U, F>(lineage: lineage, directStart: direct, serial: { observer, lifetime in
            upstream(transform(observer, lifetime), lifetime)
        })
    }

    /// A producer whose runs start this one through `transform`, whose values derive from what
    /// `lineage` says (an operator that also reads another stream).
    @inlinable func lift<U, F>(lineage: PropertyLineage, _ transform: @escaping Transform<Value, Error, U, F>) -> SignalProducer<U, F> {
        let upstream = startHandler
        return SignalProducer<U, F>(lineage: lineage, serial: { observer, lifetime in
            upstream(transform(observer, lifetime), lifetime)
        })
    }
}

extension Signal.Observer {
    /// An observer for operators fed from several sources (or several threads): events sent
    /// to it reach `self` one at a time, in order, re-entrancy-safe, and nothing after the
    /// first terminal event. Its core lives as long as `lifetime`.
    @inlinable static func serializing(_ downstream: Signal.Observer, during lifetime: Lifetime) -> Signal.Observer {
        let core = RunCore(downstream)
        lifetime.attach(core)
        return core.input
    }

    /// An observer forwarding failures and terminations to `self` and values to `value`.
    @inlinable static func forwarding<U>(to downstream: Signal<U, Error>.Observer, value: @escaping (Value) -> Void) -> Signal.Observer {
        Signal.Observer { event in
            switch event {
            case let .value(v): value(v)
            case let .failed(error): downstream.send(error: error)
            case .completed: downstream.sendCompleted()
            case .interrupted: downstream.sendInterrupted()
            }
        }
    }
}

extension Signal {
    /// `transform` applied to this signal: how user-defined operators are written once for
    /// signals and used on producers too.
    public func lift<U, F>(_ transform: (Signal) -> Signal<U, F>) -> Signal<U, F> {
        transform(self)
    }
}

extension SignalProducer {
    /// A producer whose every run applies `transform` to the signal of this producer's run:
    /// the way to use an operator written for signals on a producer.
    /// What the result derives from: this producer's sources, and whatever else `transform`
    /// reads, which composition cannot see before a run.
    public func lift<U, F>(_ transform: @escaping (Signal<Value, Error>) -> Signal<U, F>) -> SignalProducer<U, F> {
        SignalProducer<U, F>(lineage: lineage.withUnseenSources, serial: { observer, lifetime in
            let (signal, input) = Signal<Value, Error>.pipe()
            lifetime += transform(signal).observe(observer)
            self.start(input, in: lifetime)
        })
    }

    /// A binary signal operator lifted to producers: per run, the result starts `other`
    /// first, then this producer (as `liftRight`).
    public func lift<U, F, V, G>(_ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        liftRight(transform)
    }

    /// A binary signal operator lifted to producers; per run, this producer starts first,
    /// then `other`.
    public func liftLeft<U, F, V, G>(_ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        lift(transform, otherFirst: false)
    }

    /// A binary signal operator lifted to producers; per run, `other` starts first, then this
    /// producer.
    public func liftRight<U, F, V, G>(_ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        lift(transform, otherFirst: true)
    }

    private func lift<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>,
        otherFirst: Bool
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        { other in
            SignalProducer<V, G>(lineage: .merging([lineage, other.lineage, .unknown]), serial: { observer, lifetime in
                let (signal, input) = Signal<Value, Error>.pipe()
                let (otherSignal, otherInput) = Signal<U, F>.pipe()
                lifetime += transform(signal)(otherSignal).observe(observer)
                if otherFirst { other.start(otherInput, in: lifetime) }
                self.start(input, in: lifetime)
                if !otherFirst { other.start(otherInput, in: lifetime) }
            })
        }
    }
}
