/// A class declaration ``ClassMemberScanner`` found, with its stored instance members.
struct ScannedClass: Equatable {
    /// Its name after the types (or the extension) it is nested in: `["Outer", "Inner"]`.
    let path: [String]
    /// The first type its inheritance clause names (its superclass, if that is a class), as
    /// written, generic arguments left out: `"Base"`, `"Module.Base"`; nil without a clause.
    let firstInherited: String?
    /// Whether another file of its module can name it: it is not `private` or `fileprivate`,
    /// nor nested in a type or extension that is.
    let visibleToModule: Bool
    /// Its stored instance properties (`let` and `var` with storage, observed or not), in
    /// declaration order; computed properties, `static`/`class` ones and locals are not.
    var members: [ScannedMember]

    /// The path joined with dots, as the type is named in Swift: `Outer.Inner`.
    var name: String { path.joined(separator: ".") }
}

/// A stored property and the access its getter is declared with (`internal` when none is
/// written; `public private(set) var` is `public`: its value can be read, and so reached).
struct ScannedMember: Equatable {
    let name: String
    let access: DeclaredAccess
}
