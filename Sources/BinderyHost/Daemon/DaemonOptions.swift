import BinderyHTTP
import BinderyProtocol
import BinderySystemd
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Bindery daemon's command line (binderyd's, or that of any program hosting its own view
/// models through ``DaemonMain``): parses flags into a ``DaemonConfiguration``.
///
/// Development defaults need no flag: socket and state under `./.bindery/`, HTTP on
/// 127.0.0.1:8420, the dashboard compiled in. Under systemd, `$RUNTIME_DIRECTORY` holds the
/// socket and `$STATE_DIRECTORY` the state. Every flag takes `--flag value` or
/// `--flag=value`. Each option is declared once, in ``standardOptions`` (a program adds its
/// own through ``options(adding:)``): parsing, `--help` and the did-you-mean of an unknown
/// flag follow the declarations, and DaemonOptionDeclarationTests holds binderyd(8) to them.
public enum DaemonOptions {
    /// What the command line asks for.
    public enum Request: Sendable, Equatable {
        case run(DaemonConfiguration)
        case help
        case version
    }

    /// What the options have set so far while a command line is read: what an option
    /// declared with ``Option`` changes.
    public struct Parsed: Sendable {
        /// The daemon's configuration, defaults first.
        public var configuration: DaemonConfiguration
        /// `--help` or `--version`, which end the reading.
        public var request: Request?
    }

    /// A daemon option: the one declaration of its names, value, `--help` text and effect.
    public typealias Option = CommandLineOption<Parsed, UsageError>

