import BinderyPrimitives
import Synchronization

/// The machinery shared by `Signal`, a started `SignalProducer` and `MutableProperty`: a bag
/// of observers and a serial, re-entrant-safe delivery loop.
///
/// Delivery rules (see docs/CONTRACTS.md):
/// - one event at a time: whoever finds the core idle delivers, and events sent meanwhile —
///   from other threads or from inside an observer (re-entrantly) — are queued and delivered
///   by that same thread, in send order, after the current event has reached every observer;
/// - each event goes to the observers attached when it was sent, minus any removed since;
/// - the first terminal event is the last: later sends are dropped, every observer is released
///   and the generator's lifetime ends once it has been delivered.
///
/// Claiming the loop and queueing happen under `mutex`, together with storing the current
/// value and taking the snapshot of observers. Releasing the loop does not take the lock: the
/// loop's owner is recorded in the atomic word `loop`, and the deliverer releases it with one
/// compare-and-swap `delivering` → idle, which fails if a sender marked `hasPending` first.
/// A sender (under `mutex`) marks `hasPending` with a compare-and-swap that succeeds only while
/// `delivering` is still set, and otherwise claims the loop itself. Both swaps act on the same
/// word, so exactly one sees the other: a queued event always has a deliverer. `hasPending` is
/// only changed under `mutex` and is set exactly while `pending` holds undelivered events.
@usableFromInline final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: every stored `var` below is read and written only under `mutex` (which is
    // also why their dynamic exclusivity checks are turned off); `loop` is atomic, and the
    // thread that set its `delivering` bit owns the delivery loop until it clears it again.
    @usableFromInline typealias Event = Signal<Value, Error>.Event
    @usableFromInline typealias Observer = Signal<Value, Error>.Observer
    @usableFromInline typealias Targets = SubscriptionList<Subscription>

    // The order of the stored properties is deliberate; keep it when adding one: the two
    // 32-bit words share a slot; the three flags and the 32-bit queue head sit in the padding
    // after `observers` (an enum, whose tag takes a ninth byte); `current` comes last, so a
    // small `Value`'s optional tag only adds its byte at the end. The sizes this gives:
    // BENCHMARKS.md, "Layout and allocations".
    @usableFromInline let mutex = Lock(())
    /// Who owns the delivery loop: `delivering` and `hasPending` bits (see the type's comment).
    @usableFromInline let loop = Synchronization.Atomic<UInt32>(0)
    @usableFromInline static var delivering: UInt32 { 1 }
    @usableFromInline static var hasPending: UInt32 { 2 }
    @exclusivity(unchecked) @usableFromInline var observers: Targets = []
    @exclusivity(unchecked) @usableFromInline var terminated = false
    @exclusivity(unchecked) @usableFromInline var hasOwner: Bool
    /// Whether `observers` is not empty: written under `mutex` whenever they change, read
    /// without it by `send`, so a value nobody observes costs no lock (an action's `events`).
    @usableFromInline let isObserved = Synchronization.Atomic<Bool>(false)
    /// The index in `pending` of the next event to deliver.
    @exclusivity(unchecked) @usableFromInline var pendingHead: Int32 = 0
    @exclusivity(unchecked) @usableFromInline var pending: ContiguousArray<Queued> = []
    /// What the generator's lifetime holds; disposed once the core has terminated.
    /// Made on first use: most properties never need one.
    @exclusivity(unchecked) @usableFromInline var disposablesIfMade: CompositeDisposable?
    /// The latest value, for properties; `nil` for plain signals.
    @exclusivity(unchecked) @usableFromInline var current: Value?

    /// What the generator's lifetime holds; disposed once the core has terminated.
    @inlinable var disposables: CompositeDisposable {
        let (composite, alreadyEnded) = mutex.withLock { _ -> (CompositeDisposable, Bool) in
            if let made = disposablesIfMade { return (made, false) }
            let made = CompositeDisposable()
            disposablesIfMade = made
            return (made, terminated && loop.load(ordering: .relaxed) & Self.delivering == 0)
        }
        if alreadyEnded { composite.end() }
        return composite
    }

    /// The generator's lifetime: it ends when the core terminates.
    @inlinable var lifetime: Lifetime { Lifetime(disposables) }

    /// Whether an operator of this run delivers its interruption on a scheduler.
    @inlinable var defersInterruption: Bool {
        mutex.withLock { _ in disposablesIfMade }?.defersInterruption.load(ordering: .acquiring) ?? false
    }

    /// Whether a deferred interruption has been asked for (the lifetime ended early).
    @inlinable var hasDeferredInterruption: Bool {
        guard let made = mutex.withLock({ _ in disposablesIfMade }) else { return false }
        return made.defersInterruption.load(ordering: .acquiring) && made.hasEnded
    }

    /// Ends the generator's lifetime, if anyone asked for it.
    @inlinable func endLifetime() {
        mutex.withLock { _ in disposablesIfMade }?.end()
    }

    /// - parameter owned: whether a `Signal` (or property) wrapper holds this core; a core
    ///   whose owner is gone ends as soon as its last observer leaves.
    @inlinable init(owned: Bool, current: Value? = nil) {
        self.hasOwner = owned
        self.current = current
    }

    // MARK: Sending

    /// Sends `event` to the current observers (or queues it behind the event being delivered).
    @inlinable func send(_ event: __owned Event) {
        // A value nobody observes would reach an empty snapshot: skip the lock. An observer
        // attached before this send has set the flag, which the acquiring load sees.
        if case .value = event, !isObserved.load(ordering: .acquiring) { return }
        // The snapshot is written into `targets` rather than returned as an optional: an
        // optional `SubscriptionList` costs a retain and a release more per event.
        var targets = Targets()
        let claimed = mutex.withLock { _ -> Bool in
            guard !terminated else { return false }
            if event.isTerminating {
                terminated = true
                if case .interrupted = event { dropQueuedValues() }
            }
            return claim(event, snapshot: &targets)
        }
        if claimed { deliver(event, to: consume targets) }
    }

    /// Claims the delivery loop, setting `snapshot` to the current observers, and returns
    /// `true`; or queues `event` behind the delivery under way and returns `false`. Must be
    /// called under `mutex`.
    @inlinable func claim(_ event: Event, snapshot: inout Targets) -> Bool {
        guard claimOrEnqueue(event, to: observers) else { return false }
        snapshot = observers
        return true
    }

    /// `claim(.value(value), snapshot:)`, making the event only if it is queued: a sender
    /// that claims delivers its value itself, moved into the event it delivers, so an event
    /// made here would be one more copy of the value. Must be called under `mutex`.
    @inlinable func claim(value: Value, snapshot: inout Targets) -> Bool {
        guard claimOrMarkPending() else {
            pending.append(Queued(.value(value), to: observers))
            return false
        }
        snapshot = observers
        return true
    }

    /// Stores `value` as the current value and sends it, atomically with respect to readers
    /// and to observers attaching with `observeReplaying`. Takes `value` (a setter's new
    /// value), so that the event delivered is made from it without a copy; the one copy is
    /// the stored one.
    @inlinable func sendStoring(_ value: consuming Value) {
        var targets = Targets()
        let claimed = mutex.withLock { _ -> Bool in
            guard !terminated else { return false }
            current = copy value
            return claim(value: value, snapshot: &targets)
        }
        if claimed { deliver(.value(consume value), to: consume targets) }
    }

    /// Mutates the current value in place under the lock, sends the result, and returns what
    /// `body` returned. `body` must not touch this core.
    @inlinable func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        var targets = Targets()
        let (result, claimed, value) = try mutex.withLock { _ -> (Result, Bool, Value) in
            var value = current!
            let result = try body(&value)
            current = value
            guard !terminated else { return (result, false, value) }
            return (result, claim(value: value, snapshot: &targets), value)
        }
        if claimed { deliver(.value(value), to: consume targets) }
        return result
    }

    /// Runs `body` on the current value under the lock and sends the value only if `body`
    /// returns `true` (it changed). Returns what `body` returned. `body` must not touch this core.
    @inlinable func update(_ body: (inout Value) -> Bool) -> Bool {
        var targets = Targets()
        let (changed, claimed) = mutex.withLock { _ -> (Bool, Value?) in
            var value = current!
            guard body(&value) else { return (false, nil) }
            current = value
            guard !terminated, claim(value: value, snapshot: &targets) else { return (true, nil) }
            return (true, value)
        }
        if let claimed { deliver(.value(claimed), to: consume targets) }
        return changed
    }

    /// Runs `body` under the lock — where it may change state the caller keeps under this
    /// core's `mutex` — and sends the value it returns, if any, in order with every other
    /// send. Returns `body`'s result. `body` must not touch this core (list properties).
    @inlinable func send<Result>(computing body: () -> (Result, Value?)) -> Result {
        var targets = Targets()
        let (result, claimed) = mutex.withLock { _ -> (Result, Value?) in
            let (result, value) = body()
            guard let value, !terminated, claim(value: value, snapshot: &targets) else { return (result, nil) }
            return (result, value)
        }
        if let claimed { deliver(.value(claimed), to: consume targets) }
        return result
    }

    /// The current value (properties only).
    @inlinable var currentValue: Value { mutex.withLock { _ in current! } }

    /// Whether a current value has been stored.
    @inlinable var hasCurrentValue: Bool { mutex.withLock { _ in current != nil } }

    /// The delivery loop: delivers `event`, then everything queued meanwhile. `targets` is
    /// consumed: the snapshot taken under the lock is handed over without another retain.
    /// The common case (one event, nothing queued) is inline, and `event` is the sender's
    /// own, taken: a single observer gets the event itself (see `Signal.Delivery`), so it
    /// costs no copy of the value (a `var` the loop reassigns, captured by the visiting
    /// closure, cost two copies per event); the queue is drained out of line.
    @inlinable func deliver(_ event: consuming Event, to targets: consuming Targets) {
        let terminal = event.isTerminating
        Self.deliver(event, to: targets)
        if terminal {
            finishTermination()
            return
        }
        guard let next = releaseOrTakeNext() else { return }
        deliverQueued(startingWith: next)
    }

    /// The rest of the delivery loop, once `releaseOrTakeNext()` found `next` queued: delivers
    /// it and whatever is queued after it, until a release finds nothing queued or the
    /// terminal event is delivered.
    @inlinable @inline(never) func deliverQueued(startingWith next: Queued) {
        var next = next
        while true {
            Self.deliver(next.event, to: next.targets)
            if next.event.isTerminating {
                finishTermination()
                return
            }
            guard let following = releaseOrTakeNext() else { return }
            next = following
        }
    }

    /// Delivers `event` to each subscription of `targets` that is still active: to a single
    /// one, the event itself. A switch of its own rather than `visit`, and several observers
    /// out of line: with the loop inline (or through a closure), the optimiser kept the
    /// sender's event alive across the call and handed even a single observer a copy.
    @inlinable @inline(__always) static func deliver(_ event: consuming Event, to targets: consuming Targets) {
        switch (consume targets).storage {
        case .none:
            return
        case let .one(subscription):
            if subscription.active.load(ordering: .relaxed) { subscription.receive(event) }
        case let .many(subscriptions):
            deliver(event, toEach: subscriptions)
        }
    }

    /// `deliver(_:to:)` for several observers: each gets a copy. (Handing the last one the
    /// event itself cost W3, 1,000 observers of an `Int`, 4–5 instructions a delivery in
    /// the loop's bookkeeping, for a copy that a trivial value does not need.)
    @inlinable @inline(never) static func deliver(_ event: consuming Event, toEach subscriptions: ContiguousArray<Subscription>) {
        for subscription in subscriptions where subscription.active.load(ordering: .relaxed) {
            subscription.receive(copy event)
        }
    }

    @inlinable func finishTermination() {
        let (released, last) = mutex.withLock { _ -> (Targets, Value?) in
            defer {
                observers = []
                isObserved.store(false, ordering: .releasing)
                pending = []
                pendingHead = 0
                loop.store(0, ordering: .releasing)
            }
            return (observers, releaseLastValueIfUnreachable())
        }
        withExtendedLifetime(last) {}
        for subscription in released { subscription.active.store(false, ordering: .relaxed) }
        endLifetime()
    }

    // MARK: Observers

    /// Attaches `observer`. On a terminated core the observer gets `interrupted` at once and
    /// `nil` is returned.
    @inlinable func observe(_ observer: Observer) -> Disposable? {
        attach(observer).map(Observation.init)
    }

    /// Attaches `observer` and returns its subscription, which detaches it when disposed: for
    /// a run's lifetime, which lets go of it once disposed (`observe` wraps it for anyone
    /// else). On a terminated core the observer gets `interrupted` at once and `nil` is
    /// returned.
    @inlinable func attach(_ observer: Observer) -> Subscription? {
        attach(Subscription(observer, core: self))
    }

    /// Attaches `subscription` and returns it; on a terminated core, it gets `interrupted` at
    /// once and `nil` is returned.
    @inlinable func attach(_ subscription: Subscription) -> Subscription? {
        let added = mutex.withLock { _ -> Bool in
            guard !terminated else { return false }
            observers.append(subscription)
            isObserved.store(true, ordering: .releasing)
            return true
        }
        guard added else {
            subscription.receive(.interrupted)
            return nil
        }
        return subscription
    }

    /// Attaches `observer` and delivers the current value to it first, in order with every
    /// value sent later. On a terminated core the observer gets the last value (if it is
    /// still kept, see `releaseLastValueIfUnreachable`), then `completed`. The subscription
    /// returned is for a run's lifetime (see `attach`).
    @inlinable func observeReplaying(_ observer: Observer) -> Subscription? {
        observeReplaying(observer) { current }
    }

    /// Attaches `observer` and delivers `first()` (computed under the lock, so it is in order
    /// with every value sent later) to it first. On a terminated core the observer gets
    /// `first()` if it is not `nil`, then `completed`. `first()` must not be `nil` while the
    /// core is not terminated. The subscription returned is for a run's lifetime (see `attach`).
    @inlinable func observeReplaying(_ observer: Observer, first: () -> Value?) -> Subscription? {
        observeReplaying(Subscription(observer, core: self), first: first)
    }

    /// `observeReplaying(_:first:)` for a subscription already made (a run's, see
    /// `startRun`).
    @inlinable func observeReplaying(_ subscription: Subscription, first: () -> Value?) -> Subscription? {
        let outcome = mutex.withLock { _ -> ReplayStart in
            guard !terminated else { return .ended(first()) }
            let value = first()!
            observers.append(subscription)
            isObserved.store(true, ordering: .releasing)
            // The one-element target list is only made if the value has to be queued.
            return claimOrEnqueue(.value(value), to: [subscription]) ? .deliverNow(value) : .queued
        }
        switch outcome {
        case let .ended(last):
            if let last { subscription.receive(.value(last)) }
            subscription.receive(.completed)
            return nil
        case .queued:
            break
        case let .deliverNow(value):
            // Still active: it cannot have been removed yet, nor the core terminated, since
            // this thread owns the loop.
            subscription.receive(.value(value))
            if let next = releaseOrTakeNext() { deliverQueued(startingWith: next) }
        }
        return subscription
    }

    /// A producer whose runs observe this core replaying the current value (properties). It
    /// holds `owner`, the core's `Signal`, so the core stays owned, and its last value kept,
    /// while the producer exists.
    @inlinable func replayingProducer(keeping owner: Signal<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer(lineage: owner.lineage, directStart: { sink in
            withExtendedLifetime(owner) { self.startRun(sink, replaying: true) }
        }, serial: { observer, lifetime in
            withExtendedLifetime(owner) { lifetime.attach(self.observeReplaying(observer)) }
        })
    }

    @usableFromInline enum ReplayStart {
        case ended(Value?)
        case queued
        case deliverNow(Value)
    }

    @inlinable func remove(_ subscription: Subscription) {
        subscription.active.store(false, ordering: .relaxed)
        let abandoned = mutex.withLock { _ in removeObserver(subscription).abandoned }
        if abandoned { endLifetime() }
    }

    /// Removes `subscription` from the observers; a core left with none and no owner is
    /// abandoned: it terminates, and the caller ends its lifetime once the lock is released.
    /// Must be called under `mutex`.
    @inlinable func removeObserver(_ subscription: Subscription) -> (found: Bool, abandoned: Bool) {
        let found = observers.remove(subscription)
        isObserved.store(!observers.isEmpty, ordering: .releasing)
        guard observers.isEmpty, !hasOwner, !terminated else { return (found, false) }
        terminated = true
        return (found, true)
    }

    /// Called when the owning wrapper goes away: a core nobody can observe any more and that
    /// has no observers left stops its generator.
    @inlinable func ownerReleased() {
        let (abandoned, last) = mutex.withLock { _ -> (Bool, Value?) in
            hasOwner = false
            guard observers.isEmpty else { return (false, nil) }
            let wasTerminated = terminated
            terminated = true
            return (!wasTerminated, releaseLastValueIfUnreachable())
        }
        withExtendedLifetime(last) {}
        if abandoned { endLifetime() }
    }

    /// Lets go of the last value once the core has terminated and its owner is gone: nothing
    /// can read it any more (a property's `value` and producers hold the owner), and an
    /// observation kept after the end (a run still going on, observing this core among
    /// others) must not keep that value alive, as in ReactiveSwift. Returns the value, to be
    /// released outside the lock (its deinitialiser may do anything). Must be called under
    /// `mutex`.
    @inlinable func releaseLastValueIfUnreachable() -> Value? {
        guard terminated, !hasOwner, current != nil else { return nil }
        defer { current = nil }
        return current
    }

    /// Whether a terminal event has been accepted.
    @inlinable var isTerminated: Bool { mutex.withLock { _ in terminated } }
}
