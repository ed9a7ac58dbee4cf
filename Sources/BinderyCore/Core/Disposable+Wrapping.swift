// ReactiveSwift's initialisers that wrap existing disposables.

extension AnyDisposable {
    /// A disposable that disposes `disposable` on its first `dispose()`.
    ///
    /// `isDisposed` reports this wrapper's own disposal: where ReactiveSwift's wrapper reads the
    /// wrapped disposable's flag, this one keeps its own (AnyDisposable holds one closure, not a
    /// wrapped object), so it turns true when disposed through the wrapper, or if `disposable`
    /// was already disposed when wrapped.
    public convenience init(_ disposable: Disposable) {
        self.init { disposable.dispose() }
        if disposable.isDisposed { dispose() }
    }
}

extension CompositeDisposable {
    /// A composite of the non-`nil` disposables in `disposables` (the optional results of
    /// `observe`, for instance).
    public convenience init<S: Sequence>(_ disposables: S) where S.Iterator.Element == Disposable? {
        self.init(disposables.compactMap { $0 })
    }
}
