import BinderyPrimitives
import Synchronization

/// Counts responses sent, by status code, for `/metrics`. Thread-safe.
///
/// Every worker thread counts every response, so a shared lock here was taken twice per
/// request across threads; the valid status codes (100–999) instead get one atomic slot
/// each, incremented without a lock. Other values (only reachable through the public
/// ``record(_:)``) go to a locked dictionary.
public final class HTTPStatusCounter: @unchecked Sendable {
    private static let codes = 100...999
    /// One `Atomic` per status in `codes`. `@unchecked Sendable` is sound because the pointer
    /// is written only in init and deinit, and every slot is accessed only atomically.
    private let slots: UnsafeMutablePointer<Synchronization.Atomic<UInt64>>
    private let others = Lock<[Int: UInt64]>([:])

    /// An empty counter.
    public init() {
        slots = .allocate(capacity: Self.codes.count)
        for offset in 0..<Self.codes.count {
            (slots + offset).initialize(to: Synchronization.Atomic(0))
        }
    }

    deinit {
        slots.deinitialize(count: Self.codes.count)
        slots.deallocate()
    }

    /// Counts one response with `status`.
    public func record(_ status: Int) {
        if Self.codes.contains(status) {
            slots[status - Self.codes.lowerBound].wrappingAdd(1, ordering: .relaxed)
        } else {
            others.withLock { $0[status, default: 0] += 1 }
        }
    }

    /// The counts so far, by status code (statuses never sent are absent).
    public func snapshot() -> [Int: UInt64] {
        var counts = others.withLock { $0 }
        for status in Self.codes {
            let count = slots[status - Self.codes.lowerBound].load(ordering: .relaxed)
            if count > 0 { counts[status] = count }
        }
        return counts
    }
}
