#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Sets several properties as ONE change: every property the body sets holds its new value
/// before any observer hears of any of them, so no work their observers start — a request
/// that reads another input, a binding — sees some of the new values and not the others.
///
/// Guarantees, for ``run(_:)`` on one thread:
/// - *Store first*: a `MutableProperty` whose `value` the body sets stores it at once (its
///   `value` reads it) but delivers nothing during the body. Once the body returns, each such
///   property delivers its value as it is then, once, in the order they were first set.
/// - *Combined once*: while those deliveries run, a `combineLatest` of the current thread
///   keeps what each side sends and sends its pair only after every property of the
///   transaction has been delivered — once, with all of them — so a combined value never
///   pairs a new value with an old one the same transaction replaced. A pair sent that way
///   that reaches another `combineLatest` is likewise held for the next round, until none
///   is left; all of this happens before ``run(_:)`` returns. Rounds are not ordered by
///   depth: a combination of combinations may send one intermediate value before its last,
///   which has every new value.
/// - Everything else an observer does during the deliveries (a property set by a binding, an
///   action applied, work started) happens at once, as outside a transaction — reading every
///   property the transaction set as set. Until the combined round, a property a
///   `combineLatest` feeds (`Property.combineLatest`, an action's `isEnabled`) still reads
///   its value from before the transaction.
/// - A transaction opened inside another (on the same thread) joins it. Sets made on other
///   threads, and outside ``run(_:)``, are not affected. An observer attaching during the body
///   sees a property's stored value when it starts and then once more when it is delivered.
///
/// Costs nothing to a set or a combined value while no transaction is open anywhere (one
/// relaxed atomic load).
public enum PropertyTransaction {
    /// How many transactions are open, on any thread: the fast path's test.
    @usableFromInline static let openCount = Synchronization.Atomic<Int>(0)

    /// Whether any thread has a transaction open.
    @inlinable static var isAnyOpen: Bool { openCount.load(ordering: .relaxed) > 0 }

    /// Runs `body` as one transaction (see the type's notes); returns once every property it
    /// set has been delivered and every combined value it held has been sent.
    public static func run(_ body: () -> Void) {
        let slot = TransactionSlot.mine()
        guard slot.phase == .closed else { return body() }
        slot.phase = .storing
        openCount.add(1, ordering: .relaxed)
        defer {
            slot.phase = .closed
            openCount.subtract(1, ordering: .relaxed)
        }
        body()
        slot.phase = .delivering
        let held = slot.held
        slot.held.removeAll()
        slot.heldCores.removeAll()
        for deliver in held { deliver() }
        // Rounds: a combined value sent in one round may be held again by the next combiner.
        while !slot.combined.isEmpty {
            let round = slot.combined
            slot.combined.removeAll()
            for send in round { send() }
        }
    }

    /// Inside a transaction's body on this thread: stores `value` in `core` without
    /// delivering it, and has the transaction deliver it after the body; returns false (the
    /// caller delivers as usual) anywhere else.
    @usableFromInline static func hold<Value, Failure>(_ value: Value, in core: SignalCore<Value, Failure>) -> Bool {
        guard let slot = TransactionSlot.current, slot.phase == .storing else { return false }
        core.mutex.withLock { _ in core.current = value }
        if slot.heldCores.insert(ObjectIdentifier(core)).inserted {
            slot.held.append { core.sendStoring(core.currentValue) }
        }
        return true
    }

    /// While a transaction on this thread delivers its properties: has it call `send` after
    /// them (once per round) and returns true; returns false (the caller sends now) anywhere
    /// else.
    @usableFromInline static func holdCombined(_ send: @escaping () -> Void) -> Bool {
        guard let slot = TransactionSlot.current, slot.phase == .delivering else { return false }
        slot.combined.append(send)
        return true
    }
}

/// One thread's transaction. `@unchecked Sendable`: each slot is only ever touched by the
/// thread whose thread-specific value it is.
final class TransactionSlot: @unchecked Sendable {
    enum Phase { case closed, storing, delivering }

    var phase = Phase.closed
    /// The deliveries of the properties the body set, in first-set order.
    var held: [() -> Void] = []
    var heldCores: Set<ObjectIdentifier> = []
    /// The combined values held for the next round.
    var combined: [() -> Void] = []

    /// This thread's slot, if it has made one.
    static var current: TransactionSlot? {
        guard let slot = pthread_getspecific(transactionKey) else { return nil }
        return Unmanaged<TransactionSlot>.fromOpaque(slot).takeUnretainedValue()
    }

    /// This thread's slot, made on first use (released when the thread ends).
    static func mine() -> TransactionSlot {
        if let slot = current { return slot }
        let slot = TransactionSlot()
        pthread_setspecific(transactionKey, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }
}

/// The thread-specific key of ``TransactionSlot``; its destructor releases a thread's slot.
private let transactionKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<TransactionSlot>.fromOpaque(pointer).release()
    }
    return key
}()
