extension PropertyProtocol {
    /// A property holding `transform` of this one's value.
    @inlinable public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        Property(replaying: producer.map(transform), retaining: [self])
    }

    /// A property holding the pair of this one's value and `other`'s.
    @inlinable public func combineLatest<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(replaying: producer.combineLatest(with: other.producer), retaining: [self, other])
    }

    /// A property holding this one's value, notifying only when it is not equivalent to the
    /// previous one.
    @inlinable public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        Property(replaying: producer.skipRepeats(isEquivalent), retaining: [self])
    }

    /// A property holding the value of the property `transform` maps this one's value to.
    @inlinable public func flatMap<P: PropertyProtocol>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> P) -> Property<P.Value> {
        Property(replaying: producer.flatMap(strategy) { transform($0).producer }, retaining: [self])
    }
}

extension PropertyProtocol where Value: Equatable {
    /// A property holding this one's value, notifying only when it changes.
    @inlinable public func skipRepeats() -> Property<Value> { skipRepeats(==) }
}

extension Property {
    /// A property holding the values of `a` and `b`.
    @inlinable public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(_ a: A, _ b: B) -> Property<(A.Value, B.Value)>
    where Value == (A.Value, B.Value) {
        a.combineLatest(with: b)
    }

    /// A property holding the values of `a`, `b` and `c`.
    @inlinable public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(_ a: A, _ b: B, _ c: C) -> Property<(A.Value, B.Value, C.Value)>
    where Value == (A.Value, B.Value, C.Value) {
        Property(replaying: SignalProducer.combineLatest(a.producer, b.producer, c.producer), retaining: [a, b, c])
    }
}
