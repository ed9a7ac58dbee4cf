extension Surface {
    /// The surface of `model` discovered from its stored members, in declaration order: each
    /// `MutableProperty` of a ``SurfaceScalar`` (string, int, double, bool, float, date as ISO
    /// 8601, URL, UUID) or an optional of one is an input, and so is one of any other `Codable`
    /// value (an array, a dictionary, an enum, your struct: set as JSON in its Codable form);
    /// any other `MutableProperty` or `Property` of a ``SurfaceRepresentable`` value an output,
    /// and of any other `Encodable` value an output shown by its Codable encoding
    /// (and each `MutableListProperty` or `ListProperty` of ``SurfaceRepresentable`` rows a list
    /// output reporting its edits); each `Action` (taking nothing, an int, a string, a double or
    /// a bool) a command. Members are named after their Swift property; members whose name
    /// starts with `_` are left out, and so is everything `declare` hides. `name` defaults to
    /// the type's name without `ViewModel`, in lower camel case (`LoginViewModel` → `login`,
    /// `APIViewModel` → `api`).
    ///
    /// Fails at construction (a precondition, like duplicate names) when a declared member is
    /// not a stored member, an exposed `Action` takes an argument no surface can carry, or an
    /// exposed property, list or `Action` holds a value no surface can carry (it names the
    /// member and the type: make the type ``SurfaceRepresentable``, or hide the member).
    public init<Model: AnyObject>(_ model: Model, name: String? = nil, _ declare: (inout SurfaceDeclaration<Model>) -> Void = { _ in }) {
        var stored: [(name: String, value: Any)] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        var levels: [[(name: String, value: Any)]] = []
        while let current = mirror {
            levels.append(current.children.compactMap { child in child.label.map { ($0, child.value) } })
            mirror = current.superclassMirror
        }
        for level in levels.reversed() { stored += level }   // a superclass's members come first
        let objects = stored.filter { Mirror(reflecting: $0.value).displayStyle == .class }
            .map { (name: $0.name, object: ObjectIdentifier($0.value as AnyObject)) }
        var declaration = SurfaceDeclaration(model: model, members: objects)
        declare(&declaration)

        var inputs: [SurfaceInput] = []
        var outputs: [SurfaceOutput] = []
        var commands: [SurfaceCommand] = []
        let surfaceName = name ?? Self.defaultName(of: Model.self)
        for (memberName, value) in stored where !memberName.hasPrefix("_") && !memberName.hasPrefix("$") {
            guard !declaration.hidden.contains(memberName) else { continue }
            guard let convertible = value as? any SurfaceMemberConvertible else {
                if let candidate = value as? any SurfaceMemberCandidate {
                    let derives = declaration.details[memberName]?.derivesFrom ?? []
                    switch candidate.codableMember(named: memberName, derivesFrom: derives) {
                    case let .input(input)?: inputs.append(input); continue
                    case let .output(output)?: outputs.append(output); continue
                    case .command?, nil: break
                    }
                    preconditionFailure("\(surfaceName): \(memberName) is \(candidate.memberDescription), and a surface cannot carry \(candidate.unsupportedTypeName); \(candidate.remedy), or hide it")
                }
                continue
            }
            let details = declaration.details[memberName] ?? .init()
            switch convertible.surfaceMember(named: memberName, details) {
            case let .input(input)?: inputs.append(details.secret ? input.secret() : input)
            case let .output(output)?: outputs.append(output)
            case let .command(command)?: commands.append(command)
            case nil: preconditionFailure("\(surfaceName): \(memberName) is an Action whose input is not Void, Int, String, Double or Bool; hide it or give it a SurfaceCommand of its own")
            }
        }
        self.init(name: surfaceName, inputs: inputs, outputs: outputs, commands: commands)
        transientMembers = declaration.transient
    }

    /// `LoginViewModel` → `login`, `APIViewModel` → `api`, `BookSearch` → `bookSearch`.
    static func defaultName(of type: Any.Type) -> String {
        var base = String(describing: type)
        if let generic = base.firstIndex(of: "<") { base = String(base[..<generic]) }
        if base.hasSuffix("ViewModel"), base != "ViewModel" { base.removeLast("ViewModel".count) }
        let characters = Array(base)
        var leadingCapitals = 0
        while leadingCapitals < characters.count, characters[leadingCapitals].isUppercase { leadingCapitals += 1 }
        // Lower the leading capitals, but keep the capital that starts the next word: "HTTPServer" → "httpServer".
        let lowered = leadingCapitals > 1 && leadingCapitals < characters.count ? leadingCapitals - 1 : leadingCapitals
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }
}
