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

/// The REPL's commands in the order `help` lists them.
public enum CommandTable {
    public static let commands: [CommandSpec] = [
        CommandSpec(name: "help", arguments: [ArgumentSpec("COMMAND", .commandWord, optional: true)],
                    summary: "List the commands, or explain one."),
        CommandSpec(name: "ls", summary: "List the view models: inputs, outputs, commands."),
        CommandSpec(name: "show", arguments: [ArgumentSpec("VM", .viewModel), ArgumentSpec("@V", .version, optional: true)],
                    summary: "A view model's inputs, outputs, commands as tables.",
                    details: ["Inputs are what set changes (a MutableProperty of a settable type);",
                              "outputs are read-only (derived, or state the view model keeps).",
                              "Commands show enabled / executing / runs / last value / last error;",
                              "list outputs follow as numbered rows (the number is the index toggle takes).",
                              "@V: as it was at version V (binderyd keeps 1,000 back), e.g. show api @120"]),
        CommandSpec(name: "get", arguments: [ArgumentSpec("VM.NAME", .memberPath), ArgumentSpec("@V", .version, optional: true)],
                    summary: "Print one input, output, or command's state.",
                    details: ["e.g. get login.avatarURL   get products.products   get login.login",
                              "@V: as it was at version V, e.g. get api.failureRate @120"]),
        CommandSpec(name: "set", arguments: [ArgumentSpec("VM.INPUT", .inputPath), ArgumentSpec("VALUE", .value)],
                    summary: "Set an input; VALUE is parsed by the input's type.",
                    details: ["Types: string (bare or quoted), int, double, bool (true/false), json.",
                              "Quote strings with spaces; in \"…\" use \\n \\t \\\" \\\\ \\u{hex}; '…' is literal.",
                              "A json value starting with [ or { is typed as is, to its closing bracket.",
                              "An optional input (\"or null\" in show) also takes null.",
                              "e.g. set login.mobilePhone 13800138000   set compass.valueA 西",
                              "     set api.failureRate 1   set trip.tags [\"a\", \"b\"]"]),
        CommandSpec(name: "run", arguments: [ArgumentSpec("VM.COMMAND", .commandPath), ArgumentSpec("ARG", .value, optional: true)],
                    allowsBackground: true,
                    summary: "Run a command and wait for its value or error.",
                    details: ["While it runs an \"executing…\" line shows the elapsed time.",
                              "Ctrl-C interrupts the run (binderyd's interrupt op) and waits for it to end;",
                              "a second Ctrl-C stops waiting. A trailing & does not wait.",
                              "e.g. run login.login   run products.toggle 2   run products.refresh &"]),
        CommandSpec(name: "watch", arguments: [ArgumentSpec("VM", .viewModel, optional: true)],
                    summary: "Print change events as they happen, until Ctrl-C.",
                    details: ["On a terminal the prompt stays usable; events appear above it."]),
        CommandSpec(name: "log", arguments: [ArgumentSpec("N", .count, optional: true)],
                    summary: "Print the last N events (default 50, at most 1000)."),
        CommandSpec(name: "restore", arguments: [ArgumentSpec("@V", .version)],
                    summary: "Set the inputs back to version V, in one change.",
                    details: ["The inputs that differ are set together: one new version, acknowledged",
                              "once durable. Secret inputs are not in the history: they stay as they are.",
                              "e.g. restore @120"]),
        CommandSpec(name: "ping", summary: "Check that binderyd answers."),
        CommandSpec(name: "record", arguments: [ArgumentSpec("FILE|off", .file)],
                    summary: "Save typed commands to FILE, a script for -f.",
                    details: ["Failed commands are kept as # comments; `record off` stops.",
                              "binderyctl --check FILE replays a transcript (commands after `bindery> `",
                              "with their output) and shows a diff where the output differs."]),
        CommandSpec(name: "quit", aliases: ["exit"], summary: "Leave (Ctrl-D does too)."),
    ]

    /// The command called `word` (by name or alias), in any case: `GET` is `get`, as SQL
    /// keywords in psql and commands in redis-cli.
    public static func spec(named word: String) -> CommandSpec? {
        let lowered = word.lowercased()
        return commands.first { $0.name == lowered || $0.aliases.contains(lowered) }
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

    /// `\x`, for its usage line (backslash commands are read before the table).
    public static let expandedSpec = CommandSpec(
        name: "\\x", arguments: [ArgumentSpec("on|off|auto", .commandWord, optional: true)],
        summary: "Expanded: one field per line (auto: when too wide).",
        details: ["Without an argument it toggles."])

    /// The backslash commands, as in psql: read before the table, listed by `help`, `\?` and
    /// the man page.
    public static let backslashCommands: [CommandSpec] = [
        CommandSpec(name: "\\?", aliases: ["\\h"], summary: "All commands' usage in one screen."),
        expandedSpec,
        CommandSpec(name: "\\q", summary: "Quit."),
    ]

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
