import Synchronization

/// The disposable `SignalCore.observe` returns: removes one subscription from its core, once,
/// and then lets go of both, so a disposable kept after disposal does not keep the observer (or
/// what its closure captured) alive.
///
/// Not generic on purpose: a generic class's `dispose()` and `deinit`, reached through
/// `Disposable` and the runtime, run unspecialised and look up generic metadata on every call.
/// The typed work is `remove`, a closure without captures made in the core's specialised code.
@usableFromInline final class Observation: Disposable, @unchecked Sendable {
    // `@unchecked`: `core` and `subscription` are read and cleared only by the one caller that
    // wins the `disposed` exchange; `remove` is immutable.
    @usableFromInline let disposed = Synchronization.Atomic<Bool>(false)
    @exclusivity(unchecked) @usableFromInline var core: AnyObject?
    @exclusivity(unchecked) @usableFromInline var subscription: AnyObject?
    @usableFromInline let remove: (AnyObject, AnyObject) -> Void

    @inlinable init(core: AnyObject, subscription: AnyObject, remove: @escaping (AnyObject, AnyObject) -> Void) {
        self.core = core
        self.subscription = subscription
        self.remove = remove
    }

    @inlinable var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @inlinable func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing), let core, let subscription else { return }
        self.core = nil
        self.subscription = nil
        remove(core, subscription)
    }
}
