/// A disposable that disposes its inner disposable when it is itself deinitialised: keep it
/// in an object and the work it holds ends with the object.
///
/// Sendable whatever `Inner` is: `inner` never changes, and the class only calls `dispose()`
/// and `isDisposed` on it, which every disposable makes thread-safe (``Disposable``'s contract).
public final class ScopedDisposable<Inner: Disposable>: Disposable, @unchecked Sendable {
    /// The disposable this one disposes.
    public let inner: Inner

    /// A scoped disposable for `disposable`.
    public init(_ disposable: Inner) { inner = disposable }

    deinit { inner.dispose() }

    public var isDisposed: Bool { inner.isDisposed }

    public func dispose() { inner.dispose() }
}

extension ScopedDisposable where Inner == AnyDisposable {
    /// A scoped disposable for any disposable.
    public convenience init(_ disposable: Disposable) {
        self.init(AnyDisposable { disposable.dispose() })
    }
}

extension ScopedDisposable where Inner == CompositeDisposable {
    /// Adds `disposable` to the inner composite.
    @discardableResult
    public static func += (scoped: ScopedDisposable<CompositeDisposable>, disposable: Disposable?) -> Disposable? {
        scoped.inner.add(disposable)
    }

    /// Adds `action` to run when the inner composite is disposed.
    @discardableResult
    public static func += (scoped: ScopedDisposable<CompositeDisposable>, action: @escaping () -> Void) -> Disposable? {
        scoped.inner.add(action)
    }
}

extension ScopedDisposable where Inner == SerialDisposable {
    /// The serial disposable's current inner disposable; setting it disposes the previous one
    /// (ReactiveSwift's shorthand for `scoped.inner.inner`).
    public var inner: Disposable? {
        // `inner.inner`: the stored `inner` (the serial disposable) is the only reading of the
        // first `inner` with an `inner` of its own.
        get { inner.inner }
        set { inner.inner = newValue }
    }
}
