/// Every member type discovery looks at — `MutableProperty`, `Property`, `MutableListProperty`,
/// `ListProperty`, `Action` — whatever it holds: a property of an `Encodable` value that is not
/// ``SurfaceRepresentable`` is shown by its Codable encoding; for any other value no surface
/// can carry, ``Surface/init(_:name:_:)`` stops with a message naming it instead of leaving it
/// out silently.
protocol SurfaceMemberCandidate {
    /// "a MutableProperty<Float>", for the message.
    var memberDescription: String { get }
    /// The type a surface cannot carry ("Float"), for the message.
    var unsupportedTypeName: String { get }
    /// An output showing the value by its Codable encoding, when it is `Encodable` (a
    /// property's value; nil for lists and actions, and for values that are not).
    func encodingOutput(named name: String, derivesFrom: [String]) -> SurfaceOutput?
}

extension SurfaceMemberCandidate {
    func encodingOutput(named name: String, derivesFrom: [String]) -> SurfaceOutput? { nil }
}

extension MutableProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a MutableProperty<\(Value.self)>" }
    var unsupportedTypeName: String { "\(Value.self)" }
    func encodingOutput(named name: String, derivesFrom: [String]) -> SurfaceOutput? {
        Value.self is any Encodable.Type ? SurfaceOutput(name, encoding: self, derivesFrom: derivesFrom) : nil
    }
}

extension Property: SurfaceMemberCandidate {
    var memberDescription: String { "a Property<\(Value.self)>" }
    var unsupportedTypeName: String { "\(Value.self)" }
    func encodingOutput(named name: String, derivesFrom: [String]) -> SurfaceOutput? {
        Value.self is any Encodable.Type ? SurfaceOutput(name, encoding: self, derivesFrom: derivesFrom) : nil
    }
}

extension MutableListProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a MutableListProperty<\(Element.self)>" }
    var unsupportedTypeName: String { "\(Element.self)" }
}

extension ListProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a ListProperty<\(Element.self)>" }
    var unsupportedTypeName: String { "\(Element.self)" }
}

extension Action: SurfaceMemberCandidate {
    var memberDescription: String { "an Action<\(Input.self), \(Output.self), \(Error.self)>" }
    var unsupportedTypeName: String { "\(Output.self)" }
}
