/// The value `skipRepeats` last let through, for one run. A class rather than a captured
/// `var`, whose box checks exclusivity dynamically on every value (the check cost more than
/// the comparison).
@usableFromInline final class PreviousValue<Value> {
    // Only touched by the run's observer, to which events arrive one at a time (the signal
    // contract), hence no dynamic exclusivity checks.
    @exclusivity(unchecked) @usableFromInline var value: Value?
    /// `value`: a signal's seed (``RestorationScope``); `nil` for a producer's run.
    @inlinable init(_ value: Value?) { self.value = value }
}

// The observer is one closure capturing downstream's action (as `map`'s, Map.swift), not
// `forwarding(to:value:)`, a closure around a closure: one call per event, not two.
@usableFromInline enum SkipRepeatsOperator {
    /// `seed`: the last value a signal's operator starts from (``RestorationScope``).
    @inlinable static func make<V, E>(_ isEquivalent: @escaping (V, V) -> Bool, seed: V? = nil) -> Transform<V, E, V, E> {
        { downstream, _ in
            let previous = PreviousValue<V>(seed)
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    if let last = previous.value, isEquivalent(last, value) { return }
                    previous.value = value
                }
                send(event)
            }
        }
    }

    /// `make(==)`, with `==` specialised for `V` and inlined into the observer rather than
    /// called through a closure on every value. Written out, not `make { $0 == $1 }`: the
    /// optimiser does not specialise the captured closure (W2 1,037 instructions per set
    /// against 1,077 that way).
    @inlinable static func equal<V: Equatable, E>(seed: V? = nil) -> Transform<V, E, V, E> {
        { downstream, _ in
            let previous = PreviousValue<V>(seed)
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event {
                    if let last = previous.value, last == value { return }
                    previous.value = value
                }
                send(event)
            }
        }
    }
}

// On a signal, the last value takes a restoration slot (see `RestorationScope`): made while
// one is open, it starts from its seed, if one fits.
extension Signal {
    /// Drops each value equivalent to the one before it (`distinctUntilChanged`).
    @inlinable public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal {
        let (last, slot) = RestorationScope.seeded("skipRepeats", Value?.none)
        // What it records is what it lets through.
        return lift(RestorationRecording.output(of: SkipRepeatsOperator.make(isEquivalent, seed: last), in: slot) { $0 as Value? as Any })
    }
}

extension Signal where Value: Equatable {
    /// Drops each value equal to the one before it.
    @inlinable public func skipRepeats() -> Signal {
        let (last, slot) = RestorationScope.seeded("skipRepeats", Value?.none)
        return lift(RestorationRecording.output(of: SkipRepeatsOperator.equal(seed: last), in: slot) { $0 as Value? as Any })
    }
}

extension SignalProducer {
    /// Drops each value equivalent to the one before it (`distinctUntilChanged`).
    @inlinable public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> SignalProducer { lift(SkipRepeatsOperator.make(isEquivalent)) }
}

extension SignalProducer where Value: Equatable {
    /// Drops each value equal to the one before it.
    @inlinable public func skipRepeats() -> SignalProducer { lift(SkipRepeatsOperator.equal()) }
}
