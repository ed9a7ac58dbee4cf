import BinderyPrimitives
import Synchronization

/// The end of one producer run (and of every operator that merges several sources): it
/// delivers events to a single observer one at a time, in send order, re-entrancy-safe, drops
/// everything after the first terminal event, and then ends the run's lifetime.
///
/// A slimmer `SignalCore` for exactly one observer: no observer bag, no snapshots, and it is
/// itself the disposable that interrupts the run.
///
/// The delivery loop is claimed and released with one atomic word, `state`, so an uncontended
/// event costs two compare-and-swaps and no lock. Only an event that arrives while another
/// delivers (from another thread, or re-entrantly from the observer) goes through `queued`:
///
/// - *Claim*: a sender that finds `delivering` clear sets it (with `terminated` if its event is
///   terminal) in one compare-and-swap, and from then on owns the loop and `sink`.
/// - *Queue*: a sender that finds `delivering` set takes `mutex` and, in one
///   compare-and-swap, sets `hasPending` *only while `delivering` is still set*, then appends.
///   If the deliverer released in between, the swap fails and the sender goes back to claiming.
/// - *Release*: the deliverer swaps `delivering` → idle only if the word is exactly
///   `delivering`. If a sender set `hasPending` first, the swap fails and the deliverer takes
///   the queue (under `mutex`, clearing `hasPending` there) and delivers it.
///
/// Both swaps touch the same word, so exactly one of them sees the other: either the sender's
/// mark lands first and the deliverer finds the queue, or the release lands first and the
/// sender claims the loop itself. No event is ever left queued with nobody delivering.
/// `hasPending` is only changed under `mutex`, so when it is set the queue is not
/// empty, and the deliverer, taking that lock, sees everything appended.
///
/// The run's lifetime is the core itself: a `RunCore` is the `CompositeDisposable` holding what
/// the run's lifetime holds (one object per run instead of two), ended with `end()` once the
/// terminal event has been delivered. As a `Disposable` (what `start` returns), it interrupts
/// the run instead.
@usableFromInline
final class RunCore<Value, Error: Swift.Error>: CompositeDisposable, @unchecked Sendable {
    // `@unchecked`: `sink` is only touched by the thread that owns the delivery loop (the one
    // whose compare-and-swap set `delivering`; ownership passes between threads through the
    // acquiring claim and the releasing release of `state`), and is cleared by it after the
    // terminal event; `queued` is only touched under `mutex` (the composite's: neither holds
    // it while calling out, so they never nest; hence no dynamic exclusivity checks); `state`
    // is atomic.
    @usableFromInline typealias Event = Signal<Value, Error>.Event

    /// A thread owns the delivery loop.
    @usableFromInline static var delivering: UInt32 { 1 }
    /// `queued` holds events; only set while `delivering` is, only changed under `mutex`.
    @usableFromInline static var hasPending: UInt32 { 2 }
    /// A terminal event has been accepted; every later event is dropped. Never cleared.
    @usableFromInline static var terminated: UInt32 { 4 }

    @usableFromInline let state = Synchronization.Atomic<UInt32>(0)
    /// Events sent while another thread (or the observer itself) was delivering.
    @exclusivity(unchecked) @usableFromInline var queued: ContiguousArray<Event> = []
    /// `send(.interrupted)`, as a closure without captures made in `init`, which runs
    /// specialised for `Value` and `Error`. `dispose()` is mostly reached through `Disposable`
    /// (a run's lifetime, the disposable `start` returns), and there, in a generic class, it
    /// runs unspecialised and would look up generic metadata for every event it touches.
    @usableFromInline let interrupt: (RunCore) -> Void
    /// Last, so that the enum's tag byte (if it needs one) ends the object.
    /// Where the run delivers: every event, or only the values (`startWithValues`, which so
    /// needs no closure around the user's closure).
    @exclusivity(unchecked) @usableFromInline var sink: RunSink<Value, Error>

    @inlinable convenience init(_ observer: Signal<Value, Error>.Observer) {
        self.init(action: observer.action)
    }

    /// A run delivering to `action` directly: `start` with a closure does not wrap it in an
    /// `Observer` first (the optimiser often removed that object already, so this is for the
    /// cases where it cannot).
    @inlinable init(action: @escaping Signal<Value, Error>.Delivery) {
        sink = .events(action)
        interrupt = { $0.send(.interrupted) }
        super.init()
    }

    /// A run delivering only its values to `action`.
    @inlinable init(values action: @escaping (Value) -> Void) {
        sink = .values(action)
        interrupt = { $0.send(.interrupted) }
        super.init()
    }

    /// The run's lifetime.
    @inlinable var lifetime: Lifetime { Lifetime(self) }

    /// The observer a run's start handler sends into.
    @inlinable var input: Signal<Value, Error>.Observer { Signal<Value, Error>.Observer(send) }

    @inlinable func send(_ event: __owned Event) {
        guard claim(event, terminal: event.isTerminating) else { return }
        if deliverOne(event) { return }
        release()
    }

