// `MutableProperty` and `Property` as property wrappers: `@MutableProperty var name = ""`
// stores the value in a property, `$name` is the property itself (for `producer`, `signal`
// and bindings).

extension MutableProperty {
    /// A property holding `wrappedValue` (`@MutableProperty var x = …`).
    @inlinable public convenience init(wrappedValue: Value) { self.init(wrappedValue) }
}

extension Property {
    /// A constant property (`@Property var x = …`).
    @inlinable public convenience init(wrappedValue: Value) { self.init(value: wrappedValue) }

    /// A read-only wrapper of `projectedValue` (`@Property(projectedValue: p) var x`).
    @inlinable public convenience init(projectedValue: Property<Value>) { self.init(projectedValue) }
}
