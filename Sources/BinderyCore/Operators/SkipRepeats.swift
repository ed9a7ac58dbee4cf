/// The value `skipRepeats` last let through, for one run. A class rather than a captured
/// `var`, whose box checks exclusivity dynamically on every value (the check cost more than
/// the comparison).
@usableFromInline final class PreviousValue<Value> {
    // Only touched by the run's observer, to which events arrive one at a time (the signal
    // contract), hence no dynamic exclusivity checks.
    @exclusivity(unchecked) @usableFromInline var value: Value?
    @inlinable init() {}
}

@usableFromInline enum SkipRepeatsOperator {
    @inlinable static func make<V, E>(_ isEquivalent: @escaping (V, V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            let previous = PreviousValue<V>()
            return .forwarding(to: downstream) { value in
                if let last = previous.value, isEquivalent(last, value) { return }
                previous.value = value
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
