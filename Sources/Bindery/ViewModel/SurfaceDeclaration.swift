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

    init(model: Model, members: [(name: String, object: ObjectIdentifier)]) {
        self.model = model
        self.members = members
    }

    /// The output (or command: its enabled state) at `member` is derived from `sources`, as
    /// well as from what its composition shows: for an edge the code
    /// cannot show, such as a value a command sets or a property fed by a producer. When
    /// composition shows everything `member` derives from, `sources` must name the same
    /// members, or ``Surface/init(_:name:_:)`` stops naming both.
    public mutating func derive(_ member: PartialKeyPath<Model>, from sources: PartialKeyPath<Model>...) {
        let names = sources.map { name(of: $0) }
        details[name(of: member), default: .init()].derivesFrom += names
    }

    /// The input at `member` accepts only values within `constraint`.
    public mutating func constrain(_ member: PartialKeyPath<Model>, _ constraint: InputConstraint) {
        details[name(of: member), default: .init()].constraint = constraint
    }

    /// The input at `member` holds a secret (a password, a one-time code): hosts never show its
    /// value to anyone but its owner (binderyd: not over HTTP, not in the event log or a
    /// `watch` stream — only whether it is set; `get` on the private control socket reads it).
    public mutating func secret(_ member: PartialKeyPath<Model>) {
        details[name(of: member), default: .init()].secret = true
    }

    /// The command at `member` calls its argument `argumentName` in help and errors
    /// (default `value`).
    public mutating func argument(_ member: PartialKeyPath<Model>, named argumentName: String) {
        details[name(of: member), default: .init()].argumentName = argumentName
    }

    /// The member at `member` is not part of the surface (an implementation detail).
    public mutating func hide(_ member: PartialKeyPath<Model>) {
        hidden.insert(name(of: member))
    }

    /// The member at `member` is not restored after a restart (a cache the view model
    /// rebuilds itself): a host neither saves it nor, when it holds an object, anything in it.
    public mutating func transient(_ member: PartialKeyPath<Model>) {
        transient.insert(name(of: member))
    }

    /// The `MutableProperty` members at `members` are the view model's own state, shown as
    /// outputs and never settable by a client (without this, a public `MutableProperty` of a
    /// settable type is an input). They are still saved and restored like every stored member.
    public mutating func readOnly(_ members: PartialKeyPath<Model>...) {
        for member in members { details[name(of: member), default: .init()].readOnly = true }
    }

    /// The command at `member` runs once each time a host starts the view model, after the
    /// state is restored (a restart starts nothing else: restoring an input never fires the
    /// commands bound to it). Its events say `by: start`.
    public mutating func runAtStart(_ member: PartialKeyPath<Model>) {
        atStart.append(name(of: member))
    }

    /// The name of the stored member `keyPath` reaches: the one holding the same object.
    func name(of keyPath: PartialKeyPath<Model>) -> String {
        let object = ObjectIdentifier(model[keyPath: keyPath] as AnyObject)
        guard let member = members.first(where: { $0.object == object }) else {
            preconditionFailure("\(Model.self): \(keyPath) is not a stored property, Property or Action of the view model")
        }
        return member.name
    }
}
