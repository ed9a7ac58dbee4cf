extension PropertyProtocol {
    /// A property holding `transform` of this one's value.
    @inlinable public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        Property(replaying: producer.map(transform), lineage: .composed(of: self))
    }

    /// A property holding this one's value's property at `keyPath` (a `KeyPath` value as well
    /// as a literal).
    @inlinable public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
        map { $0[keyPath: keyPath] }
    }

    /// A property holding `value` whatever this one's value is (it changes when this one does).
    @inlinable public func map<U>(value: U) -> Property<U> {
        map { _ in value }
    }

    /// A property holding the pair of this one's value and `other`'s.
    @inlinable public func combineLatest<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(replaying: producer.combineLatest(with: other.producer), lineage: .composed(of: self, other))
    }

    /// A property holding this one's value, notifying only when it is not equivalent to the
    /// previous one.
    @inlinable public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        Property(replaying: producer.skipRepeats(isEquivalent), lineage: .composed(of: self))
    }

    /// A property holding the value of the property `transform` maps this one's value to.
    @inlinable public func flatMap<P: PropertyProtocol>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> P) -> Property<P.Value> {
        // The inner properties change with this one's value: composition names this one and
        // says the rest is unknown.
        Property(replaying: producer.flatMap(strategy) { transform($0).producer },
                 lineage: .composed([PropertyLineageSource(self), .unknown]))
    }
}

extension PropertyProtocol where Value: PropertyProtocol {
    /// A property holding the value of the property this one holds, combined per `strategy`
    /// as the inner property is replaced.
    @inlinable public func flatten(_ strategy: FlattenStrategy) -> Property<Value.Value> {
        flatMap(strategy) { $0 }
    }
}

extension PropertyProtocol where Value: Equatable {
    /// A property holding this one's value, notifying only when it changes.
    @inlinable public func skipRepeats() -> Property<Value> { skipRepeats(==) }
}

// The combining statics live on PropertyProtocol, as in ReactiveSwift, so that
// `MutableProperty.combineLatest(a, b)` compiles as well as `Property.combineLatest(a, b)`.
extension PropertyProtocol {
    /// A property holding the values of `a` and `b`.
    @inlinable public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(_ a: A, _ b: B) -> Property<(A.Value, B.Value)>
    where A.Value == Value {
        a.combineLatest(with: b)
    }

    /// A property holding the values of `a`, `b` and `c`.
    @inlinable public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(_ a: A, _ b: B, _ c: C) -> Property<(A.Value, B.Value, C.Value)>
    where A.Value == Value {
        Property<(A.Value, B.Value, C.Value)>(replaying: SignalProducer.combineLatest(a.producer, b.producer, c.producer),
                                               lineage: .composed([PropertyLineageSource(a), PropertyLineageSource(b), PropertyLineageSource(c)]))
    }
}

extension PropertyProtocol {
    /// A property holding the pairs of this one's and `other`'s values, matched by position:
    /// the n-th change of one with the n-th change of the other.
    public func zip<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(replaying: producer.zip(with: other.producer), lineage: .composed(of: self, other))
    }

    /// A property holding this one's latest value that satisfies `predicate`; `initial` until
    /// one does.
    public func filter(initial: Value, _ predicate: @escaping (Value) -> Bool) -> Property<Value> {
        Property(initial: initial, then: producer.filter(predicate), lineage: .composed(of: self))
    }

    /// A property holding the pair of this one's previous and current value; the first
    /// previous value is `initial`.
    public func combinePrevious(_ initial: Value) -> Property<(Value, Value)> {
        Property(replaying: producer.combinePrevious(initial), lineage: .composed(of: self))
    }

    /// A property holding the pair of this one's previous and current value; at first both
    /// are the current value.
    public func combinePrevious() -> Property<(Value, Value)> {
        combinePrevious(value)
    }

    /// A property holding this one's value, changing only to values of an identity (per
    /// `transform`) not seen before.
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> Property<Value> {
        Property(replaying: producer.uniqueValues(transform), lineage: .composed(of: self))
    }
}

extension PropertyProtocol where Value: Hashable {
    /// A property holding this one's value, changing only to values not seen before.
    public func uniqueValues() -> Property<Value> { uniqueValues { $0 } }
}

extension PropertyProtocol {
    /// A property holding the pairs of `a`'s and `b`'s values, matched by position.
    public static func zip<A: PropertyProtocol, B: PropertyProtocol>(_ a: A, _ b: B) -> Property<(A.Value, B.Value)>
    where A.Value == Value {
        a.zip(with: b)
    }

    /// A property holding the values of every property, in order.
    public static func combineLatest<S: Sequence>(_ properties: S, emptySentinel: [S.Element.Value]) -> Property<[S.Element.Value]>
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        let properties = Array(properties)
        return Property<[Value]>(replaying: SignalProducer.combineLatest(properties.map(\.producer), emptySentinel: emptySentinel),
                                 lineage: .composed(ofEach: properties))
    }

    /// A property holding the arrays of the n-th values of every property; `emptySentinel`
    /// if there are none.
    public static func zip<S: Sequence>(_ properties: S, emptySentinel: [S.Element.Value]) -> Property<[S.Element.Value]>
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        let properties = Array(properties)
        return Property<[Value]>(replaying: SignalProducer.zip(properties.map(\.producer), emptySentinel: emptySentinel),
                                 lineage: .composed(ofEach: properties))
    }

    /// A property holding the arrays of the n-th values of every property; `nil` if there
    /// are none.
    public static func zip<S: Sequence>(_ properties: S) -> Property<[S.Element.Value]>?
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        let properties = Array(properties)
        guard !properties.isEmpty else { return nil }
        return Property<[Value]>(replaying: SignalProducer.zip(properties.map(\.producer)), lineage: .composed(ofEach: properties))
    }

    /// A property holding the values of every property, in order; `nil` if there are none.
    public static func combineLatest<S: Sequence>(_ properties: S) -> Property<[S.Element.Value]>?
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        let properties = Array(properties)
        guard !properties.isEmpty else { return nil }
        return Property<[Value]>(replaying: SignalProducer.combineLatest(properties.map(\.producer)), lineage: .composed(ofEach: properties))
    }
}
