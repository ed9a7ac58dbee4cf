/// What an argument position of a REPL command accepts; drives parsing and completion.
public enum ArgumentKind: Sendable, Hashable {
    /// A REPL command word (for `help`).
    case commandWord
    /// A view-model name.
    case viewModel
    /// `VM.NAME` where NAME is an input.
    case inputPath
    /// `VM.NAME` where NAME is a command.
    case commandPath
    /// `VM.NAME` where NAME is an input, output or command.
    case memberPath
    /// A value typed by the input or command argument named in the previous argument.
    case value
    /// A non-negative count.
    case count
    /// A file name (not completed).
    case file
    /// `@V`: a state version the daemon's history keeps.
    case version
    /// `@F..@T`: versions the daemon's history keeps (`testgen` also takes a session file).
    case versionRange

    /// Whether it is a `VM.NAME` path.
    public var isPath: Bool { self == .inputPath || self == .commandPath || self == .memberPath }
}

/// One argument position: its placeholder in usage lines, what it accepts, whether optional.
public struct ArgumentSpec: Sendable, Hashable {
    public let placeholder: String
    public let kind: ArgumentKind
    public let optional: Bool

    public init(_ placeholder: String, _ kind: ArgumentKind, optional: Bool = false) {
        self.placeholder = placeholder
        self.kind = kind
        self.optional = optional
    }
}

/// One REPL command: the single source for parsing, `help` and tab completion (as in
/// redis-cli, where one table of commands feeds help, hints and completion).
public struct CommandSpec: Sendable, Hashable {
    public let name: String
    public let aliases: [String]
    public let arguments: [ArgumentSpec]
    /// A trailing `&` is allowed (run without waiting).
    public let allowsBackground: Bool
    /// One line for the command list.
    public let summary: String
    /// Further lines for `help COMMAND`.
    public let details: [String]

    public init(name: String, aliases: [String] = [], arguments: [ArgumentSpec] = [], allowsBackground: Bool = false,
                summary: String, details: [String] = []) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.allowsBackground = allowsBackground
        self.summary = summary
        self.details = details
    }

    /// "set VM.INPUT VALUE", "run VM.COMMAND [ARG] [&]".
    public var usage: String {
        var parts = [name]
        for argument in arguments { parts.append(argument.optional ? "[\(argument.placeholder)]" : argument.placeholder) }
        if allowsBackground { parts.append("[&]") }
        return parts.joined(separator: " ")
    }
}

/// The REPL's commands in the order `help` lists them: one entry per ``CommandKeyword``.
public enum CommandTable {
    public static let commands: [CommandSpec] = CommandKeyword.allCases.map(\.spec)

    /// The command called `word` (by name or alias), in any case: `GET` is `get`, as SQL
    /// keywords in psql and commands in redis-cli.
    public static func spec(named word: String) -> CommandSpec? {
        entry(named: word)?.spec
    }

    /// The keyword of the command called `word` (by name or alias), in any case.
    public static func keyword(named word: String) -> CommandKeyword? {
        entry(named: word)?.keyword
    }

    private static func entry(named word: String) -> (keyword: CommandKeyword, spec: CommandSpec)? {
        let lowered = word.lowercased()
        return zip(CommandKeyword.allCases, commands).first { $0.1.name == lowered || $0.1.aliases.contains(lowered) }
            .map { (keyword: $0.0, spec: $0.1) }
    }

    /// The names `help` lists and completion offers.
    public static var names: [String] { commands.map(\.name) }

    /// The text of `help`: usage and summary of every command, aligned.
    public static func overview() -> String {
        let width = (commands + backslashCommands).map(\.usage.count).max() ?? 0
        var lines = ["Commands:"]
        for command in commands {
            lines.append("  " + command.usage.padding(to: width) + "  " + command.summary)
        }
        lines.append("Backslash commands:")
        for command in backslashCommands {
            lines.append("  " + command.usage.padding(to: width) + "  " + command.summary)
        }
        lines.append("Strings may be quoted; Tab completes names; `help COMMAND` for more.")
        return lines.joined(separator: "\n")
    }

    /// `\x`, for its usage line.
    public static var expandedSpec: CommandSpec { BackslashKeyword.expanded.spec }

    /// The backslash commands, as in psql: read before the table, listed by `help`, `\?` and
    /// the man page; one entry per ``BackslashKeyword``.
    public static let backslashCommands: [CommandSpec] = BackslashKeyword.allCases.map(\.spec)

    /// The backslash command called `word` (by name or alias), in any case.
    public static func backslashKeyword(named word: String) -> BackslashKeyword? {
        let lowered = word.lowercased()
        return zip(BackslashKeyword.allCases, backslashCommands).first { $0.1.name == lowered || $0.1.aliases.contains(lowered) }?.0
    }

    /// The text of `\?`: every command's usage, one per line, and the backslash commands.
    public static func quickHelp() -> String {
        var lines = commands.map { "  " + $0.usage }
        lines.append("  \\?  this list    \\x [on|off]  expanded output    \\q  quit    # a comment")
        return lines.joined(separator: "\n")
    }

    /// The text of `help COMMAND`, or an error naming the closest command.
    public static func help(for word: String) -> Result<String, CommandLineError> {
        guard let command = spec(named: word) else { return .failure(.unknownCommand(word)) }
        var lines = ["usage: " + command.usage, "  " + command.summary]
        lines += command.details.map { "  " + $0 }
        if !command.aliases.isEmpty { lines.append("  also: " + command.aliases.joined(separator: ", ")) }
        return .success(lines.joined(separator: "\n"))
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
