extension Surface {
    /// The surface of `model` discovered from its stored members, in declaration order: each
    /// `MutableProperty` of a ``SurfaceScalar`` (string, int, double, bool, float, date as ISO
    /// 8601, URL, UUID) or an optional of one is an input, and so is one of any other `Codable`
    /// value (an array, a dictionary, an enum, your struct: set as JSON in its Codable form);
    /// any other `MutableProperty` or `Property` of a ``SurfaceRepresentable`` value an output,
    /// and of any other `Encodable` value an output shown by its Codable encoding
    /// (and each `MutableListProperty` or `ListProperty` of ``SurfaceRepresentable`` rows a list
    /// output reporting its edits); each `Action` a command: taking `Void` (no argument), a
    /// ``SurfaceScalar``, or any other `Codable` value (as JSON, like an input of it), and
    /// showing what it sends as a property of it shows it (`Void` as null). Members are named
    /// after their Swift property; members whose name starts with `_` are left out, and so is
    /// everything `declare` hides. `name` defaults to the type's name without `ViewModel`, in
    /// lower camel case (`LoginViewModel` → `login`, `APIViewModel` → `api`).
    /// When `Model`'s target uses the SurfaceAccess plugin (``SurfaceMemberAccess``), only a
    /// `MutableProperty` declared `public` or `open` is an input, and every other one an output.
    ///
    /// What each output and command derives from is read from the code: the members its
    /// composition reaches (`map`, `combineLatest`, `zip`, `skipRepeats`, the boolean
    /// operators, `Property(_:)` views, `Action(enabledIf:)` and `Action(state:enabledIf:…)`,
    /// and through signals and producers every operator of the core: time operators, `sample`,
    /// `merge`, flatten strategies, `Property(initial:then:)`), through properties that are not
    /// members; a command's `startedBy` is what the streams bound to it (`<~`) derive from.
    /// `declare`'s ``SurfaceDeclaration/derive(_:from:)`` adds what composition cannot show; on
    /// a command, what its work reads (never a contradiction: work is code composition cannot
    /// see).
    ///
    /// Has ``problems`` (one line each; the members they are about are left out) when a
    /// declared member is not a stored member, an exposed property, list or `Action` holds a
    /// value no surface can carry (naming the member, the type and what to do: make it
    /// `Codable` or ``SurfaceRepresentable``, or hide the member), or a `derive` contradicts an
    /// output's code (composition shows all it derives from, and the declaration names a
    /// different set: both sets are named). It never stops the program: ``validated()`` throws
    /// them, and `DaemonMain.run` prints them as one line and exits with status 1.
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
        let access = InputAccessRule(model)

        var inputs: [SurfaceInput] = []
        var outputs: [SurfaceOutput] = []
        var commands: [SurfaceCommand] = []
        let surfaceName = name ?? Self.defaultName(of: Model.self)
        let candidates = stored.compactMap { member -> (name: String, candidate: any SurfaceMemberCandidate)? in
            guard !member.name.hasPrefix("_"), !member.name.hasPrefix("$"), !declaration.hidden.contains(member.name) else { return nil }
            return (member.value as? any SurfaceMemberCandidate).map { (member.name, $0) }
        }
        let derivations = SurfaceDerivations(members: candidates)
        var problems = declaration.problems
        for (memberName, candidate) in candidates {
            var details = declaration.details[memberName] ?? .init()
            if access.readOnlyReasons[memberName] != nil { details.readOnly = true }
            details.startedBy = derivations.composed(memberName, lineage: candidate.startLineage).sources
            let (derives, problem) = derivations.derivesFrom(
                memberName, lineage: candidate.derivationLineage, declared: details.derivesFrom,
                shownElsewhere: details.startedBy, runsOpaqueWork: candidate.runsOpaqueWork)
            if let problem {
                problems.append("\(surfaceName): \(problem)")
                continue
            }
            details.derivesFrom = derives
            guard let convertible = candidate as? any SurfaceMemberConvertible else {
                switch candidate.codableMember(named: memberName, derivesFrom: derives, readOnly: details.readOnly) {
                case let .input(input)?: inputs.append(input); continue
                case let .output(output)?: outputs.append(output); continue
                case .command?, nil: break
                }
                problems.append(Self.cannotCarry(memberName, candidate, in: surfaceName))
                continue
            }
            switch convertible.surfaceMember(named: memberName, details) {
            case let .input(input)?: inputs.append(details.secret ? input.secret() : input)
            case let .output(output)?: outputs.append(output)
            case let .command(command)?: commands.append(command)
            case nil: problems.append(Self.cannotCarry(memberName, candidate, in: surfaceName))
            }
        }
        self.init(name: surfaceName, inputs: inputs, outputs: outputs, commands: commands)
        self.problems = problems + self.problems
        transientMembers = declaration.transient
        commandsAtStart = declaration.atStart
        readOnlyReasons = access.readOnlyReasons
    }

    /// The problem of a member whose type no surface can carry, naming what to do.
    private static func cannotCarry(_ memberName: String, _ candidate: any SurfaceMemberCandidate, in surfaceName: String) -> String {
        "\(surfaceName): \(memberName) is \(candidate.memberDescription), and a surface cannot carry \(candidate.unsupportedTypeName); \(candidate.remedy), or hide it"
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
