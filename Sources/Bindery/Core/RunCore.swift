import Synchronization

/// The end of one producer run (and of every operator that merges several sources): it
/// delivers events to a single observer one at a time, in send order, re-entrancy-safe, drops
/// everything after the first terminal event, and then ends the run's lifetime.
///
/// A slimmer `SignalCore` for exactly one observer: no observer bag, no snapshots, and it is
/// itself the disposable that interrupts the run.
@usableFromInline
final class RunCore<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex` (hence no dynamic exclusivity
    // checks), except `action`, which only the thread owning the delivery loop (the one that
    // set `delivering`) calls and, after the terminal event, clears.
    @usableFromInline typealias Event = Signal<Value, Error>.Event

    @usableFromInline let mutex = Mutex(())
    @exclusivity(unchecked) @usableFromInline var action: ((Event) -> Void)?
    @exclusivity(unchecked) @usableFromInline var pending: ContiguousArray<Event> = []
    @exclusivity(unchecked) @usableFromInline var pendingHead = 0
    @exclusivity(unchecked) @usableFromInline var delivering = false
    @exclusivity(unchecked) @usableFromInline var terminated = false
    /// What the run's lifetime holds; disposed once the terminal event has been delivered.
    @usableFromInline let disposables = CompositeDisposable()

    @inlinable init(_ observer: Signal<Value, Error>.Observer) {
        action = observer.action
    }

    /// The run's lifetime.
    @inlinable var lifetime: Lifetime { Lifetime(disposables) }

    /// The observer a run's start handler sends into.
    @inlinable var input: Signal<Value, Error>.Observer { Signal<Value, Error>.Observer(send) }

    @inlinable func send(_ event: Event) {
        let claimed = mutex.withLock { _ -> Bool in
            guard !terminated else { return false }
            if event.isTerminating { terminated = true }
            if delivering {
                pending.append(event)
                return false
            }
            delivering = true
            return true
        }
        guard claimed else { return }
        var event = event
        while true {
            action?(event)
            if event.isTerminating {
                mutex.withLock { _ in
                    action = nil
                    pending = []
                    pendingHead = 0
                    delivering = false
                }
                disposables.dispose()
                return
            }
            let next = mutex.withLock { _ -> Event? in
                guard pendingHead < pending.count else {
                    if !pending.isEmpty { pending.removeAll() }
                    pendingHead = 0
                    delivering = false
                    return nil
                }
                defer { pendingHead += 1 }
                return pending[pendingHead]
            }
            guard let next else { return }
            event = next
        }
    }

    /// Whether the run has ended.
    @inlinable var isDisposed: Bool { mutex.withLock { _ in terminated } }

    /// Interrupts the run (nothing happens if it already ended).
    @inlinable func dispose() { send(.interrupted) }
}
