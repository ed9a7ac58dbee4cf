import Synchronization

/// The side-effect hooks of `on(...)`.
struct EventHooks<Value, Error: Swift.Error> {
    var event: ((Signal<Value, Error>.Event) -> Void)?
    var failed: ((Error) -> Void)?
    var completed: (() -> Void)?
    var interrupted: (() -> Void)?
    var terminated: (() -> Void)?
    var disposed: (() -> Void)?
    var value: ((Value) -> Void)?

    func transform() -> Transform<Value, Error, Value, Error> {
        { downstream, lifetime in
            let end = EndClaim()
            lifetime.observeEnded {
                // A disposed run ends without an event passing through here (the interruption
                // is sent at the end of the chain): report it as the interruption it is.
                if end.claim() {
                    self.event?(.interrupted)
                    interrupted?()
                    terminated?()
                }
                disposed?()
            }
            return Signal<Value, Error>.Observer { event in
                if event.isTerminating {
                    guard end.claim() else { return }
                } else if end.isClaimed {
                    return
                }
                self.event?(event)
                switch event {
                case let .value(v): value?(v)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
                if event.isTerminating { terminated?() }
                downstream.send(event)
            }
        }
    }
}

/// Whether one run's hooks have reported its end; claimed once, by whichever comes first: the
/// terminal event, or the end of the run's lifetime (disposal).
private final class EndClaim: Sendable {
    private let claimed = Synchronization.Atomic<Bool>(false)

    func claim() -> Bool { !claimed.exchange(true, ordering: .acquiringAndReleasing) }

    var isClaimed: Bool { claimed.load(ordering: .acquiring) }
}

extension Signal {
    /// Runs the given side effects for each event, before passing it on. A run that is
    /// disposed reports `interrupted` and `terminated` (then `disposed`) to the hooks.
    public func on(
        event: ((Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> Signal {
        lift(EventHooks(event: event, failed: failed, completed: completed, interrupted: interrupted,
                        terminated: terminated, disposed: disposed, value: value).transform())
    }
}

extension SignalProducer {
    /// Runs the given side effects for each start and event, before passing it on.
    /// `starting` runs before the run starts, `started` after its start handler returned,
    /// `disposed` when the run's lifetime ends. A run that is disposed reports `interrupted` and
    /// `terminated` before `disposed`.
    public func on(
        starting: (() -> Void)? = nil,
        started: (() -> Void)? = nil,
        event: ((Signal<Value, Error>.Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> SignalProducer {
        let hooked = lift(EventHooks(event: event, failed: failed, completed: completed, interrupted: interrupted,
                                     terminated: terminated, disposed: disposed, value: value).transform())
        guard starting != nil || started != nil else { return hooked }
        return SignalProducer(lineage: lineage, serial: { observer, lifetime in
            starting?()
            hooked.start(observer, in: lifetime)
            started?()
        })
    }
}
