/// What reaches a combined run's serialising core: a value or the completion of one side.
/// Failures and interruptions travel as the core's own terminal events.
@usableFromInline enum CombineLatestInput<A, B> {
    case a(A)
    case b(B)
    case completedA
    case completedB
    /// Send the latest pair now: the end of a ``PropertyTransaction``'s deliveries.
    case flush
}

/// The latest value of each side, which sides have completed, and whether the combined run has
/// sent its terminal event. Only touched by the combined run's delivery loop (`RunCore`), which
/// runs one event at a time, so it needs no lock of its own (hence no dynamic exclusivity
/// checks).
@usableFromInline final class CombinedLatest<A, B> {
    @exclusivity(unchecked) @usableFromInline var a: A?
    @exclusivity(unchecked) @usableFromInline var b: B?
    @exclusivity(unchecked) @usableFromInline var completedA = false
    @exclusivity(unchecked) @usableFromInline var completedB = false
    /// Both sides completed and `completed` went downstream: nothing follows it.
    @exclusivity(unchecked) @usableFromInline var finished = false
    /// A pair is held for the end of a ``PropertyTransaction``'s deliveries (sent by `flush`).
    @exclusivity(unchecked) @usableFromInline var held = false
    /// Sends `.flush` through the combined run's core (set once the core exists).
    @exclusivity(unchecked) @usableFromInline var flush: (() -> Void)?
    /// `a`, `b`: a signal's seeds (``RestorationScope``); `nil` for a producer's run.
    @inlinable init(a: A? = nil, b: B? = nil) {
        self.a = a
        self.b = b
    }

    /// Stores `value` as side A's latest and sends the pair, once side B has sent a value.
    /// Takes `value` (the caller's last use of it) so that it moves into the pair, and only
    /// the stored copy and the other side's value are copies.
    @inlinable func receiveA<E>(_ value: consuming A, send: Signal<(A, B), E>.Delivery) {
        guard !finished else { return }
        a = copy value
        // Read in place, not bound (`if let`): binding copies the other side's value once
        // more than the pair needs.
        if b != nil, !holdsPair() { send(.value((value, b.unsafelyUnwrapped))) }
    }

    /// `receiveA` for side B. Nothing B sends after its terminal event counts (its own run
    /// dropped it).
    @inlinable func receiveB<E>(_ value: consuming B, send: Signal<(A, B), E>.Delivery) {
        guard !finished, !completedB else { return }
        b = copy value
        if a != nil, !holdsPair() { send(.value((a.unsafelyUnwrapped, value))) }
    }

    /// Sends the latest pair, held until the end of a ``PropertyTransaction``'s deliveries.
    @inlinable func sendHeldPair<E>(send: Signal<(A, B), E>.Delivery) {
        held = false
        guard !finished, a != nil, b != nil else { return }
        send(.value((a.unsafelyUnwrapped, b.unsafelyUnwrapped)))
    }

    /// Whether the pair this would send now is held for the end of a ``PropertyTransaction``'s
    /// deliveries on this thread (one flush per round, however many values arrive meanwhile).
    @inlinable func holdsPair() -> Bool {
        guard PropertyTransaction.isAnyOpen else { return false }
        if held { return true }
        guard let flush, PropertyTransaction.holdCombined(flush) else { return false }
        held = true
        return true
    }
}

