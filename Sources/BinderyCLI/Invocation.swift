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

    /// Parses the arguments after the program name. `--socket=PATH` and `-cCOMMAND` forms
    /// are accepted too; `--` ends options (anything after it is an error: commands go in `-c`).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var index = 0
        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--socket", "-s": invocation.socketPath = try value(for: argument)
            case "-c", "--command": invocation.commands.append(try value(for: argument))
            case "-f", "--file": invocation.scriptFile = try value(for: argument)
            case "--check": invocation.checkFile = try value(for: argument)
            case "--complete": invocation.completionLine = try value(for: argument)
            case "--json": invocation.json = true
            case "--keep-going", "-k": invocation.keepGoing = true
            case "--help", "-h": invocation.showHelp = true
            case "--version", "-V": invocation.showVersion = true
            default:
                if argument.hasPrefix("--socket=") {
                    invocation.socketPath = String(argument.dropFirst("--socket=".count))
                } else if argument.hasPrefix("-c"), argument.count > 2 {
                    invocation.commands.append(String(argument.dropFirst(2)))
                } else {
                    let options = ["--socket", "-c", "-f", "--file", "--check", "--json", "--keep-going", "--complete", "--help", "--version"]
                    let hint = DidYouMean.closest(to: argument, among: options).map { " — did you mean '\($0)'?" }
                        ?? (argument.hasPrefix("-") ? "" : " — commands go after -c, e.g. -c 'ls'")
                    throw UsageError(message: "unknown option '\(argument)'\(hint)")
                }
            }
            index += 1
        }
        if invocation.socketPath == "" { throw UsageError(message: "--socket needs a non-empty path") }
        if [invocation.scriptFile != nil, !invocation.commands.isEmpty, invocation.checkFile != nil].filter({ $0 }).count > 1 {
            throw UsageError(message: "-c, -f and --check do not mix: use one")
        }
        return invocation
    }

    /// The text of `--help`.
    public static func helpText() -> String {
        """
        usage: binderyctl [--socket PATH] [-c COMMAND]... [-f FILE] [--check TRANSCRIPT]
                          [--json] [--keep-going] [--complete LINE] [--help] [--version]

        Drive binderyd's view models: set inputs, run commands, watch the state react.
        On a terminal it is an interactive shell (prompt `bindery> `, Tab completion,
        history, Ctrl-R search); otherwise it reads one command per line from stdin.

        options:
          --socket PATH   the control socket (default: $BINDERY_SOCKET, else the first
                          of ./.bindery/control.sock and /run/bindery/control.sock
                          that answers)
          -c COMMAND      run COMMAND and exit; repeat for several, run in order
          -f FILE         run the commands in FILE, one per line (- is stdin); blank
                          lines and lines starting with # are skipped; errors say
                          FILE:LINE:; a line may have at most 64 KiB
          --check TRANSCRIPT
                          replay a transcript: lines `bindery> COMMAND` followed by
                          the output expected (in .md files, fenced blocks starting
                          with the prompt); print a diff where it differs. In
                          expected lines `…` matches any text and a line ending in
                          ` (re)` is a regular expression
          --json          print one JSON object per command: the daemon's reply
                          verbatim, or an error binderyctl found itself in the same
                          shape ({"id":null,"ok":false,"error":{"code","message"}})
          --keep-going    do not stop at the first failed command
          --complete LINE print what Tab completes for the REPL line LINE, one per line
                          (used by the bash completion; names come from the daemon)
          --help          this text
          --version       the version

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
