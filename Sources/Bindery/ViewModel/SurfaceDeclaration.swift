/// What a view model says about its members beyond what their names, types and composition
/// already say: input constraints, secrets, argument names, which members to leave out, and
/// the derivations composition cannot show. Members are named by key path, so nothing is
/// spelled twice and a rename cannot drift.
///
/// ```swift
/// var surface: Surface {
///     Surface(self) {
///         $0.constrain(\.username, .maxLength(64))
///         $0.derive(\.books, from: \.search)   // `search` sets the property behind `books`
///     }
/// }
/// ```
public struct SurfaceDeclaration<Model: AnyObject> {
    let model: Model
    /// The model's stored members, in declaration order: (name, object).
    let members: [(name: String, object: ObjectIdentifier)]
    var details: [String: SurfaceMemberDetails] = [:]
    var hidden: Set<String> = []
    var transient: Set<String> = []
    var atStart: [String] = []
    /// What the declaration names wrongly (a key path that is no stored member), one line each:
    /// the surface's ``Surface/problems``.
    var problems: [String] = []

    init(model: Model, members: [(name: String, object: ObjectIdentifier)]) {
        self.model = model
        self.members = members
    }

    /// The output (or command: its enabled state) at `member` is derived from `sources`, as
    /// well as from what its composition shows: for an edge the code
    /// cannot show, such as a value a command sets or a property fed by a producer. When
    /// composition shows everything `member` derives from, `sources` must name the same
    /// members, or the surface has a problem naming both (``Surface/problems``).
    public mutating func derive(_ member: PartialKeyPath<Model>, from sources: PartialKeyPath<Model>...) {
        var names: [String] = []
        for source in sources { names.append(name(of: source)) }
        let memberName = name(of: member)
        details[memberName, default: .init()].derivesFrom += names
    }

    /// The input at `member` accepts only values within `constraint`.
    public mutating func constrain(_ member: PartialKeyPath<Model>, _ constraint: InputConstraint) {
        let memberName = name(of: member)
        details[memberName, default: .init()].constraint = constraint
    }

    /// The input at `member` holds a secret (a password, a one-time code): hosts never show its
    /// value to anyone but its owner (binderyd: not over HTTP, not in the event log or a
    /// `watch` stream — only whether it is set; `get` on the private control socket reads it).
    public mutating func secret(_ member: PartialKeyPath<Model>) {
        let memberName = name(of: member)
        details[memberName, default: .init()].secret = true
    }

    /// The command at `member` calls its argument `argumentName` in help and errors
    /// (default `value`).
    public mutating func argument(_ member: PartialKeyPath<Model>, named argumentName: String) {
        let memberName = name(of: member)
        details[memberName, default: .init()].argumentName = argumentName
    }

    /// The member at `member` is not part of the surface (an implementation detail).
    public mutating func hide(_ member: PartialKeyPath<Model>) {
        let memberName = name(of: member)
        hidden.insert(memberName)
    }

    /// The member at `member` is not restored after a restart (a cache the view model
    /// rebuilds itself): a host neither saves it nor, when it holds an object, anything in it.
    public mutating func transient(_ member: PartialKeyPath<Model>) {
        let memberName = name(of: member)
        transient.insert(memberName)
    }

    /// The `MutableProperty` members at `members` are the view model's own state, shown as
    /// outputs and never settable by a client (without this, a public `MutableProperty` of a
    /// settable type is an input). They are still saved and restored like every stored member.
    public mutating func readOnly(_ members: PartialKeyPath<Model>...) {
        for member in members {
            let memberName = name(of: member)
            details[memberName, default: .init()].readOnly = true
        }
    }

    /// The command at `member` runs once each time a host starts the view model, after the
    /// state is restored (a restart starts nothing else: restoring an input never fires the
    /// commands bound to it). Its events say `by: start`.
    public mutating func runAtStart(_ member: PartialKeyPath<Model>) {
        let memberName = name(of: member)
        atStart.append(memberName)
    }

    /// The name of the stored member `keyPath` reaches: the one holding the same object. A key
    /// path that reaches none is a problem of the surface, and its description a name no
    /// member has, so what it declares applies to nothing.
    mutating func name(of keyPath: PartialKeyPath<Model>) -> String {
        let object = ObjectIdentifier(model[keyPath: keyPath] as AnyObject)
        guard let member = members.first(where: { $0.object == object }) else {
            problems.append("\(Model.self): \(keyPath) is not a stored property, Property or Action of the view model")
            return "\(keyPath)"
        }
        return member.name
    }
}
