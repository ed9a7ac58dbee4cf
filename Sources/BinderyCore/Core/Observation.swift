import Synchronization

/// The disposable `Signal.observe` returns: disposes one subscription, once, and then lets go
/// of it, so a disposable kept after disposal does not keep the observer (or what its closure
/// captured) alive.
///
/// Not generic on purpose: a generic class's `dispose()` and `deinit`, reached through
/// `Disposable` and the runtime, run unspecialised and look up generic metadata on every call.
@usableFromInline final class Observation: Disposable, @unchecked Sendable {
    // `@unchecked`: `subscription` is read and cleared only by the one caller that wins the
    // `disposed` exchange.
    @usableFromInline let disposed = Synchronization.Atomic<Bool>(false)
    @exclusivity(unchecked) @usableFromInline var subscription: Disposable?

    @inlinable init(_ subscription: Disposable) {
        self.subscription = subscription
    }

    @inlinable var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @inlinable func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing), let subscription else { return }
        self.subscription = nil
        subscription.dispose()
    }
}
