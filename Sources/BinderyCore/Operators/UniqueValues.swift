enum UniqueValuesOperator {
    static func make<V, E, Identity: Hashable>(_ identity: @escaping (V) -> Identity) -> Transform<V, E, V, E> {
        { downstream, _ in
            var seen = Set<Identity>()
            return .forwarding(to: downstream) { value in
                if seen.insert(identity(value)).inserted { downstream.send(value: value) }
            }
        }
    }
}

extension Signal {
    /// Only the first value of each identity `transform` gives (values are remembered for the
    /// signal's life).
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> Signal { lift(UniqueValuesOperator.make(transform)) }
}

extension Signal where Value: Hashable {
    /// Only the first occurrence of each value.
    public func uniqueValues() -> Signal { uniqueValues { $0 } }
}

extension SignalProducer {
    /// Only the first value of each identity `transform` gives, per run.
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> SignalProducer { lift(UniqueValuesOperator.make(transform)) }
}

extension SignalProducer where Value: Hashable {
    /// Only the first occurrence of each value, per run.
    public func uniqueValues() -> SignalProducer { uniqueValues { $0 } }
}
