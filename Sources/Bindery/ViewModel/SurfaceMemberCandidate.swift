/// Every member type discovery looks at — `MutableProperty`, `Property`, `MutableListProperty`,
/// `ListProperty`, `Action` — whatever it holds: when one of them holds a value no surface can
/// carry, ``Surface/init(_:name:_:)`` stops with a message naming it instead of leaving it out
/// silently.
protocol SurfaceMemberCandidate {
    /// "a MutableProperty<Float>", for the message.
    var memberDescription: String { get }
    /// The type a surface cannot carry ("Float"), for the message.
    var unsupportedTypeName: String { get }
}

extension MutableProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a MutableProperty<\(Value.self)>" }
    var unsupportedTypeName: String { "\(Value.self)" }
}

extension Property: SurfaceMemberCandidate {
    var memberDescription: String { "a Property<\(Value.self)>" }
    var unsupportedTypeName: String { "\(Value.self)" }
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
