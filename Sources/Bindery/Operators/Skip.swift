enum SkipOperators {
    static func first<V, E>(_ count: Int) -> Transform<V, E, V, E> {
        { downstream, _ in
            var skipped = 0
            return .forwarding(to: downstream) { value in
                if skipped < count { skipped += 1 } else { downstream.send(value: value) }
            }
        }
    }

    static func `while`<V, E>(_ shouldSkip: @escaping (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            var skipping = true
            return .forwarding(to: downstream) { value in
                if skipping { skipping = shouldSkip(value) }
                if !skipping { downstream.send(value: value) }
            }
        }
    }
}

extension Signal {
    /// Every value after the first `count`.
    public func skip(first count: Int) -> Signal { lift(SkipOperators.first(count)) }
    /// Every value from the first for which `shouldSkip` is false.
    public func skip(while shouldSkip: @escaping (Value) -> Bool) -> Signal { lift(SkipOperators.while(shouldSkip)) }
}

extension SignalProducer {
    /// Every value after the first `count`.
    public func skip(first count: Int) -> SignalProducer { lift(SkipOperators.first(count)) }
    /// Every value from the first for which `shouldSkip` is false.
    public func skip(while shouldSkip: @escaping (Value) -> Bool) -> SignalProducer { lift(SkipOperators.while(shouldSkip)) }
}
