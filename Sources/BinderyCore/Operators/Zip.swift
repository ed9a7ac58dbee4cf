import BinderyPrimitives
import Synchronization

/// The values of two sources not yet paired, and which have completed.
private final class ZipBuffers<A, B>: @unchecked Sendable {
    // `@unchecked`: every field is only touched under `mutex`.
    private let mutex = Lock(())
    private var as_: [A] = []
    private var bs: [B] = []
    private var completedA = false
    private var completedB = false

    /// Adds a value from one side; returns a pair if one can now be made, and whether the zip
    /// is over (a completed side has nothing left to pair).
    func add(a value: A) -> (pair: (A, B)?, done: Bool) {
        mutex.withLock { _ in
            as_.append(value)
            return takePair()
        }
    }

    func add(b value: B) -> (pair: (A, B)?, done: Bool) {
        mutex.withLock { _ in
            bs.append(value)
            return takePair()
        }
    }

    /// Marks a side completed; returns whether the zip is over.
    func complete(first: Bool) -> Bool {
        mutex.withLock { _ in
            if first { completedA = true } else { completedB = true }
            return isDone
        }
    }

    private var isDone: Bool { (completedA && as_.isEmpty) || (completedB && bs.isEmpty) }

    private func takePair() -> (pair: (A, B)?, done: Bool) {
        guard !as_.isEmpty, !bs.isEmpty else { return (nil, isDone) }
        let pair = (as_.removeFirst(), bs.removeFirst())
        return (pair, isDone)
    }
}

enum ZipOperator {
    static func make<V, E, W>(with other: SignalProducer<W, E>) -> PairedTransform<V, E, (V, W), E> {
        { downstream, lifetime in
            let output = Signal<(V, W), E>.Observer.serializing(downstream, during: lifetime)
            let buffers = ZipBuffers<V, W>()
            func emit(_ result: (pair: (V, W)?, done: Bool)) {
                if let pair = result.pair { output.send(value: pair) }
                if result.done { output.sendCompleted() }
            }
            let startOther: () -> Void = {
                lifetime += other.start { event in
                    switch event {
                    case let .value(w): emit(buffers.add(b: w))
                    case let .failed(error): output.send(error: error)
                    case .completed: if buffers.complete(first: false) { output.sendCompleted() }
                    case .interrupted: output.sendInterrupted()
                    }
                }
            }
            let upstream = Signal<V, E>.Observer { event in
                switch event {
                case let .value(v): emit(buffers.add(a: v))
                case let .failed(error): output.send(error: error)
                case .completed: if buffers.complete(first: true) { output.sendCompleted() }
                case .interrupted: output.sendInterrupted()
                }
            }
            return (upstream, startOther)
        }
    }
}

extension Signal {
    /// Pairs of the n-th values of both; completes when either has completed and has no
    /// unpaired values left.
    public func zip<W>(with other: Signal<W, Error>) -> Signal<(Value, W), Error> {
        lift(paired: ZipOperator.make(with: SignalProducer(other)), with: other.lineage)
    }

    /// Pairs of the n-th values of `a` and `b`.
    public static func zip<B>(_ a: Signal, _ b: Signal<B, Error>) -> Signal<(Value, B), Error> { a.zip(with: b) }

    /// Triples of the n-th values of `a`, `b` and `c`.
    public static func zip<B, C>(_ a: Signal, _ b: Signal<B, Error>, _ c: Signal<C, Error>) -> Signal<(Value, B, C), Error> {
        a.zip(with: b).zip(with: c).map { ($0.0, $0.1, $1) }
    }

    /// Quadruples of the n-th values of `a`, `b`, `c` and `d`.
    public static func zip<B, C, D>(_ a: Signal, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>) -> Signal<(Value, B, C, D), Error> {
        zip(a, b, c).zip(with: d).map { ($0.0, $0.1, $0.2, $1) }
    }
}

extension SignalProducer {
    /// Pairs of the n-th values of both; completes when either has completed and has no
    /// unpaired values left.
    public func zip<W>(with other: SignalProducer<W, Error>) -> SignalProducer<(Value, W), Error> {
        lift(paired: ZipOperator.make(with: other), with: other.lineage)
    }

    /// Pairs of the n-th values of `a` and `b`.
    public static func zip<B>(_ a: SignalProducer, _ b: SignalProducer<B, Error>) -> SignalProducer<(Value, B), Error> { a.zip(with: b) }

    /// Triples of the n-th values of `a`, `b` and `c`.
    public static func zip<B, C>(_ a: SignalProducer, _ b: SignalProducer<B, Error>, _ c: SignalProducer<C, Error>) -> SignalProducer<(Value, B, C), Error> {
        a.zip(with: b).zip(with: c).map { ($0.0, $0.1, $1) }
    }

    /// Quadruples of the n-th values of `a`, `b`, `c` and `d`.
    public static func zip<B, C, D>(_ a: SignalProducer, _ b: SignalProducer<B, Error>, _ c: SignalProducer<C, Error>, _ d: SignalProducer<D, Error>) -> SignalProducer<(Value, B, C, D), Error> {
        zip(a, b, c).zip(with: d).map { ($0.0, $0.1, $0.2, $1) }
    }
}

extension SignalProducer {
    /// Arrays of the n-th values of every producer, in order; completes at once if there are
    /// none.
    public static func zip<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        zip(producers, ifEmpty: .empty)
    }

    /// Arrays of the n-th values of every producer, in order; sends `emptySentinel` and
    /// completes if there are none.
    public static func zip<S: Sequence>(_ producers: S, emptySentinel: [S.Element.Value]) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        zip(producers, ifEmpty: SignalProducer<[Value], Error>(value: emptySentinel))
    }

    static func zip<S: Sequence>(_ producers: S, ifEmpty: SignalProducer<[Value], Error>) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        var zipped: SignalProducer<[Value], Error>?
        for element in producers {
            let producer = element.producer
            zipped = zipped.map { $0.zip(with: producer).map { $0 + [$1] } } ?? producer.map { [$0] }
        }
        return zipped ?? ifEmpty
    }
}

extension Signal {
    /// Arrays of the n-th values of every signal, in order; completes at once if there are none.
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error> where S.Element == Signal {
        SignalProducer<Value, Error>.zip(signals.map { SignalProducer<Value, Error>($0) }).startedAsSignal()
    }
}
