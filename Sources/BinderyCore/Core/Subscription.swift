import Synchronization

extension SignalCore {
    /// One attached observer, and the disposable that detaches it. `active` turns false when
    /// it is removed, so events already queued for it are not delivered.
    ///
    /// A producer run's lifetime holds the subscription itself (one object per observer, not
    /// two); `observe` hands out an `Observation` around it instead, which lets go of it when
    /// disposed, so a disposable kept after disposal does not keep the observer alive.
    ///
    /// A subscription can also be a whole run (`isRun`, see `startRun`): what `start` returns
    /// for a property's or a signal's own producer, which needs nothing between the core and
    /// the observer. Disposing it interrupts its observer, in order with the core's loop.
    @usableFromInline final class Subscription: Disposable, @unchecked Sendable {
        // `@unchecked`: `runSink` is only touched by the thread that owns the core's delivery
        // loop (or, for a run disposed while the loop is idle, by the disposing thread, which
        // nothing can overlap then: see `interruptRun`), one event at a time; `action`,
        // `isRun` and `detach` are immutable; the flags are atomic.

        /// The observer's action, held directly so delivery skips one indirection; unused
        /// by a run.
        @usableFromInline let action: Signal<Value, Error>.Delivery
        /// A run's observer; `released` for any other subscription.
        @exclusivity(unchecked) @usableFromInline var runSink: RunSink<Value, Error>
        @usableFromInline let active = Synchronization.Atomic<Bool>(true)
        @usableFromInline let disposed = Synchronization.Atomic<Bool>(false)
        /// Whether this subscription is a run of its own (see the type's comment).
        @usableFromInline let isRun: Bool
        /// Removes this subscription from its core, or for a run, interrupts it through the
        /// core's loop: a closure whose only capture is the core (so it needs no context
        /// object of its own), made in the core's specialised code. `dispose()` is reached
        /// through `Disposable`, where this generic class's methods run unspecialised; the
        /// closure keeps the work itself specialised.
        @usableFromInline let detach: (Subscription) -> Void

        /// A subscription delivering every event to `observer`.
        @inlinable init(_ observer: Observer, core: SignalCore) {
            action = observer.action
            runSink = .released
            isRun = false
            detach = { [core] in core.remove($0) }
        }

        /// A run delivering to `sink`.
        @inlinable init(run sink: RunSink<Value, Error>, core: SignalCore) {
            action = { _ in }
            runSink = sink
            isRun = true
            detach = { [core] in core.interruptRun($0) }
        }

        @inlinable var isDisposed: Bool { disposed.load(ordering: .acquiring) }

        /// Detaches the subscription (interrupting it, for a run), once.
        @inlinable func dispose() {
            guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            detach(self)
        }

        /// Delivers `event`, taking it (see `Signal.Delivery`). Called by the loop's owner only.
        @inlinable func receive(_ event: consuming Event) {
            if isRun { receiveAsRun(event) } else { action(event) }
        }

        /// Delivers `event` to a run's observer; after a terminal event, lets go of it, and
        /// the run counts as disposed.
        ///
        /// The sink is moved out for the call and back after it, rather than copied: a copy
        /// retains and releases the observer's closure context on every event. Nobody can see
        /// it moved out: the loop never delivers two events to one subscription at once, nor
        /// re-enters it (a re-entrant send is queued).
        @inlinable func receiveAsRun(_ event: consuming Event) {
            let terminal = event.isTerminating
            var taken = RunSink<Value, Error>.released
            swap(&taken, &runSink)
            switch consume taken {
            case let .events(action):
                action(event)
                if !terminal { runSink = .events(action) }
            case let .values(action):
                if case let .value(value) = event { action(value) }
                if !terminal { runSink = .values(action) }
            case .released:
                return
            }
            if terminal { disposed.store(true, ordering: .releasing) }
        }
    }
}
