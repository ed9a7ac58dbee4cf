import BinderyPrimitives
import Synchronization

/// The latest value of one side of `sample` or `withLatest`, and whether the pair has ended.
/// On a signal, the latest value takes a restoration slot (``RestorationScope``): it starts
/// from `value` and records each new one in `slot`, under the lock, so they are recorded in
/// the order they are kept.
private final class Latest<Value>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Lock(())
    private var value: Value?
    private var sourceCompleted = false
    private var samplerCompleted = false
    private let slot: RestorationSlot?

    init(_ value: Value? = nil, recordingIn slot: RestorationSlot? = nil) {
        self.value = value
        self.slot = slot
    }

    /// A `Latest` for a signal's operator of `kind`: seeded, when made in a scope.
    static func seeded(_ kind: StaticString) -> Latest {
        let (value, slot) = RestorationScope.seeded(kind, Value?.none)
        return Latest(value, recordingIn: slot)
    }

    func set(_ newValue: Value) {
        mutex.withLock { _ in
            value = newValue
            slot?.record(newValue as Value? as Any)
        }
    }

    var current: Value? { mutex.withLock { _ in value } }

    /// Marks a side completed; returns whether both now are.
    func complete(source: Bool) -> Bool {
        mutex.withLock { _ in
            if source { sourceCompleted = true } else { samplerCompleted = true }
            return sourceCompleted && samplerCompleted
        }
    }
}

private enum SampleOperators {
    /// `sample(with:)`: the latest value of the source with each value of `sampler`.
    /// `latest` makes the source's latest value: fresh per run for a producer, seeded for a
    /// signal.
    static func sample<V, E, T>(with sampler: SignalProducer<T, Never>, latest makeLatest: @escaping () -> Latest<V> = { Latest() }) -> PairedTransform<V, E, (V, T), E> {
        { downstream, lifetime in
            let output = Signal<(V, T), E>.Observer.serializing(downstream, during: lifetime)
            let latest = makeLatest()
            let startSampler: () -> Void = {
                lifetime += sampler.start { event in
                    switch event {
                    case let .value(t): if let v = latest.current { output.send(value: (v, t)) }
                    case .completed: if latest.complete(source: false) { output.sendCompleted() }
                    case .interrupted: output.sendInterrupted()
                    }
                }
            }
            let upstream = Signal<V, E>.Observer { event in
                switch event {
                case let .value(v): latest.set(v)
                case let .failed(error): output.send(error: error)
                case .completed: if latest.complete(source: true) { output.sendCompleted() }
                case .interrupted: output.sendInterrupted()
                }
            }
            return (upstream, startSampler)
        }
    }

    /// `withLatest(from:)`: each value of the source with the latest value of `samplee`; ends
    /// with the source only.
    /// `latest`: as `sample(with:latest:)`'s, for `samplee`'s latest value.
    static func withLatest<V, E, U>(from samplee: SignalProducer<U, Never>, latest makeLatest: @escaping () -> Latest<U> = { Latest() }) -> Transform<V, E, (V, U), E> {
        { downstream, lifetime in
            let output = Signal<(V, U), E>.Observer.serializing(downstream, during: lifetime)
            let latest = makeLatest()
            lifetime += samplee.start { event in
                if case let .value(u) = event { latest.set(u) }
            }
            return .forwarding(to: output) { v in
                if let u = latest.current { output.send(value: (v, u)) }
            }
        }
    }
}

extension Signal {
    /// The latest value of this signal with each value of `sampler`, once this signal has sent
    /// one. Completes when both have completed; interrupted if either is.
    /// This signal's latest value takes a restoration slot (see `RestorationScope`).
    public func sample<T>(with sampler: Signal<T, Never>) -> Signal<(Value, T), Error> {
        let latest = Latest<Value>.seeded("sample")
        return lift(paired: SampleOperators.sample(with: SignalProducer(sampler)) { latest }, with: sampler.lineage)
    }

    /// The latest value of this signal each time `sampler` fires, once this signal has sent one.
    public func sample(on sampler: Signal<(), Never>) -> Signal {
        sample(with: sampler).map { $0.0 }
    }

    /// Each value of this signal with the latest value of `samplee`; values sent before
    /// `samplee` has sent one are dropped. Ends when this signal ends.
    /// `samplee`'s latest value takes a restoration slot (see `RestorationScope`).
    public func withLatest<U>(from samplee: Signal<U, Never>) -> Signal<(Value, U), Error> {
        let latest = Latest<U>.seeded("withLatest")
        return lift(lineage: .merging(lineage, samplee.lineage), SampleOperators.withLatest(from: SignalProducer(samplee)) { latest })
    }

    /// Each value of this signal with the latest value of a run of `samplee`, started now.
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        lift(lineage: .merging(lineage, samplee.lineage), SampleOperators.withLatest(from: samplee))
    }
}

extension SignalProducer {
    /// The latest value of this run with each value of `sampler` (see `Signal.sample(with:)`).
    public func sample<T>(with sampler: SignalProducer<T, Never>) -> SignalProducer<(Value, T), Error> {
        lift(paired: SampleOperators.sample(with: sampler), with: sampler.lineage)
    }

    /// The latest value of this run with each value of `sampler`.
    public func sample<T>(with sampler: Signal<T, Never>) -> SignalProducer<(Value, T), Error> {
        sample(with: SignalProducer<T, Never>(sampler))
    }

    /// The latest value of this run each time `sampler` fires.
    public func sample(on sampler: SignalProducer<(), Never>) -> SignalProducer {
        sample(with: sampler).map { $0.0 }
    }

    /// The latest value of this run each time `sampler` fires.
    public func sample(on sampler: Signal<(), Never>) -> SignalProducer {
        sample(on: SignalProducer<(), Never>(sampler))
    }

    /// The latest value of this run with each value of `sampler`.
    public func sample<Sampler: SignalProducerConvertible>(with sampler: Sampler) -> SignalProducer<(Value, Sampler.Value), Error>
    where Sampler.Error == Never {
        sample(with: sampler.producer)
    }

    /// The latest value of this run each time `sampler` fires.
    public func sample<Sampler: SignalProducerConvertible>(on sampler: Sampler) -> SignalProducer
    where Sampler.Value == (), Sampler.Error == Never {
        sample(on: sampler.producer)
    }

    /// Each value of this run with the latest value of `samplee`.
    public func withLatest<Samplee: SignalProducerConvertible>(from samplee: Samplee) -> SignalProducer<(Value, Samplee.Value), Error>
    where Samplee.Error == Never {
        withLatest(from: samplee.producer)
    }

    /// Each value of this run with the latest value of `samplee` (see `Signal.withLatest(from:)`).
    public func withLatest<U>(from samplee: Signal<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift(lineage: .merging(lineage, samplee.lineage), SampleOperators.withLatest(from: SignalProducer<U, Never>(samplee)))
    }

    /// Each value of this run with the latest value of a run of `samplee`, started with it.
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> SignalProducer<(Value, U), Error> {
        lift(lineage: .merging(lineage, samplee.lineage), SampleOperators.withLatest(from: samplee))
    }
}
