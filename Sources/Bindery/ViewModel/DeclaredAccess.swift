/// The access level a stored member of a view model is declared with, as the SurfaceAccess
/// build-tool plugin reads it from the source (`internal` when none is written; the getter's
/// access for `public private(set) var`).
public enum DeclaredAccess: String, Sendable, CaseIterable {
    /// `open`: reachable, and overridable, outside the module.
    case open
    /// `public`: reachable outside the module.
    case `public`
    /// `package`: reachable from the modules of its package only.
    case package
    /// `internal`, written or not: reachable from its module only.
    case `internal`
    /// `fileprivate`: reachable from its file only.
    case `fileprivate`
    /// `private`: reachable from its declaration's scope only.
    case `private`

    /// Whether code outside the module can reach the member (`public` or `open`): only such a
    /// `MutableProperty` can be an input.
    public var isPublic: Bool { self == .open || self == .public }
}