@usableFromInline enum CombineLatestOperator {
    /// The observer for this side's events, and the start of `other`. Producers run `other`
    /// after this side's start handler, so synchronous sources combine in ReactiveSwift's order
    /// (each of `other`'s values paired with this side's latest).
    ///
    /// Both sides send into one serialising core (`RunCore`), whose delivery loop stores the
    /// value and sends the pair: one claim per value, where a lock around the pair and a
    /// serialising core after it took two. Storing in delivery order also means a pair is never
    /// overtaken by an older one when both sides send from different threads. `other` runs
    /// with a lifetime of its own that ends when it terminates (as a run of its own did), but
    /// without a core of its own: the combined core already serialises what it sends.
    ///
    /// A value that finds the core idle is stored and paired by its sender, which has claimed
    /// the core's loop (`RunCore.claim`), exactly as the core's action would (both call
    /// `receiveA`/`receiveB`), without being wrapped in an input event first; only a value
    /// that has to wait for another delivery is queued as one.
    @inlinable static func parts<V, E, W>(
        with other: SignalProducer<W, E>,
        downstream: Signal<(V, W), E>.Observer,
        lifetime: Lifetime,
        latest: CombinedLatest<V, W> = CombinedLatest()
    ) -> (upstream: Signal<V, E>.Observer, startOther: () -> Void) {
        let send = downstream.action
        let core = RunCore<CombineLatestInput<V, W>, E>(action: { event in
            switch event {
            case let .value(.a(v)): latest.receiveA(v, send: send)
            case let .value(.b(w)): latest.receiveB(w, send: send)
            case .value(.flush): latest.sendHeldPair(send: send)
            case .value(.completedA), .value(.completedB):
                guard !latest.finished else { return }
                if case .value(.completedA) = event { latest.completedA = true } else { latest.completedB = true }
                guard latest.completedA, latest.completedB else { return }
                latest.finished = true
                send(.completed)
            case let .failed(error): if !latest.finished { send(.failed(error)) }
            case .completed: break
            case .interrupted: if !latest.finished { send(.interrupted) }
            }
        })
        latest.flush = { [weak core] in core?.send(.value(.flush)) }
        lifetime.attach(core)
        let startOther: () -> Void = {
            // `other`'s lifetime: ended when `other` terminates, or with the combined run.
            let otherRun = CompositeDisposable()
            lifetime.attach(otherRun)
            // `otherRun.end()` in each terminal case rather than once after the switch: code
            // after it kept the event alive past the value's case, which then bound `w` by
            // copy (half a copy of the string per W2 set).
            other.start(Signal<W, E>.Observer { event in
                switch consume event {
                case let .value(w):
                    guard core.claim(.value(.b(w)), terminal: false) else { return }
                    // `consume`: moved, not copied again, into the value stored or paired.
                    latest.receiveB(consume w, send: send)
                    core.release()
                case let .failed(error):
                    core.send(.failed(error))
                    otherRun.end()
                case .completed:
                    core.send(.value(.completedB))
                    otherRun.end()
                case .interrupted:
                    core.send(.interrupted)
                    otherRun.end()
                }
            }, in: Lifetime(otherRun))
        }
        let upstream = Signal<V, E>.Observer { event in
            switch consume event {
            case let .value(v):
                guard core.claim(.value(.a(v)), terminal: false) else { return }
                latest.receiveA(consume v, send: send)
                core.release()
            case let .failed(error): core.send(.failed(error))
            case .completed: core.send(.value(.completedA))
            case .interrupted: core.send(.interrupted)
            }
        }
        return (upstream, startOther)
    }
}

extension Signal {
    /// Pairs of the latest values of both, once each has sent one; completes when both have.
    /// Each side's latest value takes a restoration slot (see `RestorationScope`).
    @inlinable public func combineLatest<W>(with other: Signal<W, Error>) -> Signal<(Value, W), Error> {
        let (a, slotA) = RestorationScope.seeded("combineLatest", Value?.none)
        let (b, slotB) = RestorationScope.seeded("combineLatest", W?.none)
        // Each side's latest value is the last one it sent: recorded as it arrives.
        let otherSide = slotB.map { slot in SignalProducer(other).on(value: { slot.record($0 as W? as Any) }) } ?? SignalProducer(other)
        return lift(paired: { downstream, lifetime in
            let (upstream, startOther) = CombineLatestOperator.parts(with: otherSide, downstream: downstream, lifetime: lifetime, latest: CombinedLatest(a: a, b: b))
            return (slotA.map { RestorationRecording.recording(upstream, in: $0) { $0 as Value? as Any } } ?? upstream, startOther)
        }, with: other.lineage)
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
