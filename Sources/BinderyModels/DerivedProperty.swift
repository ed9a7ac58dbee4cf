import Bindery

/// Makes read-only properties straight from producers of stored (`MutableProperty`) state.
///
/// Why not `property.map { … }.skipRepeats()`: in the current core, a property derived from
/// another *derived* property does not keep that intermediate alive, and the intermediate's
/// deinit disposes its own feed, so the chained property freezes at its first value (e.g.
/// `Property.combineLatest(a, b).map(f)` never changes). Starting from the stored
/// properties' producers and applying the operators to the producer avoids intermediates.
enum DerivedProperty {
    /// A property holding the latest value of `producer`, which must send a value as soon as
    /// it is started (a property's `producer` does, and operators such as `map`,
    /// `combineLatest` and `skipRepeats` keep that).
    static func make<Value>(_ producer: SignalProducer<Value, Never>) -> Property<Value> {
        var first: Value?
        let disposable = producer.take(first: 1).startWithValues { first = $0 }
        disposable.dispose()
        guard let first else {
            preconditionFailure("DerivedProperty.make needs a producer that sends a value at once")
        }
        return Property(initial: first, then: producer)
    }
}
