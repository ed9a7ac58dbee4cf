// ReactiveSwift's `Property(initial:then:)` forms beyond a `Signal` or a `SignalProducer` of
// the property's own type: anything convertible to a producer (another property, for one),
// and, for a property of optionals, a stream of the wrapped type.

extension Property {
    /// A property holding `initial`, then each value of a run of `values`, started now.
    public convenience init<Values: SignalProducerConvertible>(initial: Value, then values: Values)
    where Values.Value == Value, Values.Error == Never {
        self.init(initial: initial, then: values.producer)
    }
}

extension Property where Value: OptionalProtocol {
    /// A property of optionals holding `initial`, then each value of a run of `values`,
    /// started now, wrapped.
    public convenience init(initial: Value, then values: SignalProducer<Value.Wrapped, Never>) {
        self.init(initial: initial, then: values.map(Value.init(reconstructing:)))
    }

    /// A property of optionals holding `initial`, then each value of a run of `values`,
    /// started now, wrapped.
    public convenience init<Values: SignalProducerConvertible>(initial: Value, then values: Values)
    where Values.Value == Value.Wrapped, Values.Error == Never {
        self.init(initial: initial, then: values.producer)
    }
}
