#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BinderyPrimitives
import Synchronization

/// The construction of view models on one thread, during which each stateful operator
/// created on that thread takes the next ``RestorationSlot``, starting from the matching
/// ``RestorationSeed`` if there is one (docs/RESTART-DESIGN.md).
///
/// A host builds each view model inside ``building(from:_:)``, saves the slots' states with
/// each version, and on a restart builds the view model again from seeds made of them: the
/// operators created in the same places start from their saved states, without sending
/// anything and without running any user code.
///
/// Guarantees:
/// - Slots are taken in creation order on the building thread only: operators created on
///   other threads meanwhile, or on this thread before or after `building`, have no slot and
///   pay one relaxed atomic load of a global counter to find that out.
/// - The operators that take a slot (those of signals and properties; an operator of a
///   producer is made fresh by each run, whose start replays its sources, so it has none):
///   `MutableProperty`, `Property(initial:then:)`, `MutableListProperty` (the rows), and on
///   `Signal`: `scan` (both forms), `reduce`, `combinePrevious`, `skipRepeats`,
///   `sample(with:)` / `sample(on:)`, `take(first:)`, `skip(first:)`.
/// - A seed is used only by the slot of its index, when its signature is the slot's and its
///   state decodes into the slot's state type; a seeded operator sends nothing at creation
///   that it would not send unseeded.
/// - From the first slot whose seed cannot be used (``mismatch``), that slot and every later
///   one of this scope start fresh: the construction order no longer matches the saved one.
/// - Scopes nest: a scope opened while building (a child view model) takes the slots of
///   what is built inside it, and the outer scope continues after it.
public final class RestorationScope: @unchecked Sendable {
    // `@unchecked`: `seeds` never changes; `slots` and `mismatch` are only reached under
    // `mutex` (the building thread appends, any thread reads).
    private let seeds: [Int: RestorationSeed]
    private let mutex = Lock(Taken())

    private struct Taken {
        var slots: [RestorationSlot] = []
        var mismatch: RestorationMismatch?
    }

    private init(seeds: [RestorationSeed]) {
        self.seeds = Dictionary(seeds.map { ($0.index, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Runs `body` (the construction of one view model) with a new scope open on this
    /// thread, seeding its operators from `seeds` (none: every slot starts fresh), and
    /// returns what `body` returned with the scope, whose slots stay readable for as long as
    /// it is kept.
    public static func building<T>(from seeds: [RestorationSeed] = [], _ body: () throws -> T) rethrows -> (value: T, scope: RestorationScope) {
        let scope = RestorationScope(seeds: seeds)
        let previous = pthread_getspecific(openScopeKey)
        pthread_setspecific(openScopeKey, Unmanaged.passUnretained(scope).toOpaque())
        openScopes.add(1, ordering: .relaxed)
        defer {
            openScopes.subtract(1, ordering: .relaxed)
            pthread_setspecific(openScopeKey, previous)
        }
        return (try body(), scope)
    }

    /// The slots taken, in construction order (a slot's ``RestorationSlot/index`` is its
    /// place here).
    public var slots: [RestorationSlot] { mutex.withLock { $0.slots } }

    /// The first slot whose seed could not be used, if any.
    public var mismatch: RestorationMismatch? { mutex.withLock { $0.mismatch } }

    // MARK: Taking slots

    /// How many scopes are open, on every thread: an operator made while none is pays this
    /// one load and nothing else.
    @usableFromInline static let openScopes = Synchronization.Atomic<Int>(0)

    /// Whether a scope is open on any thread (one relaxed load): what an operator checks
    /// before looking for one on its own thread.
    @inlinable static var isAnyOpen: Bool { openScopes.load(ordering: .relaxed) != 0 }

    /// The state an operator of `kind` starts from, and its slot: `initial` and no slot
    /// outside a scope; inside one, the next slot, and its seed's state if it fits.
    @inlinable static func seeded<State>(_ kind: StaticString, _ initial: State) -> (state: State, slot: RestorationSlot?) {
        guard isAnyOpen else { return (initial, nil) }
        return slotIfOpen(kind, initial)
    }

    @usableFromInline static func slotIfOpen<State>(_ kind: StaticString, _ initial: State) -> (state: State, slot: RestorationSlot?) {
        guard let open = pthread_getspecific(openScopeKey) else { return (initial, nil) }
        let scope = Unmanaged<RestorationScope>.fromOpaque(open).takeUnretainedValue()
        let (state, slot) = scope.take(kind: "\(kind)", initial: initial)
        return (state, slot)
    }

    /// Makes the next slot for an operator of `kind` keeping a `State`, and the state it
    /// starts from.
    private func take<State>(kind: String, initial: State) -> (State, RestorationSlot) {
        let signature = "\(kind):\(State.self)"
        let isCodable = State.self is any (Encodable & Decodable).Type
        // Only the building thread takes slots, so the index read here is still the next
        // one when the slot is appended; the seed is decoded outside the lock.
        let (index, afterMismatch) = mutex.withLock { ($0.slots.count, $0.mismatch != nil) }
        var state = initial
        var mismatch: RestorationMismatch?
        let outcome: RestorationSlot.Outcome
        if afterMismatch {
            outcome = .mismatched
        } else if let seed = seeds[index] {
            if seed.signature != signature {
                mismatch = RestorationMismatch(index: index, signature: signature, savedSignature: seed.signature, reason: .signatureDiffers)
                outcome = .mismatched
            } else if !isCodable {
                outcome = .notCodable(typeName: "\(State.self)")
            } else {
                switch seed.decoded(as: State.self) {
                case let .success(saved):
                    state = saved
                    outcome = .seeded
                case let .failure(reason):
                    mismatch = RestorationMismatch(index: index, signature: signature, savedSignature: seed.signature, reason: reason)
                    outcome = .mismatched
                }
            }
        } else {
            outcome = isCodable ? .fresh : .notCodable(typeName: "\(State.self)")
        }
        let slot = RestorationSlot(index: index, signature: signature, outcome: outcome, state: state)
        mutex.withLock { taken in
            if let mismatch { taken.mismatch = mismatch }
            taken.slots.append(slot)
        }
        return (state, slot)
    }
}

/// The thread-specific key holding the innermost scope open on a thread (unretained: the
/// scope is kept alive by `building` for as long as it is set).
private let openScopeKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
