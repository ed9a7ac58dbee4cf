// Boolean composition, as in ReactiveSwift: `negate`, `and`, `or`, `all`, `any` for signals,
// producers and properties of `Bool`.

extension Signal where Value == Bool {
    /// The negation of each value.
    public func negate() -> Signal { map { !$0 } }
    /// The logical AND of the latest values of this signal and `other`.
    public func and(_ other: Signal) -> Signal { combineLatest(with: other).map { $0 && $1 } }
    /// The logical OR of the latest values of this signal and `other`.
    public func or(_ other: Signal) -> Signal { combineLatest(with: other).map { $0 || $1 } }
    /// The logical AND of the latest values of every signal (`true` once each has sent one).
    public static func all<S: Sequence>(_ signals: S) -> Signal where S.Element == Signal {
        combineLatest(signals).map { $0.allSatisfy { $0 } }
    }
    /// The logical OR of the latest values of every signal.
    public static func any<S: Sequence>(_ signals: S) -> Signal where S.Element == Signal {
        combineLatest(signals).map { $0.contains(true) }
    }
    /// The logical AND of the latest values of every signal.
    public static func all(_ signals: Signal...) -> Signal { all(signals) }
    /// The logical OR of the latest values of every signal.
    public static func any(_ signals: Signal...) -> Signal { any(signals) }
}

extension SignalProducer where Value == Bool {
    /// The negation of each value.
    public func negate() -> SignalProducer { map { !$0 } }
    /// The logical AND of the latest values of this producer's run and `other`'s.
    public func and(_ other: SignalProducer) -> SignalProducer { combineLatest(with: other).map { $0 && $1 } }
    /// The logical OR of the latest values of this producer's run and `other`'s.
    public func or(_ other: SignalProducer) -> SignalProducer { combineLatest(with: other).map { $0 || $1 } }
    /// The logical AND of the latest values of this producer's run and `other`'s.
    public func and<B: SignalProducerConvertible>(_ other: B) -> SignalProducer where B.Value == Bool, B.Error == Error {
        combineLatest(with: other.producer).map { $0 && $1 }
    }
    /// The logical OR of the latest values of this producer's run and `other`'s.
    public func or<B: SignalProducerConvertible>(_ other: B) -> SignalProducer where B.Value == Bool, B.Error == Error {
        combineLatest(with: other.producer).map { $0 || $1 }
    }
    /// The logical AND of the latest values of every producer; `true` if there are none.
    public static func all<S: Sequence>(_ producers: S) -> SignalProducer
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        combineLatest(producers, emptySentinel: []).map { $0.allSatisfy { $0 } }
    }
    /// The logical OR of the latest values of every producer; `false` if there are none.
    public static func any<S: Sequence>(_ producers: S) -> SignalProducer
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        combineLatest(producers, emptySentinel: []).map { $0.contains(true) }
    }
    /// The logical AND of the latest values of every producer.
    public static func all(_ producers: SignalProducer...) -> SignalProducer { all(producers) }
    /// The logical OR of the latest values of every producer.
    public static func any(_ producers: SignalProducer...) -> SignalProducer { any(producers) }
}

extension PropertyProtocol where Value == Bool {
    /// A property holding the negation of this one.
    public func negate() -> Property<Bool> { map { !$0 } }
    /// A property holding the logical AND of this one and `other`.
    public func and<P: PropertyProtocol>(_ other: P) -> Property<Bool> where P.Value == Bool {
        combineLatest(with: other).map { $0 && $1 }
    }
    /// A property holding the logical OR of this one and `other`.
    public func or<P: PropertyProtocol>(_ other: P) -> Property<Bool> where P.Value == Bool {
        combineLatest(with: other).map { $0 || $1 }
    }
}

extension PropertyProtocol where Value == Bool {
    /// A property holding the logical AND of every property; `true` if there are none.
    public static func all<S: Sequence>(_ properties: S) -> Property<Bool> where S.Element: PropertyProtocol, S.Element.Value == Bool {
        let properties = Array(properties)
        return Property(replaying: SignalProducer<Bool, Never>.all(properties.map(\.producer)), lineage: .composed(ofEach: properties))
    }
    /// A property holding the logical OR of every property; `false` if there are none.
    public static func any<S: Sequence>(_ properties: S) -> Property<Bool> where S.Element: PropertyProtocol, S.Element.Value == Bool {
        let properties = Array(properties)
        return Property(replaying: SignalProducer<Bool, Never>.any(properties.map(\.producer)), lineage: .composed(ofEach: properties))
    }
    /// A property holding the logical AND of every property.
    public static func all<P: PropertyProtocol>(_ properties: P...) -> Property<Bool> where P.Value == Bool { all(properties) }
    /// A property holding the logical OR of every property.
    public static func any<P: PropertyProtocol>(_ properties: P...) -> Property<Bool> where P.Value == Bool { any(properties) }
}
