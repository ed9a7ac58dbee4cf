/// A cold stream: a recipe for a signal, run anew on every `start`.
///
/// Nothing happens when a producer is created; its side effects run once per `start`, on the
/// starting thread, and each start delivers its own events to its own observer. Disposing
/// what `start` returned interrupts that run: the observer gets `interrupted` (unless the run
/// already ended) and the run's lifetime ends, cancelling its work.
public struct SignalProducer<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: `startHandler` is immutable and only ever called by `start`; events it
    // sends reach the observer through a `SignalCore`, which serialises them.
    @usableFromInline typealias StartHandler = (Signal<Value, Error>.Observer, Lifetime) -> Void
    /// The kind of signal a run of this producer is.
    public typealias ProducedSignal = Signal<Value, Error>
    /// How a run starts when given an observer and the run's lifetime; `nil` for a producer
    /// that only has a direct start (see ``startHandler``).
    @usableFromInline let handler: StartHandler?
    /// What the producer's values derive from, for the binding graph (``PropertyLineage``):
    /// recorded when it is made, never looked at by a run.
    @usableFromInline let lineage: PropertyLineage
    /// For a property's or a signal's own producer, and those producers through `map`,
    /// `filter`, `compactMap` and `mapError`: starts a run delivering to a sink, as one
    /// subscription of the source's core (`SignalCore.startRun`), with no serialising
    /// `RunCore` and no observer per operator between them (``RunSink``). For a producer that
    /// sends what it holds and ends as it starts (`init(value:)`, `init(error:)`, `empty`):
    /// sends it to the sink and returns a disposable that is already disposed, and it is
    /// the producer's only start (``handler`` is `nil`). `nil` for every other producer,
    /// whose runs go through `startHandler`.
    @usableFromInline let directStart: ((RunSink<Value, Error>) -> Disposable)?

    /// Starts a run sending into `observer`, for as long as `lifetime` (what operators do
    /// upstream). A producer with only a direct start is started directly with the
    /// observer's action as its sink; its run's disposable goes to the lifetime, unless the
    /// run has already ended.
    @inlinable func start(_ observer: Signal<Value, Error>.Observer, in lifetime: Lifetime) {
        if let handler {
            handler(observer, lifetime)
            return
        }
        let run = directStart.unsafelyUnwrapped(.events(observer.action))
        if !run.isDisposed { lifetime.attach(run) }
    }

    /// `start(_:in:)` as a closure, for an operator that keeps its upstream's start rather
    /// than the whole producer.
    @inlinable var startHandler: StartHandler {
        if let handler { return handler }
        return { [self] observer, lifetime in start(observer, in: lifetime) }
    }

    /// A producer running `startHandler` on every start, with the observer to send into and the
    /// lifetime of that run. Events may be sent from any thread; they are serialised.
    @inlinable public init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void) {
        lineage = .unknown
        directStart = nil
        handler = { observer, lifetime in
            // A serialising core between the user's code and the operators after it, so that
            // stateful operators see one event at a time even if the user sends concurrently.
            let core = RunCore(observer)
            lifetime.attach(core)
            startHandler(core.input, core.lifetime)
        }
    }

    /// A producer whose start handler is trusted to send serially (Bindery's own sources and
    /// operators): no extra serialising core. Its values derive from what `lineage` says.
    /// Debug builds check the trust: two threads sending into one run at once stop the
    /// process (`SerialSendCheck`). `directStart`: see ``directStart``.
    @inlinable init(
        lineage: PropertyLineage = .unknown,
        directStart: ((RunSink<Value, Error>) -> Disposable)? = nil,
        serial startHandler: @escaping StartHandler
    ) {
        self.lineage = lineage
        self.directStart = directStart
        #if DEBUG
        handler = { observer, lifetime in
            startHandler(SerialSendCheck.checking(observer, "SignalProducer.init(serial:)"), lifetime)
        }
        #else
        handler = startHandler
        #endif
    }

    /// A producer that sends what it holds to a run's sink and ends as it starts: `start`
    /// delivers all of the run's events before it returns, the last one terminal, and returns
    /// ``EndedRun/shared``. It has no start handler of its own (``startHandler``): an
    /// action's execution, `start` and the operators above it run it without making an
    /// observer or a lifetime for it.
    @inlinable init(endingAsItStarts start: @escaping (RunSink<Value, Error>) -> Disposable) {
        lineage = .constant
        handler = nil
        directStart = start
    }

    /// A producer sending `value`, then completing.
    @inlinable public init(value: Value) {
        self.init(endingAsItStarts: Self.sendingAtOnce(value))
    }

    /// A producer running `action` on each start and sending its result, then completing.
    @inlinable public init(_ action: @escaping () -> Value) {
        self.init(serial: { observer, _ in
            observer.send(value: action())
            observer.sendCompleted()
        })
    }

    /// The producer of anything that can be one (a property, a signal, a producer).
    @inlinable public init<T: SignalProducerConvertible>(_ base: T) where T.Value == Value, T.Error == Error {
        self = base.producer
    }

    /// A producer sending the value of `result` and completing, or failing with its error.
    @inlinable public init(_ result: Result<Value, Error>) {
        self.init(result: result)
    }

    /// A producer failing with `error` at once.
    @inlinable public init(error: Error) {
        self.init(endingAsItStarts: { sink in
            sink.send(.failed(error))
            return EndedRun.shared
        })
    }

    /// A producer sending `value` or failing, per `result`.
    @inlinable public init(result: Result<Value, Error>) {
        switch result {
        case let .success(value): self.init(value: value)
        case let .failure(error): self.init(error: error)
        }
    }

    /// A producer sending each element of `sequence`, then completing; stops early when
    /// disposed.
    @inlinable public init<S: Sequence>(_ sequence: S) where S.Element == Value {
        self.init(lineage: .constant, serial: Self.sending(sequence))
    }

    /// A producer sending each of `first`, `second` and `tail`, then completing. At least two
    /// values, as ReactiveSwift's `init(values:_:_:)`: an array is a sequence, for `init(_:)`.
    @inlinable public init(values first: Value, _ second: Value, _ tail: Value...) {
        self.init([first, second] + tail)
    }

    /// A producer that, on each start, observes `signal` until it or the run ends.
    @inlinable public init(_ signal: Signal<Value, Error>) {
        self.init(lineage: signal.lineage, directStart: { signal.core.startRun($0, replaying: false) }, serial: { observer, lifetime in
            lifetime.attach(signal.core.attach(observer))
        })
    }

    /// A producer running `action` on each start and sending its result.
    @inlinable public init(_ action: @escaping () -> Result<Value, Error>) {
        self.init(serial: { observer, _ in
            switch action() {
            case let .success(value):
                observer.send(value: value)
                observer.sendCompleted()
            case let .failure(error):
                observer.send(error: error)
            }
        })
    }

    /// The direct start sending `value`, then completing.
    @inlinable static func sendingAtOnce(_ value: Value) -> (RunSink<Value, Error>) -> Disposable {
        { sink in
            sink.send(.value(value))
            sink.send(.completed)
            return EndedRun.shared
        }
    }

    /// The start handler sending each element of `sequence`, then completing; it stops early
    /// when the run is disposed.
    @inlinable static func sending<S: Sequence>(_ sequence: S) -> StartHandler where S.Element == Value {
        { observer, lifetime in
            for value in sequence {
                if lifetime.hasEnded { return }
                observer.send(value: value)
            }
            observer.sendCompleted()
        }
    }

    /// A producer that completes at once.
    @inlinable public static var empty: SignalProducer {
        SignalProducer(endingAsItStarts: { sink in
            sink.send(.completed)
            return EndedRun.shared
        })
    }

    /// A producer that never sends anything and never ends (until disposed).
    @inlinable public static var never: SignalProducer {
        SignalProducer(lineage: .constant, serial: { _, _ in })
    }

    // MARK: Starting

    /// Starts a run delivering to `observer`; disposing the result interrupts the run.
    @discardableResult
    @inlinable public func start(_ observer: Signal<Value, Error>.Observer = .init({ _ in })) -> Disposable {
        if let directStart { return directStart(.events(observer.action)) }
        return start(RunCore(observer))
    }

    /// Starts a run delivering every event to `action`.
    @discardableResult
    @inlinable public func start(_ action: @escaping (Signal<Value, Error>.Event) -> Void) -> Disposable {
        if let directStart { return directStart(.events(action)) }
        return start(RunCore(action: action))
    }

    /// Starts the run ending in `core`.
    @inlinable func start(_ core: RunCore<Value, Error>) -> Disposable {
        start(core.input, in: core.lifetime)
        return core
    }

    /// Starts a run delivering values as `.success` and a failure as `.failure`.
    @discardableResult
    @inlinable public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Starts a run calling `action` when it completes.
    @discardableResult
    @inlinable public func startWithCompleted(_ action: @escaping () -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(completed: action))
    }

    /// Starts a run calling `action` if it fails.
    @discardableResult
    @inlinable public func startWithFailed(_ action: @escaping (Error) -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(failed: action))
    }

    /// Starts a run calling `action` if it is interrupted.
    @discardableResult
    @inlinable public func startWithInterrupted(_ action: @escaping () -> Void) -> Disposable {
        start(Signal<Value, Error>.Observer(interrupted: action))
    }

    /// Starts a run and hands its events, as a signal, to `setup` before anything is sent, so
    /// `setup` can attach observers; returns what `setup` returned. A run disposed before
    /// `setup` returns never starts.
    @inlinable public func startWithSignal<Result>(_ setup: (Signal<Value, Error>, Disposable) -> Result) -> Result {
        let core = SignalCore<Value, Error>(owned: true)
        let signal = Signal(core: core, lineage: lineage)
        let result = setup(signal, RunDisposable(core))
        // Disposed inside `setup`: the run never starts, so it has no side effects.
        if !core.isTerminated {
            start(Signal<Value, Error>.Observer(core.send), in: core.lifetime)
        }
        return withExtendedLifetime(signal) { result }
    }
}

