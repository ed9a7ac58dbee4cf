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
final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: every stored `var` below is read and written only under `mutex`, except
    // that the thread which set `delivering` owns the delivery loop until it clears it again.
    typealias Event = Signal<Value, Error>.Event
    typealias Observer = Signal<Value, Error>.Observer
    typealias Targets = ContiguousArray<Subscription>

    /// One attached observer. `active` turns false when it is removed, so events already
    /// queued for it are not delivered.
    final class Subscription: Sendable {
        let observer: Observer
        let active = Atomic<Bool>(true)
        init(_ observer: Observer) { self.observer = observer }
    }

    private let mutex = Mutex(())
    private var observers: Targets = []
    private var pending: ContiguousArray<(Event, Targets)> = []
    private var pendingHead = 0
    private var delivering = false
    private var terminated = false
    private var hasOwner: Bool
    /// The latest value, for properties; `nil` for plain signals.
    private var current: Value?
    /// Ends the generator's lifetime once the core has terminated.
    let lifetimeToken = Lifetime.Token()

    /// - parameter owned: whether a `Signal` (or property) wrapper holds this core; a core
    ///   whose owner is gone ends as soon as its last observer leaves.
    init(owned: Bool, current: Value? = nil) {
        self.hasOwner = owned
        self.current = current
    }

    // MARK: Sending

    /// Sends `event` to the current observers (or queues it behind the event being delivered).
    func send(_ event: Event) {
        let targets = mutex.withLock { _ -> Targets? in
            guard !terminated else { return nil }
            if event.isTerminating { terminated = true }
            return enqueueOrClaim(event, to: observers)
        }
        if let targets { deliver(event, to: targets) }
    }

    /// Stores `value` as the current value and sends it, atomically with respect to readers
    /// and to observers attaching with `observeReplaying`.
    func sendStoring(_ value: Value) {
        let targets = mutex.withLock { _ -> Targets? in
            guard !terminated else { return nil }
            current = value
            return enqueueOrClaim(.value(value), to: observers)
        }
        if let targets { deliver(.value(value), to: targets) }
    }

    /// Mutates the current value in place under the lock, sends the result, and returns what
    /// `body` returned. `body` must not touch this core.
    func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let (result, targets, value) = try mutex.withLock { _ -> (Result, Targets?, Value) in
            var value = current!
            let result = try body(&value)
            current = value
            guard !terminated else { return (result, nil, value) }
            return (result, enqueueOrClaim(.value(value), to: observers), value)
        }
        if let targets { deliver(.value(value), to: targets) }
        return result
    }

    /// Runs `body` on the current value under the lock and sends the value only if `body`
    /// returns `true` (it changed). Returns what `body` returned. `body` must not touch this core.
    func update(_ body: (inout Value) -> Bool) -> Bool {
        let (changed, claimed) = mutex.withLock { _ -> (Bool, (Targets, Value)?) in
            var value = current!
            guard body(&value) else { return (false, nil) }
            current = value
            guard !terminated, let targets = enqueueOrClaim(.value(value), to: observers) else { return (true, nil) }
            return (true, (targets, value))
        }
        if let (targets, value) = claimed { deliver(.value(value), to: targets) }
        return changed
    }

    /// The current value (properties only).
    var currentValue: Value { mutex.withLock { _ in current! } }

    /// Whether a current value has been stored.
    var hasCurrentValue: Bool { mutex.withLock { _ in current != nil } }

    /// Queues `event` if another delivery is under way, or claims the delivery loop and
    /// returns the targets to deliver to. Must be called under `mutex`.
    private func enqueueOrClaim(_ event: Event, to targets: Targets) -> Targets? {
        if delivering {
            pending.append((event, targets))
            return nil
        }
        delivering = true
        return targets
    }

    /// The delivery loop: delivers `event`, then everything queued meanwhile.
    private func deliver(_ event: Event, to targets: Targets) {
        var event = event
        var targets = targets
        while true {
            for subscription in targets where subscription.active.load(ordering: .relaxed) {
                subscription.observer.action(event)
            }
            if event.isTerminating {
                finishTermination()
                return
            }
            let next = mutex.withLock { _ -> (Event, Targets)? in
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
            (event, targets) = next
        }
    }

    private func finishTermination() {
        let released = mutex.withLock { _ -> Targets in
            defer {
                observers = []
                pending = []
                pendingHead = 0
                delivering = false
            }
            return observers
        }
        for subscription in released { subscription.active.store(false, ordering: .relaxed) }
        lifetimeToken.dispose()
    }

    // MARK: Observers

    /// Attaches `observer`. On a terminated core the observer gets `interrupted` at once and
    /// `nil` is returned.
    func observe(_ observer: Observer) -> Disposable? {
        let subscription = Subscription(observer)
        let added = mutex.withLock { _ -> Bool in
            guard !terminated else { return false }
            observers.append(subscription)
            return true
        }
        guard added else {
            observer.sendInterrupted()
            return nil
        }
        return Observation(core: self, subscription: subscription)
    }

    /// Attaches `observer` and delivers the current value to it first, in order with every
    /// value sent later. On a terminated core the observer gets the last value, then
    /// `completed`.
    func observeReplaying(_ observer: Observer) -> Disposable? {
        let subscription = Subscription(observer)
        let outcome = mutex.withLock { _ -> ReplayStart in
            guard !terminated else { return .ended(current!) }
            observers.append(subscription)
            return enqueueOrClaim(.value(current!), to: [subscription]) == nil ? .queued : .deliverNow(current!)
        }
        switch outcome {
        case let .ended(last):
            observer.send(value: last)
            observer.sendCompleted()
            return nil
        case .queued:
            break
        case let .deliverNow(value):
            deliver(.value(value), to: [subscription])
        }
        return Observation(core: self, subscription: subscription)
    }

    /// A producer whose runs observe this core replaying the current value (properties).
    var replayingProducer: SignalProducer<Value, Error> {
        SignalProducer(serial: { observer, lifetime in
            lifetime += self.observeReplaying(observer)
        })
    }

    private enum ReplayStart {
        case ended(Value)
        case queued
        case deliverNow(Value)
    }

    fileprivate func remove(_ subscription: Subscription) {
        subscription.active.store(false, ordering: .relaxed)
        let abandoned = mutex.withLock { _ -> Bool in
            if let index = observers.firstIndex(where: { $0 === subscription }) {
                observers.remove(at: index)
            }
            guard observers.isEmpty, !hasOwner, !terminated else { return false }
            terminated = true
            return true
        }
        if abandoned { lifetimeToken.dispose() }
    }

    /// Called when the owning wrapper goes away: a core nobody can observe any more and that
    /// has no observers left stops its generator.
    func ownerReleased() {
        let abandoned = mutex.withLock { _ -> Bool in
            hasOwner = false
            guard observers.isEmpty, !terminated else { return false }
            terminated = true
            return true
        }
        if abandoned { lifetimeToken.dispose() }
    }

    /// Whether a terminal event has been accepted.
    var isTerminated: Bool { mutex.withLock { _ in terminated } }
}

/// The disposable `observe` returns: removes one subscription from its core, and lets go of
/// it, so a disposable kept after disposal does not keep the observer (and what its closure
/// captured) alive.
private final class Observation<Value, Error: Swift.Error>: Disposable {
    private let core: SignalCore<Value, Error>
    private let subscription: Mutex<SignalCore<Value, Error>.Subscription?>

    init(core: SignalCore<Value, Error>, subscription: SignalCore<Value, Error>.Subscription) {
        self.core = core
        self.subscription = Mutex(subscription)
    }

    var isDisposed: Bool { subscription.withLock { $0 == nil } }

    func dispose() {
        guard let removed = subscription.withLock({ $0.take() }) else { return }
        core.remove(removed)
    }
}
