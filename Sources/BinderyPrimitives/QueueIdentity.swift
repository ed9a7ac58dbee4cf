import Dispatch

/// Tells whether the current code runs on one particular dispatch queue (shared by the host and
/// the control server, not part of the core's API), so work already on
/// the host's scheduler can run inline instead of being queued behind the current turn.
///
/// `@unchecked Sendable`: the key is written once, at creation (`setSpecific` on the queue),
/// and only read afterwards; `DispatchSpecificKey` is an identity token with no mutable state
/// of its own.
package struct QueueIdentity: @unchecked Sendable {
    private let key = DispatchSpecificKey<UInt8>()

    /// Marks `queue` so ``isCurrent`` can recognise it.
    package init(queue: DispatchQueue) {
        queue.setSpecific(key: key, value: 1)
    }

    /// Whether the caller runs on the marked queue.
    package var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }
}
