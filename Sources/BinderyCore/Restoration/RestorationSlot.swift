import BinderyPrimitives

/// The state of one stateful operator created while a ``RestorationScope`` was open: its
/// place in the construction order, what it is, whether it started from a seed, and its
/// latest state.
///
/// Guarantees:
/// - ``current()`` may be called from any thread at any time; it returns the state the
///   operator last recorded and how many changes it has recorded (0 at creation), read
///   together under the slot's lock. The host saves a slot again only when ``current()``'s
///   `changes` moved since it last saved it.
/// - The state is recorded by the operator itself as it changes, on the thread that changes
///   it: a `scan`'s accumulator when it computes a value, a property's value when it is
///   delivered. Whatever an observer of the operator's output sees, the slot holds that
///   state or a later one. A list (`MutableListProperty`) only counts its edits, and
///   ``current()`` reads its rows when asked: keeping a copy per edit would make each edit
///   copy every row. Its rows are then at least as new as the count returned with them.
/// - When ``outcome`` is not ``Outcome/notCodable(typeName:)``, the value is `Encodable` and
///   its type `Decodable` (checked once, when the slot is made).
public final class RestorationSlot: @unchecked Sendable, CustomStringConvertible {
    // `@unchecked`: `index`, `signature` and `outcome` never change; the latest state and its
    // change count are only reached under `mutex`. The value handed out is the operator's
    // state itself: a value type is a copy; a class the operator shares is shared as it is.

    /// How a slot's operator started.
    public enum Outcome: Sendable, Hashable {
        /// From its seed.
        case seeded
        /// From its initial state: the scope had no seed for this index.
        case fresh
        /// From its initial state because this slot's seed, or an earlier slot's, did not fit
        /// (``RestorationScope/mismatch`` says which and why).
        case mismatched
        /// From its initial state: its state type is not `Codable`, so it is never saved nor
        /// seeded (the host names it as reset after a restart).
        case notCodable(typeName: String)
    }

    /// The slot's place in its scope's construction order, from 0.
    public let index: Int
    /// The operator's kind and its state's type: `scan:Array<Message>`, `Property:Bool`.
    public let signature: String
    /// How the operator started.
    public let outcome: Outcome

    private let mutex: Lock<Latest>

    // `@unchecked`: only reached under `mutex`; see the class's comment for the value.
    private struct Latest: @unchecked Sendable {
        var changes: UInt64
        var value: Any
        /// Reads the state when asked, for an operator that only counts its changes.
        var read: (() -> Any)?
    }

    init(index: Int, signature: String, outcome: Outcome, state: Any) {
        self.index = index
        self.signature = signature
        self.outcome = outcome
        mutex = Lock(Latest(changes: 0, value: state, read: nil))
    }

    /// The latest state and how many changes have been recorded since the operator was made
    /// (0: the state is still the seed, or the initial state).
    public func current() -> (changes: UInt64, value: Any) {
        let latest = mutex.withLock { $0 }
        return (latest.changes, latest.read?() ?? latest.value)
    }

    /// Records `state` as the operator's latest: what an operator calls when its state changes.
    @usableFromInline func record(_ state: Any) {
        let recorded = Latest(changes: 0, value: state, read: nil)
        mutex.withLock { latest in
            latest.changes &+= 1
            latest.value = recorded.value
        }
    }

    /// Has ``current()`` read the state with `read` from now on: for an operator whose state
    /// is too large to keep a copy of at each change, which calls ``recordChange()`` instead.
    func readState(with read: @escaping () -> Any) {
        let reading = Latest(changes: 0, value: (), read: read)
        mutex.withLock { $0.read = reading.read }
    }

    /// Counts a change of a state ``current()`` reads when asked (``readState(with:)``).
    func recordChange() {
        mutex.withLock { $0.changes &+= 1 }
    }

    /// `index signature outcome`, for logs and test failures.
    public var description: String { "slot \(index) \(signature) \(outcome)" }
}