    /// Claims the delivery loop for `event` and returns `true`: the calling thread then owns
    /// the loop and `sink`, delivers `event` and calls `release()` (`send` does both). Returns
    /// `false` if another thread delivers now, `event` (only then made) having been queued
    /// for it, or if the run has ended, `event` being dropped.
    ///
    /// An operator that serialises through this core may claim for a value and then deliver
    /// it itself, inline, instead of through the sink (`combineLatest`, which so neither
    /// wraps the value in an event nor copies it into one): it must do exactly what its sink
    /// does with that value, and must not do so for a terminal event, whose delivery also
    /// lets go of the sink and ends the run (`deliverOne`).
    @inlinable func claim(_ event: @autoclosure () -> Event, terminal isTerminating: Bool) -> Bool {
        let terminal: UInt32 = isTerminating ? Self.terminated : 0
        var observed = state.load(ordering: .relaxed)
        while true {
            if observed & Self.terminated != 0 { return false }
            if observed & Self.delivering == 0 {
                let (claimed, original) = state.compareExchange(
                    expected: observed, desired: observed | Self.delivering | terminal,
                    successOrdering: .acquiring, failureOrdering: .relaxed)
                if claimed { return true }
                observed = original
                continue
            }
            guard enqueueBehindDeliverer(event(), terminal: terminal) else {
                // The deliverer released before the event could be queued: claim instead.
                observed = state.load(ordering: .relaxed)
                continue
            }
            return false
        }
    }

    /// Queues `event` for the thread delivering now. Returns `false` if delivery ended before
    /// the event was queued (the caller then claims the loop itself); an event arriving after
    /// the terminal one counts as handled (dropped). Kept out of line: it is the contended
    /// path, and inlined, its lock's setup (a thread-local read) ran on every uncontended send.
    @inline(never) @usableFromInline func enqueueBehindDeliverer(_ event: Event, terminal: UInt32) -> Bool {
        mutex.withLock { _ in
            var observed = state.load(ordering: .relaxed)
            while true {
                if observed & Self.terminated != 0 { return true }
                if observed & Self.delivering == 0 { return false }
                let (marked, original) = state.compareExchange(
                    expected: observed, desired: observed | Self.hasPending | terminal, ordering: .relaxed)
                if marked {
                    queued.append(event)
                    return true
                }
                observed = original
            }
        }
    }

    /// Run by the loop's owner after delivering a non-terminal event: releases the loop, or,
    /// if events were queued meanwhile, delivers them, until a release finds nothing queued
    /// or the terminal event is delivered. The common case (nothing queued) is inline; the
    /// queue is drained out of line.
    @inlinable func release() {
        if state.compareExchange(
            expected: Self.delivering, desired: 0,
            successOrdering: .releasing, failureOrdering: .relaxed
        ).exchanged { return }
        deliverQueued()
    }

    /// The rest of the delivery loop, once a release found `hasPending` set: takes everything
    /// queued so far and delivers it, until a release finds nothing queued or the terminal
    /// event is delivered.
    @inline(never) @usableFromInline func deliverQueued() {
        while true {
            let batch = mutex.withLock { _ -> ContiguousArray<Event> in
                state.bitwiseAnd(~Self.hasPending, ordering: .relaxed)
                defer { queued = [] }
                return queued
            }
            for event in batch {
                if deliverOne(event) { return }
            }
            if state.compareExchange(
                expected: Self.delivering, desired: 0,
                successOrdering: .releasing, failureOrdering: .relaxed
            ).exchanged { return }
        }
    }

    /// Delivers one event; after the terminal one, lets go of the observer and ends the run's
    /// lifetime, and returns `true`.
    ///
    /// The sink is moved out of the object for the call and moved back after it, rather than
    /// copied: a copy retains and releases the observer's closure context on every event,
    /// which cost more than the rest of the hop. Nobody can see it moved out: only the loop's
    /// owner touches `sink`, and it cannot come back here during the call (a re-entrant send
    /// is queued, see the type's comment).
    @inlinable func deliverOne(_ event: __owned Event) -> Bool {
        let terminal = event.isTerminating
        var taken = RunSink<Value, Error>.released
        swap(&taken, &sink)
        switch consume taken {
        case let .events(action):
            action(event)
            if !terminal { sink = .events(action) }
        case let .values(action):
            if case let .value(value) = event { action(value) }
            if !terminal { sink = .values(action) }
        case .released:
            break
        }
        guard terminal else { return false }
        // `terminated` was set when this event was accepted, so nothing was queued after it
        // and no one will claim the loop again: the observer, not put back, is let go here.
        end()
        return true
    }

    /// Whether the run has ended, or its interruption is on its way (see `dispose`).
    @inlinable override var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.terminated != 0
            || (defersInterruption.load(ordering: .acquiring) && hasEnded)
    }

    /// Interrupts the run (nothing happens if it already ended). If an operator of the run
    /// delivers on a scheduler, the run's lifetime ends now and that operator delivers
    /// `interrupted` on its scheduler, as ReactiveSwift does.
    @inlinable override func dispose() {
        if defersInterruption.load(ordering: .acquiring) {
            end()
        } else {
            interrupt(self)
        }
    }
}
