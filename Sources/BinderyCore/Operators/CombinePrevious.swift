enum CombinePreviousOperator {
    /// Pairs of (previous, current); with no `initial`, the first value only becomes the
    /// previous one.
    static func make<V, E>(_ initial: V?) -> Transform<V, E, (V, V), E> {
        { downstream, _ in
            var previous = initial
            return .forwarding(to: downstream) { value in
                if let last = previous { downstream.send(value: (last, value)) }
                previous = value
            }
        }
    }
}

// On a signal, the previous value takes a restoration slot (see `RestorationScope`): made
// while one is open, it starts from its seed, if one fits.
extension Signal {
    /// Each value paired with the one before it, the first with `initial`.
    public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Error> { seededCombinePrevious(initial) }
    /// Each value from the second on, paired with the one before it.
    public func combinePrevious() -> Signal<(Value, Value), Error> { seededCombinePrevious(nil) }

    private func seededCombinePrevious(_ initial: Value?) -> Signal<(Value, Value), Error> {
        let (previous, slot) = RestorationScope.seeded("combinePrevious", initial)
        // The previous value is the last one received.
        return lift(RestorationRecording.input(of: CombinePreviousOperator.make(previous), in: slot) { $0 as Value? as Any })
    }
}

extension SignalProducer {
    /// Each value paired with the one before it, the first with `initial`.
    public func combinePrevious(_ initial: Value) -> SignalProducer<(Value, Value), Error> { lift(CombinePreviousOperator.make(initial)) }
    /// Each value from the second on, paired with the one before it.
    public func combinePrevious() -> SignalProducer<(Value, Value), Error> { lift(CombinePreviousOperator.make(nil)) }
}
