extension PropertyProtocol {
    /// A property holding `transform` of this one's value.
    public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        Property(replaying: producer.map(transform), retaining: [self])
    }

    /// A property holding the pair of this one's value and `other`'s.
    public func combineLatest<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(replaying: producer.combineLatest(with: other.producer), retaining: [self, other])
    }

    /// A property holding this one's value, notifying only when it is not equivalent to the
    /// previous one.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        Property(replaying: producer.skipRepeats(isEquivalent), retaining: [self])
    }

    /// A property holding the value of the property `transform` maps this one's value to.
    public func flatMap<P: PropertyProtocol>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> P) -> Property<P.Value> {
        // Each inner property is kept alive while it is the one being followed.
        Property(replaying: producer.flatMap(strategy) { value in
            let inner = transform(value)
            return inner.producer.on(disposed: { withExtendedLifetime(inner) {} })
        }, retaining: [self])
    }
}

extension PropertyProtocol where Value: Equatable {
    /// A property holding this one's value, notifying only when it changes.
    public func skipRepeats() -> Property<Value> { skipRepeats(==) }
}

extension Property {
    /// A property holding the values of `a` and `b`.
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(_ a: A, _ b: B) -> Property<(A.Value, B.Value)>
    where Value == (A.Value, B.Value) {
        a.combineLatest(with: b)
    }

    /// A property holding the values of `a`, `b` and `c`.
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(_ a: A, _ b: B, _ c: C) -> Property<(A.Value, B.Value, C.Value)>
    where Value == (A.Value, B.Value, C.Value) {
        Property(replaying: SignalProducer.combineLatest(a.producer, b.producer, c.producer), retaining: [a, b, c])
    }
}
