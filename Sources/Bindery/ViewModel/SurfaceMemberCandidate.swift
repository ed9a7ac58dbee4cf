/// Every member type discovery looks at — `MutableProperty`, `Property`, `MutableListProperty`,
/// `ListProperty`, `Action` — whatever it holds: a `MutableProperty` of a `Codable` value that is
/// not ``SurfaceRepresentable`` is an input set as JSON, a property of an `Encodable` one an
/// output shown by its Codable encoding; for any other value no surface
/// can carry, ``Surface/init(_:name:_:)`` stops with a message naming it instead of leaving it
/// out silently.
protocol SurfaceMemberCandidate {
    /// "a MutableProperty<Float>", for the message.
    var memberDescription: String { get }
    /// The type a surface cannot carry ("Float"), for the message.
    var unsupportedTypeName: String { get }
    /// What would make the type one a surface carries, for the message.
    var remedy: String { get }
    /// The member by its Codable form: an input for a `MutableProperty` of a `Codable` value,
    /// an output for a property of an `Encodable` one; nil for lists, actions and other values.
    func codableMember(named name: String, derivesFrom: [String], readOnly: Bool) -> SurfaceMember?
    /// The objects naming this member in the binding graph (``SurfaceDerivations``).
    var graphIdentities: [ObjectIdentifier] { get }
    /// What its value (an action: its enabled state) is composed from.
    var derivationLineage: PropertyLineage { get }
    /// What starts it from the code (an action: the sources bound to it with `<~`); constant
    /// for everything else.
    var startLineage: PropertyLineage { get }
    /// Whether it runs work composition cannot see (an action's), which may read any member:
    /// a declaration then adds to what composition shows and never contradicts it.
    var runsOpaqueWork: Bool { get }
}

extension SurfaceMemberCandidate where Self: LineageRecording {
    var graphIdentities: [ObjectIdentifier] { [ObjectIdentifier(lineageIdentity)] }
    var derivationLineage: PropertyLineage { lineage }
}

extension SurfaceMemberCandidate {
    func codableMember(named name: String, derivesFrom: [String], readOnly: Bool) -> SurfaceMember? { nil }
    var startLineage: PropertyLineage { .constant }
    var runsOpaqueWork: Bool { false }
    var remedy: String { "make it SurfaceRepresentable (docs/GUIDE.md, \"Values\")" }
}

extension MutableProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a MutableProperty<\(Value.self)>" }
    var unsupportedTypeName: String { "\(Value.self)" }
    var remedy: String { "make it Codable to set it as JSON, or SurfaceRepresentable to show it (docs/GUIDE.md, \"Values\")" }
    func codableMember(named name: String, derivesFrom: [String], readOnly: Bool) -> SurfaceMember? {
        if !readOnly, let input = SurfaceInput.discovered(name, self, constraint: nil) { return .input(input) }
        return Value.self is any Encodable.Type ? .output(SurfaceOutput(name, encoding: self, derivesFrom: derivesFrom)) : nil
    }
}

extension Property: SurfaceMemberCandidate {
    var memberDescription: String { "a Property<\(Value.self)>" }
    var unsupportedTypeName: String { "\(Value.self)" }
    func codableMember(named name: String, derivesFrom: [String], readOnly: Bool) -> SurfaceMember? {
        Value.self is any Encodable.Type ? .output(SurfaceOutput(name, encoding: self, derivesFrom: derivesFrom)) : nil
    }
}

extension MutableListProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a MutableListProperty<\(Element.self)>" }
    var unsupportedTypeName: String { "\(Element.self)" }
    /// Rows of an `Encodable` type are shown by their Codable form, one record each.
    func codableMember(named name: String, derivesFrom: [String], readOnly: Bool) -> SurfaceMember? {
        Element.self is any Encodable.Type ? .output(SurfaceOutput(name, encodingRows: self, derivesFrom: derivesFrom)) : nil
    }
}

extension ListProperty: SurfaceMemberCandidate {
    var memberDescription: String { "a ListProperty<\(Element.self)>" }
    var unsupportedTypeName: String { "\(Element.self)" }
    /// Rows of an `Encodable` type are shown by their Codable form, one record each.
    func codableMember(named name: String, derivesFrom: [String], readOnly: Bool) -> SurfaceMember? {
        Element.self is any Encodable.Type ? .output(SurfaceOutput(name, encodingRows: self, derivesFrom: derivesFrom)) : nil
    }
}

extension Action: SurfaceMemberCandidate {
    var memberDescription: String { "an Action<\(Input.self), \(Output.self), \(Error.self)>" }
    /// Its input's type when no argument can carry it (``CommandForms``), else its output's.
    var unsupportedTypeName: String { CommandForms.argument(of: Input.self) == nil ? "\(Input.self)" : "\(Output.self)" }
    var remedy: String { "make it Codable (docs/GUIDE.md, \"Values\") or give the action a SurfaceCommand of its own" }
    /// A property composed from `isExecuting` or `isEnabled` derives from the command.
    var graphIdentities: [ObjectIdentifier] { [ObjectIdentifier(isExecuting.lineageIdentity), ObjectIdentifier(isEnabled.lineageIdentity)] }
    var derivationLineage: PropertyLineage { enabledLineage }
    var runsOpaqueWork: Bool { true }
}
