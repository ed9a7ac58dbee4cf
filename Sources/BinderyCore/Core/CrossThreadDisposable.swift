/// A disposable handed to another thread (a `@Sendable` closure, an async task's cancellation
/// handler).
///
/// `Disposable` is not `Sendable`, as in ReactiveSwift, so that any class can conform to it;
/// what makes handing one over safe is the protocol's own contract: `dispose()` and
/// `isDisposed` are thread-safe. This wrapper states that reliance once, where it is used.
struct CrossThreadDisposable: @unchecked Sendable {
    // `@unchecked`: `disposable` never changes, and only `dispose()` is called on it, which
    // `Disposable`'s contract makes thread-safe.
    private let disposable: any Disposable

    init(_ disposable: any Disposable) { self.disposable = disposable }

    /// Disposes the wrapped disposable (idempotent, from any thread).
    func dispose() { disposable.dispose() }
}
