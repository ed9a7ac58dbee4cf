import BinderyProtocol

/// What `binderyctl`'s arguments ask for.
public struct Invocation: Sendable, Equatable {
    /// The control socket; nil means the default (`SocketLocator`).
    public var socketPath: String?
    /// Commands from `-c`, run in order instead of reading input.
    public var commands: [String] = []
    /// A transcript to replay and compare (`--check FILE`).
    public var checkFile: String?
    /// A script to run (`-f FILE`; `-` is standard input), one command per line.
    public var scriptFile: String?
    /// Print the daemon's replies verbatim, one JSON object per line.
    public var json = false
    /// Go on after a failed command (the exit code still reports the failure).
    public var keepGoing = false
    /// `--complete LINE`: print what Tab would offer for the REPL line LINE, one per line
    /// (for shell completion scripts), and exit.
    public var completionLine: String?
    public var showHelp = false
    public var showVersion = false

    public init() {}

    /// The program's version, printed by `--version`.
    public static let version = "binderyctl \(BinderyRelease.version)"

    /// The name binderyctl gives the daemon, which records it as who made the session's
    /// changes (docs/PROTOCOL.md, `client`): `-c` for `-c` commands, the script's path for
    /// `-f FILE` (`<stdin>` for `-` or piped input), else `interactive`.
    public func clientName(interactive: Bool) -> String {
        if !commands.isEmpty { return "-c" }
        if let scriptFile, scriptFile != "-" { return scriptFile }
        return interactive ? "interactive" : "<stdin>"
    }

    /// Exit codes, also listed in `--help`.
    public enum ExitCode: Int32, Sendable {
        case success = 0
        case commandFailed = 1
        case usage = 2
        case unreachable = 3
    }

    /// Why the arguments are not valid (exit 2).
    public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// An option of binderyctl's table.
    public typealias Option = CommandLineOption<Invocation, UsageError>

    /// binderyctl's options, in the order `--help` lists them: the one declaration its parsing,
    /// `--help`, did-you-mean, man page and bash completion follow (OptionDeclarationTests
    /// holds the last two to it).
    public static let options: [Option] = [
        Option("--socket", "-s", value: "PATH",
               help: ["the control socket (default: $BINDERY_SOCKET, else the first",
                      "of ./.bindery/control.sock and /run/bindery/control.sock",
                      "that answers)"]) { $0.socketPath = $1 },
        Option("-c", "--command", value: "COMMAND", repeatable: true,
               help: ["run COMMAND and exit; repeat for several, run in order"]) { $0.commands.append($1) },
        Option("-f", "--file", value: "FILE",
               help: ["run the commands in FILE, one per line (- is stdin); blank",
                      "lines and lines starting with # are skipped; errors say",
                      "FILE:LINE:; a line may have at most 64 KiB"]) { $0.scriptFile = $1 },
        Option("--check", value: "TRANSCRIPT",
               help: ["replay a transcript: lines `bindery> COMMAND` followed by",
                      "the output expected (in .md files, fenced blocks starting",
                      "with the prompt); print a diff where it differs. In",
                      "expected lines `…` matches any text and a line ending in",
                      "` (re)` is a regular expression"]) { $0.checkFile = $1 },
        Option("--json",
               help: ["print one JSON object per command: the daemon's reply",
                      "verbatim, or an error binderyctl found itself in the same",
                      #"shape ({"id":null,"ok":false,"error":{"code","message"}})"#]) { $0.json = true },
        Option("--keep-going", "-k", help: ["do not stop at the first failed command"]) { $0.keepGoing = true },
        Option("--complete", value: "LINE",
               help: ["print what Tab completes for the REPL line LINE, one per line",
                      "(used by the bash completion; names come from the daemon)"]) { $0.completionLine = $1 },
        Option("--help", "-h", help: ["this text"]) { $0.showHelp = true },
        Option("--version", "-V", help: ["the version"]) { $0.showVersion = true },
    ]

    /// Parses the arguments after the program name by ``options``: a value is the next
    /// argument or attached (`--socket=PATH`, `-cCOMMAND`); there are no positional arguments
    /// (commands go in `-c`).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        func unknown(_ argument: String) -> UsageError {
            let hint = CommandLineOptions.closest(to: argument, in: options).map { " — did you mean '\($0)'?" }
                ?? (argument.hasPrefix("-") ? "" : " — commands go after -c, e.g. -c 'ls'")
            return UsageError(message: "unknown option '\(argument)'\(hint)")
        }
        let errors = CommandLineErrors<UsageError>(
            unknown: { argument, _ in unknown(argument) },
            missingValue: { UsageError(message: "\($0) needs a value") },
            unexpectedValue: { argument, _ in unknown(argument) })
        try CommandLineOptions.parse(arguments, options: options, into: &invocation, errors: errors)
        if invocation.socketPath == "" { throw UsageError(message: "--socket needs a non-empty path") }
        if [invocation.scriptFile != nil, !invocation.commands.isEmpty, invocation.checkFile != nil].filter({ $0 }).count > 1 {
            throw UsageError(message: "-c, -f and --check do not mix: use one")
        }
        return invocation
    }

    /// The text of `--help`.
    public static func helpText() -> String {
        """
        \(CommandLineOptions.synopsis(program: "binderyctl", options: options))

        Drive binderyd's view models: set inputs, run commands, watch the state react.
        On a terminal it is an interactive shell (prompt `bindery> `, Tab completion,
        history, Ctrl-R search); otherwise it reads one command per line from stdin.

        options:
        \(CommandLineOptions.listing(options, column: 16).joined(separator: "\n"))

        exit codes:
          0  every command succeeded
          1  a command failed (the first failure stops the run unless --keep-going),
             or --check found output that differs
          2  usage: bad options
          3  binderyd is unreachable (not running, or the socket path is wrong)

        \(CommandTable.overview())

        environment: BINDERY_SOCKET, NO_COLOR (no colours), PAGER (long output on a
        terminal; empty: none), XDG_STATE_HOME (history in
        $XDG_STATE_HOME/bindery/history, default ~/.local/state/bindery/history).
        """
    }
}