    /// The options every daemon takes, in the order `--help` lists them (before the program's
    /// own and `--help`/`--version`, see ``options(adding:)``).
    public static let standardOptions: [Option] = [
        Option("--socket", value: "PATH",
               help: ["control socket (default ./.bindery/control.sock,",
                      "$RUNTIME_DIRECTORY/control.sock under systemd)"]) { parsed, path throws(UsageError) in
            guard !path.isEmpty else { throw UsageError("--socket needs a path") }
            parsed.configuration.socketPath = path
        },
        Option("--http", value: "HOST:PORT",
               help: ["HTTP dashboard and JSON endpoint (default",
                      "127.0.0.1:8420; port 0 picks a free port); it shows",
                      "every input (secret ones only as set or not set)",
                      "without authentication, so a non-loopback HOST is",
                      "logged as a warning"]) { parsed, text throws(UsageError) in
            (parsed.configuration.httpHost, parsed.configuration.httpPort) = try parseHostPort(text)
        },
        Option("--state-dir", value: "DIR",
               help: ["the saved state (what a restart restores) and the",
                      "view models' data (default ./.bindery,",
                      "$STATE_DIRECTORY under systemd)"]) { parsed, path throws(UsageError) in
            guard !path.isEmpty else { throw UsageError("--state-dir needs a directory") }
            parsed.configuration.stateDirectory = path
        },
        Option("--http-connections", value: "N",
               help: ["HTTP connections served at once (default 16384,",
                      "lowered to fit the open-file limit); past them",
                      "requests get 503 and it is logged"]) { parsed, text throws(UsageError) in
            guard let count = Int(text), (16...1_000_000).contains(count) else {
                throw UsageError("--http-connections must be an integer from 16 to 1000000, got '\(text)'")
            }
            parsed.configuration.httpConnections = count
        },
        Option("--http-allow-host", value: "NAME", repeatable: true,
               help: ["also answer HTTP requests whose Host is NAME (with",
                      "any port), e.g. the name a proxy serves it under;",
                      "other names get 421 (repeatable; localhost and IP",
                      "addresses with the daemon's port always work)"]) { parsed, name throws(UsageError) in
            guard let host = HostAllowList.split(name), host.port == 80, !name.contains(":") || name.hasPrefix("[") && name.hasSuffix("]") else {
                throw UsageError("--http-allow-host must be a host name without a port, got '\(name)'")
            }
            parsed.configuration.httpAllowedHosts.append(host.host)
        },
        Option("--publish-url", value: "URL",
               help: ["publish each version's change-feed answer to",
                      "nginx's pub/sub module (nchan) at URL,",
                      "http://HOST:PORT/PATH or http://unix:/SOCKET:/PATH",
                      "(docs/nginx-nchan.conf); the channel's name is",
                      "appended to PATH"]) { parsed, text throws(UsageError) in
            parsed.configuration.publishURL = try PublishURL(parsing: text)
        },
        Option("--control-output-mib", value: "N",
               help: ["replies and watch lines all control clients may",
                      "have queued unread together, in MiB (default 64);",
                      "past it the slowest readers are disconnected",
                      "and it is logged"]) { parsed, text throws(UsageError) in
            guard let mebibytes = Int(text), (1...65_536).contains(mebibytes) else {
                throw UsageError("--control-output-mib must be an integer from 1 to 65536, got '\(text)'")
            }
            parsed.configuration.controlOutputBudgetBytes = mebibytes << 20
        },
        Option("--web-dir", value: "DIR",
               help: ["serve the dashboard from DIR (e.g. ./web, to edit it",
                      "without rebuilding; default: the copy built in)"]) { parsed, path throws(UsageError) in
            guard !path.isEmpty else { throw UsageError("--web-dir needs a directory") }
            parsed.configuration.webDirectory = path
        },
        Option("--set", value: "VM.INPUT=VALUE", repeatable: true,
               help: ["start input VM.INPUT at VALUE, over its persisted",
                      "value (not persisted; repeatable; checked like",
                      "a set)"]) { parsed, text throws(UsageError) in
            parsed.configuration.settings.append(try StartupSetting(parsing: text))
        },
        Option("--command-timeout", value: "SECONDS",
               help: ["interrupt commands running longer (default 30)"]) { parsed, text throws(UsageError) in
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw UsageError("--command-timeout must be a number of seconds above 0, got '\(text)'")
            }
            parsed.configuration.commandTimeout = seconds
        },
        Option("--event-log-size", value: "N",
               help: ["events the log keeps, across restarts (default",
                      "10000)"]) { parsed, text throws(UsageError) in
            guard let count = Int(text), (1...10_000_000).contains(count) else {
                throw UsageError("--event-log-size must be an integer from 1 to 10000000, got '\(text)'")
            }
            parsed.configuration.eventLogSize = count
        },
        Option("--history-mib", value: "N",
               help: ["the version history's size in MiB (default 64): the",
                      "oldest versions go past it, in state.sqlite and in",
                      "memory, which keeps the newest quarter"]) { parsed, text throws(UsageError) in
            guard let mebibytes = Int(text), (1...65_536).contains(mebibytes) else {
                throw UsageError("--history-mib must be an integer from 1 to 65536, got '\(text)'")
            }
            parsed.configuration.historyBudgetBytes = mebibytes << 20
        },
        Option("--log-level", value: "LEVEL",
               help: ["debug, info, notice, warning or error (default info)"]) { parsed, text throws(UsageError) in
            guard let level = LogLevel(name: text) else {
                throw UsageError("--log-level must be debug, info, notice, warning or error, got '\(text)'")
            }
            parsed.configuration.logLevel = level
        },
        Option("--socket-mode", value: "MODE",
               help: ["control socket permissions, octal (default 0600)"]) { parsed, text throws(UsageError) in
            guard let mode = mode_t(text, radix: 8), mode <= 0o777 else {
                throw UsageError("--socket-mode must be an octal mode like 0600, got '\(text)'")
            }
            parsed.configuration.socketMode = mode
        },
        Option("--reset-state",
               help: ["if a state database is damaged, move it aside",
                      "(renamed with a timestamp) and start afresh"]) { $0.configuration.resetState = true },
    ]

    /// `--help` and `--version`, listed last.
    public static let informationOptions: [Option] = [
        Option("--help", "-h", help: ["print this text and exit"]) { $0.request = .help },
        Option("--version", help: ["print the version and exit"]) { $0.request = .version },
    ]

    /// Every option of a program that adds `extra` options of its own: the standard ones,
    /// then `extra`, then `--help` and `--version`.
    public static func options(adding extra: [Option] = []) -> [Option] {
        standardOptions + extra + informationOptions
    }

    /// The `--help` text of the program called `program` that adds `extraOptions` (see
    /// ``options(adding:)``): its synopsis and every option's description.
    public static func usage(program: String, extraOptions: [Option] = []) -> String {
        let options = options(adding: extraOptions)
        return CommandLineOptions.synopsis(program: program, options: options) + "\n\n"
            + CommandLineOptions.listing(options, column: 26).joined(separator: "\n")
    }

    /// Parses `arguments` (without the program name) by ``options(adding:)`` with
    /// `environment` for the systemd directories. Throws a one-line ``UsageError`` for an
    /// unknown flag (naming the closest one), a missing or bad value.
    public static func parse(_ arguments: [String], environment: [String: String],
                             extraOptions: [Option] = []) throws(UsageError) -> Request {
        let runtime = environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        let stateDir = environment["STATE_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        var parsed = Parsed(configuration: DaemonConfiguration(
            socketPath: (runtime ?? ".bindery") + "/control.sock", socketMode: 0o600,
            httpHost: "127.0.0.1", httpPort: 8420,
            stateDirectory: stateDir ?? ".bindery", webDirectory: nil,
            commandTimeout: 30, logLevel: .info))
        let options = options(adding: extraOptions)
        let errors = CommandLineErrors<UsageError>(
            unknown: { argument, flag in
                guard argument.hasPrefix("-") else { return UsageError("unexpected argument '\(argument)'") }
                return UsageError("unknown flag '\(flag)'" + (CommandLineOptions.closest(to: flag, in: options).map { " — did you mean '\($0)'?" } ?? ""))
            },
            missingValue: { UsageError("\($0) needs a value") },
            unexpectedValue: { _, flag in UsageError("\(flag) takes no value") })
        try CommandLineOptions.parse(arguments, options: options, into: &parsed, errors: errors, until: { $0.request != nil })
        return parsed.request ?? .run(parsed.configuration)
    }

    private static func parseHostPort(_ text: String) throws(UsageError) -> (String, UInt16) {
        guard let colon = text.lastIndex(of: ":") else {
            throw UsageError("--http must be HOST:PORT, got '\(text)'")
        }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, let port = UInt16(portText) else {
            throw UsageError("--http must be HOST:PORT with a port from 0 to 65535, got '\(text)'")
        }
        return (host, port)
    }
}

/// A bad command line: one line, printed as `<program>: <message>` before exiting with 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The explanation.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
