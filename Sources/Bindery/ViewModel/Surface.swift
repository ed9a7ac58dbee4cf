import BinderyProtocol

/// Everything a host needs to list, describe, read, set, run and observe a view model:
/// its named inputs, outputs and commands, and what each derives from.
public struct Surface: Sendable {
    /// The view model's name, unique within a host.
    public let name: String
    /// Its inputs, in display order.
    public let inputs: [SurfaceInput]
    /// Its outputs, in display order.
    public let outputs: [SurfaceOutput]
    /// Its commands, in display order.
    public let commands: [SurfaceCommand]
    /// Stored members (paths, as ``StoredMember/name``) a host does not restore after a
    /// restart: ``SurfaceDeclaration/transient(_:)``.
    public internal(set) var transientMembers: Set<String> = []
    /// Commands a host runs once it has started, after restoring the state
    /// (``SurfaceDeclaration/runAtStart(_:)``); nothing else runs merely because it started.
    public internal(set) var commandsAtStart: [String] = []
    /// Why each member the access rule keeps from being an input is read-only
    /// ("declared private"), for the error refusing to set it (``InputAccessRule``).
    var readOnlyReasons: [String: String] = [:]

    /// What is wrong with the surface as declared, one line each (an input name used twice, a
    /// member whose type no surface can carry, a derivation naming no member, a declaration
    /// naming no stored member); empty when nothing is. A surface with problems leaves out the
    /// members they are about; ``validated()`` throws them, and a host refuses to serve it.
    public internal(set) var problems: [String] = []

    /// A surface; names must be unique within each kind, and every name an output or a
    /// command derives from must be one of its inputs, outputs or commands — else the surface
    /// has ``problems`` (a second member of a name is left out), found the first time the view
    /// model is built, e.g. by its tests (`try model.surface.validated()`).
    public init(name: String, inputs: [SurfaceInput] = [], outputs: [SurfaceOutput] = [], commands: [SurfaceCommand] = []) {
        var problems: [String] = []
        func unique<Member>(_ members: [Member], _ kind: String, _ memberName: (Member) -> String) -> [Member] {
            var seen: Set<String> = []
            return members.filter { member in
                guard seen.insert(memberName(member)).inserted else {
                    problems.append("\(name): \(kind) names must be unique ('\(memberName(member))' is used twice)")
                    return false
                }
                return true
            }
        }
        let uniqueInputs = unique(inputs, "input", \.name), uniqueOutputs = unique(outputs, "output", \.name)
        let uniqueCommands = unique(commands, "command", \.name)
        problems += Self.unknownDerivations(inputs: uniqueInputs, outputs: uniqueOutputs, commands: uniqueCommands).map { "\(name): " + $0 }
        self.name = name
        self.inputs = uniqueInputs
        self.outputs = uniqueOutputs
        self.commands = uniqueCommands
        self.problems = problems
    }

    /// The surface itself when it has no ``problems``; else they are thrown, so a program or
    /// a test can report them instead of serving a surface that leaves members out.
    public func validated() throws(SurfaceConstructionError) -> Surface {
        guard problems.isEmpty else { throw SurfaceConstructionError(problems: problems) }
        return self
    }

    /// One line per `derivesFrom` name that is not an input, output or command of the surface.
    static func unknownDerivations(inputs: [SurfaceInput], outputs: [SurfaceOutput], commands: [SurfaceCommand]) -> [String] {
        let known = inputs.map(\.name) + outputs.map(\.name) + commands.map(\.name)
        let claims = outputs.map { ($0.name, $0.derivesFrom) } + commands.map { ($0.name, $0.enabledDerivesFrom + $0.startedBy) }
        return claims.flatMap { member, sources in
            sources.filter { !known.contains($0) }.map {
                "\(member) derives from '\($0)', which is not a member" + DidYouMean.suffix(for: $0, among: known)
            }
        }
    }

    /// The input called `name`, or an error naming the closest one ("'isValid' in signin is
    /// not an input" when it is an output or a command; "'x' in ticker is not an input: it is
    /// declared private, and only a public MutableProperty is settable" for a non-public one).
    public func input(named name: String) throws(SurfaceError) -> SurfaceInput {
        guard let input = inputs.first(where: { $0.name == name }) else {
            let hint = DidYouMean.suffix(for: name, among: inputs.map(\.name), listing: "inputs")
            let quotedName = Excerpt.quoted(name, quote: Excerpt.singleQuoted)
            let isOutput = outputs.contains { $0.name == name }
            let isOtherMember = isOutput || commands.contains { $0.name == name }
            let reason = isOutput ? readOnlyReasons[name].map { ": it is \($0), and only a public MutableProperty is settable" } ?? "" : ""
            throw SurfaceError(.unknownInput, (isOtherMember ? "\(quotedName) in \(self.name) is not an input\(reason)" : "unknown input \(quotedName) in \(self.name)") + hint)
        }
        return input
    }

    /// The output called `name`, or an error naming the closest one.
    public func output(named name: String) throws(SurfaceError) -> SurfaceOutput {
        guard let output = outputs.first(where: { $0.name == name }) else {
            throw SurfaceError(.unknownOutput, "unknown output \(Excerpt.quoted(name, quote: Excerpt.singleQuoted)) in \(self.name)" + DidYouMean.suffix(for: name, among: outputs.map(\.name), listing: "outputs"))
        }
        return output
    }

    /// The command called `name`, or an error naming the closest one.
    public func command(named name: String) throws(SurfaceError) -> SurfaceCommand {
        guard let command = commands.first(where: { $0.name == name }) else {
            throw SurfaceError(.unknownCommand, "unknown command \(Excerpt.quoted(name, quote: Excerpt.singleQuoted)) in \(self.name)" + DidYouMean.suffix(for: name, among: commands.map(\.name), listing: "commands"))
        }
        return command
    }
}
