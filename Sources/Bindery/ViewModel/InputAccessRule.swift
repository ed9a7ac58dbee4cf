/// The rule that only a member declared `public` or `open` can be an input — a `private let
/// x = MutableProperty(0)` is shown read-only, never set by a client — for a view model whose
/// class carries the SurfaceAccess plugin's table (``SurfaceMemberAccess``). Without the table
/// nothing is known of access, and every member may be an input as its type allows.
struct InputAccessRule {
    /// Member name → why it is read-only ("declared private"), for each member of a class the
    /// table knows that is not declared public or open.
    let readOnlyReasons: [String: String]

    init(_ model: AnyObject) {
        guard let access = type(of: model) as? any SurfaceMemberAccess.Type else {
            readOnlyReasons = [:]
            return
        }
        let table = access.surfaceAccessTable
        var reasons: [String: String] = [:]
        var mirror: Mirror? = Mirror(reflecting: model)
        while let level = mirror {
            if let members = table.members(declaredBy: level.subjectType) {
                for case let name? in level.children.map(\.label) {
                    // A member the scan did not find (declared in a way it cannot read) is
                    // read-only: a doubt never makes a member settable.
                    guard let declared = members[name] else { reasons[name] = "not declared public"; continue }
                    if !declared.isPublic { reasons[name] = "declared \(declared.rawValue)" }
                }
            }
            mirror = level.superclassMirror
        }
        readOnlyReasons = reasons
    }
}
