/// Which input a `MutableProperty` is, by the type of its value, for ``Surface/init(_:name:_:)``.
extension SurfaceInput {
    /// The input called `name` over `property`: a ``SurfaceScalar`` is typed as its type says,
    /// an optional of one also takes null, an enum with such raw values is typed as its raw
    /// value, and any other `Codable` value (an array, a dictionary, a struct) is set as JSON in
    /// its Codable form. Nil when the value
    /// cannot be read back from what a client sends (it is not `Codable`): the property is then
    /// an output, if anything.
    static func discovered<Value>(_ name: String, _ property: MutableProperty<Value>, constraint: InputConstraint?) -> SurfaceInput? {
        if let scalar = property as? any ScalarProperty { return scalar.scalarInput(name, constraint) }
        if let optional = property as? any OptionalScalarProperty { return optional.optionalInput(name, constraint) }
        if let enumeration = Value.self as? any (RawRepresentable & Sendable).Type,
           let input = rawValueInput(name, property, as: enumeration, constraint) { return input }
        guard let codable = Value.self as? any (Codable & Sendable).Type else { return nil }
        return codableInput(name, property, as: codable)
    }

    /// The input of an enum whose raw value is a ``SurfaceScalar``; nil for any other raw value.
    private static func rawValueInput<Value, Enumeration: RawRepresentable & Sendable>(
        _ name: String, _ property: MutableProperty<Value>, as type: Enumeration.Type, _ constraint: InputConstraint?
    ) -> SurfaceInput? {
        guard let raw = Enumeration.RawValue.self as? any SurfaceScalar.Type else { return nil }
        return rawValue(name, property as! MutableProperty<Enumeration>, constraint, raw: raw)
    }

    private static func codableInput<Value, Codable: Swift.Codable & Sendable>(
        _ name: String, _ property: MutableProperty<Value>, as type: Codable.Type
    ) -> SurfaceInput {
        SurfaceInput.codable(name, property as! MutableProperty<Codable>)
    }
}

/// A `MutableProperty` of a ``SurfaceScalar``.
private protocol ScalarProperty {
    func scalarInput(_ name: String, _ constraint: InputConstraint?) -> SurfaceInput
}

extension MutableProperty: ScalarProperty where Value: SurfaceScalar {
    fileprivate func scalarInput(_ name: String, _ constraint: InputConstraint?) -> SurfaceInput {
        .scalar(name, self, constraint)
    }
}

/// An optional of a ``SurfaceScalar``, so a `MutableProperty` of one can be recognised.
protocol OptionalSurfaceScalar {
    associatedtype Wrapped: SurfaceScalar
}

extension Optional: OptionalSurfaceScalar where Wrapped: SurfaceScalar {}

/// A `MutableProperty` of an optional ``SurfaceScalar``.
private protocol OptionalScalarProperty {
    func optionalInput(_ name: String, _ constraint: InputConstraint?) -> SurfaceInput
}

extension MutableProperty: OptionalScalarProperty where Value: OptionalSurfaceScalar {
    fileprivate func optionalInput(_ name: String, _ constraint: InputConstraint?) -> SurfaceInput {
        // Value is Value.Wrapped? (the only conformance of OptionalSurfaceScalar).
        .optional(name, self as! MutableProperty<Value.Wrapped?>, constraint)
    }
}
