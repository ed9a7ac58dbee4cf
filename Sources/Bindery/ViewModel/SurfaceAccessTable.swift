/// The classes of one module and, for each, its stored members and the access each is
/// declared with: what the SurfaceAccess plugin read from the module's sources
/// (``SurfaceMemberAccess``).
public struct SurfaceAccessTable: Sendable {
    /// By class, named as `String(reflecting:)` names it without generic arguments
    /// (`Module.Outer.Inner`): member name → declared access.
    private let classes: [String: [String: DeclaredAccess]]

    /// The classes of `module`, each by its name in the module (`Outer.Inner`, generic
    /// parameters left out), with its stored members' declared access.
    public init(module: String, classes: [String: [String: DeclaredAccess]]) {
        self.classes = Dictionary(uniqueKeysWithValues: classes.map { ("\(module).\($0.key)", $0.value) })
    }

    /// The declared access of the stored members `type` declares itself (not those it
    /// inherits), or nil when the table does not know the class.
    func members(declaredBy type: Any.Type) -> [String: DeclaredAccess]? {
        classes[Self.name(of: type)]
    }

    /// `type`'s name as the table keys it: `String(reflecting:)` without generic arguments
    /// (`M.Box<Swift.Int>.Item` → `M.Box.Item`) and without the anonymous context a
    /// `private` type is declared in (`M.(unknown context at $1f2e).Cache` → `M.Cache`).
    static func name(of type: Any.Type) -> String {
        var name = ""
        var angles = 0
        var parentheses = 0
        var skipsDot = false
        for character in String(reflecting: type) {
            switch character {
            case "<": angles += 1
            case ">": angles -= 1
            case "(" where angles == 0: parentheses += 1
            case ")" where angles == 0:
                parentheses -= 1
                skipsDot = parentheses == 0
            case "." where skipsDot: skipsDot = false
            default:
                if angles == 0 && parentheses == 0 { name.append(character) }
            }
        }
        return name
    }
}