// ReactiveSwift repeats these initialisers for producers that cannot fail, so that a producer
// whose error type nothing determines (`SignalProducer(value: 1)` in a `flatMap` or `then`)
// is inferred as one that cannot fail, rather than being ambiguous.
extension SignalProducer where Error == Never {
    /// A producer sending `value`, then completing.
    @inlinable public init(value: Value) {
        self.init(endingAsItStarts: Self.sendingAtOnce(value))
    }

    /// A producer sending each element of `sequence`, then completing; stops early when
    /// disposed.
    @inlinable public init<S: Sequence>(_ sequence: S) where S.Element == Value {
        self.init(lineage: .constant, serial: Self.sending(sequence))
    }

    /// A producer sending each of `first`, `second` and `tail`, then completing (at least two
    /// values, as ReactiveSwift's `init(values:_:_:)`).
    @inlinable public init(values first: Value, _ second: Value, _ tail: Value...) {
        self.init([first, second] + tail)
    }
}

extension SignalProducer where Error == Never {
    /// Starts a run delivering each value to `action`.
    @discardableResult
    @inlinable public func startWithValues(_ action: @escaping (Value) -> Void) -> Disposable {
        if let directStart { return directStart(.values(action)) }
        return start(RunCore(values: action))
    }
}

/// What `start` returns: interrupts one run.
@usableFromInline final class RunDisposable<Value, Error: Swift.Error>: Disposable, Sendable {
    @usableFromInline let core: SignalCore<Value, Error>

    @inlinable init(_ core: SignalCore<Value, Error>) { self.core = core }

    @inlinable var isDisposed: Bool { core.isTerminated || core.hasDeferredInterruption }

    /// Interrupts the run; if an operator of the run delivers on a scheduler, it delivers the
    /// interruption there (see `RunCore.dispose`).
    @inlinable func dispose() {
        if core.defersInterruption {
            core.endLifetime()
        } else {
            core.send(.interrupted)
        }
    }
}
