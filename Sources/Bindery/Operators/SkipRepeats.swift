@usableFromInline enum SkipRepeatsOperator {
    @inlinable static func make<V, E>(_ isEquivalent: @escaping (V, V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            var previous: V?
            return .forwarding(to: downstream) { value in
                if let last = previous, isEquivalent(last, value) { return }
                previous = value
                downstream.send(value: value)
            }
        }
    }
}

extension Signal {
    /// Drops each value equivalent to the one before it (`distinctUntilChanged`).
    @inlinable public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal { lift(SkipRepeatsOperator.make(isEquivalent)) }
}

extension Signal where Value: Equatable {
    /// Drops each value equal to the one before it.
    @inlinable public func skipRepeats() -> Signal { skipRepeats(==) }
}

extension SignalProducer {
    /// Drops each value equivalent to the one before it (`distinctUntilChanged`).
    @inlinable public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> SignalProducer { lift(SkipRepeatsOperator.make(isEquivalent)) }
}

extension SignalProducer where Value: Equatable {
    /// Drops each value equal to the one before it.
    @inlinable public func skipRepeats() -> SignalProducer { skipRepeats(==) }
}
