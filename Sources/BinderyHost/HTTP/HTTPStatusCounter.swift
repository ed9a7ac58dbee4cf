import Synchronization

/// Counts responses sent, by status code, for `/metrics`. Thread-safe.
public final class HTTPStatusCounter: Sendable {
    private let counts = Mutex<[Int: UInt64]>([:])

    /// An empty counter.
    public init() {}

    /// Counts one response with `status`.
    public func record(_ status: Int) {
        counts.withLock { $0[status, default: 0] += 1 }
    }

    /// The counts so far, by status code.
    public func snapshot() -> [Int: UInt64] {
        counts.withLock { $0 }
    }
}
