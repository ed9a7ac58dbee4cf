extension Signal where Error == Never {
    /// Attaches a closure receiving each value; other events are ignored. Only for a signal
    /// that cannot fail, as in ReactiveSwift: on one that can, a failure would go unnoticed, so
    /// observe it with `observeResult` or `observe`, or handle the error first.
    @discardableResult
    @inlinable public func observeValues(_ action: @escaping (Value) -> Void) -> Disposable? {
        observe(Observer { if case let .value(value) = $0 { action(value) } })
    }
}
