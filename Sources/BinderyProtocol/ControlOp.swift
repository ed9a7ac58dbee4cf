/// A control-protocol request's `op` (docs/PROTOCOL.md, "Requests"): the one list binderyctl
/// sends from and binderyd dispatches on, in the order the protocol lists them. The daemon's
/// switch over it is exhaustive, so an op cannot be declared without being answered;
/// DocumentationTests holds PROTOCOL.md's op table to it, fields included.
public enum ControlOp: String, CaseIterable, Sendable {
    case ping, list, describe, get, set, run, interrupt, watch, log, restore, session, `import`

    /// Every op's name, in order: what an unknown op's message lists or picks from.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The fields the op reads besides `id` and `op`, in the order PROTOCOL.md gives them.
    public var fields: [ControlField] {
        switch self {
        case .ping, .list: return []
        case .describe: return [.vm]
        case .get: return [.vm, .name, .surface, .at, .imported]
        case .set: return [.vm, .name, .value, .text, .inputs]
        case .run: return [.vm, .name, .arg, .wait]
        case .interrupt: return [.vm, .name]
        case .watch: return [.vm]
        case .log: return [.n]
        case .restore: return [.version]
        case .session: return [.from, .to]
        case .import: return [.session]
        }
    }
}

/// A field of a control-protocol request (besides `id` and `op`), by its name on the wire.
public enum ControlField: String, CaseIterable, Sendable {
    /// Any op: the client's name, recorded as who made the changes this request and the
    /// connection's later ones make (binderyctl: `interactive`, `-c`, a script's path).
    case client
    /// A view model's name.
    case vm
    /// An input, output or command of the view model.
    case name
    /// `get`: also answer the view model's surface (a boolean).
    case surface
    /// `get`: as at this version (a non-negative integer).
    case at
    /// `set`: the value as JSON of the input's type.
    case value
    /// `set`: the value as a person typed it, parsed by the input's type.
    case text
    /// `set`: several inputs set as one turn, instead of `vm`, `name` and `value` or `text`:
    /// an array of objects with those fields.
    case inputs
    /// `run`: the command's argument.
    case arg
    /// `run`: wait for the run to end (a boolean, default true).
    case wait
    /// `log`: how many events (an integer).
    case n
    /// `restore`: the version to set the inputs back to.
    case version
    /// `session`: the version the exported range starts in (default: the oldest kept).
    case from
    /// `session`: the last version of the range (default: the current one).
    case to
    /// `get`: read the imported session at `at` (default: its last version), not the live state.
    case imported
    /// `import`: a session file (the document `session` and `/api/session` write), as JSON.
    case session
}
