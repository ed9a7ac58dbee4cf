import Synchronization

/// How `flatten` and `flatMap` combine the inner streams.
public enum FlattenStrategy: Sendable, Equatable {
    /// Every inner stream runs at once; their values interleave. Completes when the outer and
    /// every inner stream have completed.
    case merge
    /// One inner stream at a time, in order; the next starts when the previous completes.
    case concat
    /// Only the newest inner stream runs; a new one interrupts the previous
    /// (`switchToLatest`). Completes when the outer and the newest inner have completed.
    case latest
}

/// The running inner streams of one flatten run.
private final class Flattener<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`; `output` serialises delivery.
    typealias Inner = SignalProducer<Value, Error>
    private let mutex = Mutex(())
    private let strategy: FlattenStrategy
    private let output: Signal<Value, Error>.Observer
    private let inners = CompositeDisposable()
    private let latest = SerialDisposable()
    private var outerCompleted = false
    private var running = 0
    private var waiting: [Inner] = []
    private var generation = 0

    init(_ strategy: FlattenStrategy, output: Signal<Value, Error>.Observer, lifetime: Lifetime) {
        self.strategy = strategy
        self.output = output
        lifetime += inners
        lifetime += latest
    }

    func outer(_ event: Signal<Inner, Error>.Event) {
        switch event {
        case let .value(inner): add(inner)
        case let .failed(error): output.send(error: error)
        case .interrupted: output.sendInterrupted()
        case .completed:
            let done = mutex.withLock { _ -> Bool in
                outerCompleted = true
                return running == 0 && waiting.isEmpty
            }
            if done { output.sendCompleted() }
        }
    }

    private func add(_ inner: Inner) {
        let startNow = mutex.withLock { _ -> Int? in
            switch strategy {
            case .merge:
                running += 1
                return generation
            case .concat:
                guard running == 0 else {
                    waiting.append(inner)
                    return nil
                }
                running = 1
                return generation
            case .latest:
                generation += 1
                running = 1
                return generation
            }
        }
        guard let startNow else { return }
        start(inner, generation: startNow)
    }

    private func start(_ inner: Inner, generation: Int) {
        let slot = SerialDisposable()
        let handle = strategy == .latest ? nil : inners.add(slot)
        if strategy == .latest { latest.inner = slot }
        slot.inner = inner.start { [self] event in
            guard isCurrent(generation) else { return }
            switch event {
            case let .value(value): output.send(value: value)
            case let .failed(error): output.send(error: error)
            case .interrupted: output.sendInterrupted()
            case .completed:
                handle?.dispose()
                innerCompleted()
            }
        }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        strategy != .latest || mutex.withLock { _ in generation == self.generation }
    }

    private func innerCompleted() {
        let (next, done) = mutex.withLock { _ -> (Inner?, Bool) in
            running -= 1
            if strategy == .concat, !waiting.isEmpty {
                running = 1
                return (waiting.removeFirst(), false)
            }
            return (nil, running == 0 && outerCompleted)
        }
        if let next { start(next, generation: 0) }
        if done { output.sendCompleted() }
    }
}

enum FlattenOperator {
    static func make<V, E>(_ strategy: FlattenStrategy) -> Transform<SignalProducer<V, E>, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let flattener = Flattener(strategy, output: output, lifetime: lifetime)
            return Signal<SignalProducer<V, E>, E>.Observer(flattener.outer)
        }
    }
}

extension Signal {
    /// Each value mapped to a producer, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>) -> Signal<U, Error> {
        map(transform).lift(FlattenOperator.make(strategy))
    }

    /// Each value mapped to a signal, observed and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Signal<U, Error>) -> Signal<U, Error> {
        flatMap(strategy) { SignalProducer<U, Error>(transform($0)) }
    }
}

extension Signal where Error == Never {
    /// Each value mapped to a producer that can fail, run and combined per `strategy`.
    public func flatMap<U, F>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>) -> Signal<U, F> {
        promoteError(F.self).flatMap(strategy, transform)
    }

    /// Each value mapped to a producer that cannot fail either (the most specific overload).
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>) -> Signal<U, Never> {
        map(transform).lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer {
    /// Each value mapped to a producer, run and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        map(transform).lift(FlattenOperator.make(strategy))
    }

    /// Each value mapped to a signal, observed and combined per `strategy`.
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Signal<U, Error>) -> SignalProducer<U, Error> {
        flatMap(strategy) { SignalProducer<U, Error>(transform($0)) }
    }
}

extension SignalProducer where Error == Never {
    /// Each value mapped to a producer that can fail, run and combined per `strategy`.
    public func flatMap<U, F>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>) -> SignalProducer<U, F> {
        promoteError(F.self).flatMap(strategy, transform)
    }

    /// Each value mapped to a producer that cannot fail either (the most specific overload,
    /// so the two above are never ambiguous).
    public func flatMap<U>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>) -> SignalProducer<U, Never> {
        map(transform).lift(FlattenOperator.make(strategy))
    }
}

extension SignalProducer {
    /// The producers sent by this one, run and combined per `strategy`.
    public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Error> where Value == SignalProducer<U, Error> {
        lift(FlattenOperator.make(strategy))
    }

    /// Runs `producers` one after the other, per `strategy`.
    public static func merge<S: Sequence>(_ producers: S) -> SignalProducer where S.Element == SignalProducer {
        SignalProducer<SignalProducer, Error>(serial: { observer, _ in
            for producer in producers { observer.send(value: producer) }
            observer.sendCompleted()
        }).flatten(.merge)
    }

    /// The values of every producer, interleaved; completes when all have.
    public static func merge(_ producers: SignalProducer...) -> SignalProducer { merge(producers) }

    /// This run's values, then `next`'s.
    public func concat(_ next: SignalProducer) -> SignalProducer {
        SignalProducer<SignalProducer, Error>([self, next]).flatten(.concat)
    }

    /// `value` first, then this run's values.
    public func prefix(value: Value) -> SignalProducer { SignalProducer(value: value).concat(self) }

    /// Waits for this run to complete, ignoring its values, then runs `next`.
    public func then<U>(_ next: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        compactMap { _ -> U? in nil }.concat(next)
    }
}

extension Signal {
    /// The values of every signal, interleaved; completes when all have.
    public static func merge<S: Sequence>(_ signals: S) -> Signal where S.Element == Signal {
        SignalProducer<Value, Error>.merge(signals.map(SignalProducer.init)).startedAsSignal()
    }

    /// The values of every signal, interleaved; completes when all have.
    public static func merge(_ signals: Signal...) -> Signal { merge(signals) }
}

extension SignalProducer {
    /// Starts a run now and returns it as a signal; the run lasts while the signal has
    /// observers or references.
    func startedAsSignal() -> Signal<Value, Error> {
        startWithSignal { signal, _ in signal }
    }
}
