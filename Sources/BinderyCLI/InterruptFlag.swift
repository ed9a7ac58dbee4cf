import Synchronization

/// Records Ctrl-C (SIGINT) for whoever is waiting: raising it is async-signal-safe (one
/// lock-free atomic store), so a signal handler may call `raise()`.
public final class InterruptFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    /// Marks an interrupt.
    public func raise() { raised.store(true, ordering: .sequentiallyConsistent) }

    /// Whether an interrupt happened since the last `take()`; clears it.
    public func take() -> Bool { raised.exchange(false, ordering: .sequentiallyConsistent) }

    /// Whether an interrupt is pending, without clearing it.
    public var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}
