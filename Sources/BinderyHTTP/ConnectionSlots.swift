import BinderyPrimitives
import Synchronization

/// The connections that count toward the server's connection limit, and whether a request
/// must be refused (503) because they are over it.
///
/// Guarantees: each accepted connection takes one slot and gives it back exactly once —
/// when libmicrohttpd reports it closed, or earlier, when the request-head deadline shuts
/// its socket down (its client sees the connection end from that moment, so a request it
/// makes next finds the slot free, though libmicrohttpd releases the connection only when it
/// next polls it). Refusals are logged once when they start and once when a released slot
/// brings the count back under the limit.
final class ConnectionSlots: Sendable {
    /// Connections served; a request on a connection beyond them is answered 503.
    let limit: Int
    private let held = Synchronization.Atomic<Int>(0)
    private struct Overload {
        var refusing = false
        var refused: UInt64 = 0
    }
    private let overload = Lock(Overload())
    private let log: (@Sendable (String) -> Void)?

    init(limit: Int, log: (@Sendable (String) -> Void)?) {
        self.limit = limit
        self.log = log
    }

    /// A connection was accepted.
    func take() {
        held.add(1, ordering: .relaxed)
    }

    /// A connection gave its slot back (closed, or shut down by its head deadline).
    func release() {
        let now = held.subtract(1, ordering: .relaxed).newValue
        guard now < limit else { return }
        let ended: UInt64? = overload.withLock { overload in
            guard overload.refusing else { return nil }
            overload.refusing = false
            defer { overload.refused = 0 }
            return overload.refused
        }
        if let ended {
            log?("HTTP accepts requests again: \(now) of \(limit) connections open; \(ended) refused with 503 while full")
        }
    }

    /// Whether a request must be refused because more connections than the limit hold a
    /// slot (logged once when refusals start).
    func isOverLimit() -> Bool {
        let now = held.load(ordering: .relaxed)
        guard now > limit else { return false }
        let first = overload.withLock { overload in
            overload.refused += 1
            defer { overload.refusing = true }
            return !overload.refusing
        }
        if first {
            log?("HTTP is full: \(now) connections open, limit \(limit) (--http-connections); refusing requests with 503 until connections close")
        }
        return true
    }
}
