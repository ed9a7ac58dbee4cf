/// A hot stream of events: values, then at most one terminal event.
///
/// A signal exists independently of its observers: observers attached late miss what was sent
/// before. Events are serialised (see `SignalCore`) even when the generator sends from many
/// threads, and an observer that sends back into the signal it observes does not deadlock:
/// its event is delivered after the current one has reached every observer.
///
/// A signal stays alive while its generator can still send or it has observers; once it has
/// terminated, or it has no observers and nothing references it, its generator's lifetime ends
/// and every observer is released.
public final class Signal<Value, Error: Swift.Error>: Sendable {
    @usableFromInline let core: SignalCore<Value, Error>
    /// What the signal was made from (``PropertyLineage``); for a property's own signal, the
    /// property's lineage (see ``lineage``). Recorded once, when the signal is made.
    @usableFromInline let recordedLineage: PropertyLineage
    /// Whether this is a property's own signal: a node of the binding graph.
    @usableFromInline let isPropertyNode: Bool

    /// Makes a signal and runs `generator` at once with the observer that sends into it and the
    /// lifetime that ends when the signal terminates or is abandoned.
    ///
    /// As in ReactiveSwift, the signal is interrupted when that observer is released: a
    /// generator that wants to send later keeps it (in a closure, or in `lifetime`).
    @inlinable public convenience init(_ generator: (Observer, Lifetime) -> Void) {
        self.init(lineage: .unknown, generator)
    }

    /// `init(_:)` for a signal made from streams of `lineage` (how operators record it).
    @inlinable init(lineage: PropertyLineage, _ generator: (Observer, Lifetime) -> Void) {
        core = SignalCore(owned: true)
        recordedLineage = lineage.resolved
        isPropertyNode = false
        let input = SignalInput(core)
        generator(Observer { input.core.send($0) }, core.lifetime)
    }

    /// The signal of `core`: a property's own (`propertyLineage` is then the property's) or
    /// a run's (`lineage` is then what the run was made from).
    @inlinable init(core: SignalCore<Value, Error>, lineage: PropertyLineage = .unknown, isPropertyNode: Bool = false) {
        self.core = core
        recordedLineage = lineage.resolved
        self.isPropertyNode = isPropertyNode
    }

    /// What the signal derives from, for the binding graph: a property's signal is that
    /// property; any other, what it was made from.
    @inlinable var lineage: PropertyLineage { isPropertyNode ? .node(self) : recordedLineage }

    deinit { core.ownerReleased() }

    /// A signal and the observer that sends into it. The signal's lifetime ends when it
    /// terminates or is abandoned; `disposable` is disposed then.
    @inlinable public static func pipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        pipe(lineage: .unknown, disposable: disposable)
    }

    /// `pipe(disposable:)` for a signal whose values derive from what `lineage` says (an
    /// action's `values` derive from the action).
    @inlinable static func pipe(lineage: PropertyLineage, disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        var input: Observer!
        let signal = Signal(lineage: lineage) { observer, lifetime in
            input = observer
            lifetime += disposable
        }
        return (signal, input)
    }

    /// A signal and the observer that sends into it, for observers that send back into it.
    /// Every Bindery signal already queues such sends and delivers them, in order, after the
    /// current event has reached every observer, so this is `pipe(disposable:)`.
    @inlinable public static func reentrantUnserializedPipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        pipe(disposable: disposable)
    }

    /// A signal that never sends anything and never ends.
    @inlinable public static var never: Signal {
        // Keeps its input until it ends (never, unless abandoned), so it is not interrupted.
        Signal(lineage: .constant) { observer, lifetime in lifetime.observeEnded { withExtendedLifetime(observer) {} } }
    }

    /// A signal that has already completed: observers get `interrupted` at once.
    @inlinable public static var empty: Signal {
        Signal(lineage: .constant) { observer, _ in observer.sendCompleted() }
    }

    /// Attaches `observer`; the returned disposable detaches it. An observer attached to a
    /// terminated signal gets `interrupted` at once, and `nil` is returned.
    @discardableResult
    @inlinable public func observe(_ observer: Observer) -> Disposable? {
        core.observe(observer)
    }

    /// Attaches a closure receiving every event.
    @discardableResult
    @inlinable public func observe(_ action: @escaping (Event) -> Void) -> Disposable? {
        observe(Observer(action))
    }

    /// Attaches a closure receiving each value as `.success` and a failure as `.failure`.
    @discardableResult
    @inlinable public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? {
        observe(Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Attaches a closure run when the signal completes.
    @discardableResult
    @inlinable public func observeCompleted(_ action: @escaping () -> Void) -> Disposable? {
        observe(Observer(completed: action))
    }

    /// Attaches a closure run when the signal fails.
    @discardableResult
    @inlinable public func observeFailed(_ action: @escaping (Error) -> Void) -> Disposable? {
        observe(Observer(failed: action))
    }

    /// Attaches a closure run when the signal is interrupted.
    @discardableResult
    @inlinable public func observeInterrupted(_ action: @escaping () -> Void) -> Disposable? {
        observe(Observer(interrupted: action))
    }
}

extension Signal: LineageNode {
    var nodeIdentity: AnyObject { core }
    var nodeLineage: PropertyLineage { recordedLineage }
}

/// What a signal's input observer holds: when the last input observer goes, the signal can
/// no longer receive events, so it is interrupted (ReactiveSwift's rule). A terminated core
/// ignores the interruption.
@usableFromInline final class SignalInput<Value, Error: Swift.Error>: Sendable {
    @usableFromInline let core: SignalCore<Value, Error>

    @inlinable init(_ core: SignalCore<Value, Error>) { self.core = core }

    deinit { core.send(.interrupted) }
}
