import BinderyHTTP
import BinderySystemd
import Glibc

/// A Bindery daemon's command line (binderyd's, or that of any program hosting its own view
/// models through ``DaemonMain``): parses flags into a ``DaemonConfiguration``.
///
/// Development defaults need no flag: socket and state under `./.bindery/`, HTTP on
/// 127.0.0.1:8420, the dashboard compiled in. Under systemd, `$RUNTIME_DIRECTORY` holds the
/// socket and `$STATE_DIRECTORY` the state. Every flag takes `--flag value` or
/// `--flag=value`.
public enum DaemonOptions {
    /// What the command line asks for.
    public enum Request: Sendable, Equatable {
        case run(DaemonConfiguration)
        case help
        case version
    }

    /// The `--help` text of the program called `program`; `extraFlags` (already formatted,
    /// one per line) describe flags the program adds before handing the rest to ``parse``.
    public static func usage(program: String, extraFlags: [String] = []) -> String {
        let indent = String(repeating: " ", count: "usage: ".count + program.count + 1)
        return """
        usage: \(program) [--socket PATH] [--http HOST:PORT] [--state-dir DIR]
        \(indent)[--web-dir DIR] [--set VM.INPUT=VALUE]...
        \(indent)[--command-timeout SECONDS] [--event-log-size N]
        \(indent)[--log-level LEVEL]
        \(indent)[--socket-mode MODE] [--reset-state] [--http-connections N]
        \(indent)[--http-allow-host NAME]... [--control-output-mib N]
        \(indent)[--publish-url URL]
        \(indent)[--help] [--version]

          --socket PATH             control socket (default ./.bindery/control.sock,
                                    $RUNTIME_DIRECTORY/control.sock under systemd)
          --http HOST:PORT          HTTP dashboard and JSON endpoint (default
                                    127.0.0.1:8420; port 0 picks a free port); it shows
                                    every input (secret ones only as set or not set)
                                    without authentication, so a non-loopback HOST is
                                    logged as a warning
          --state-dir DIR           the saved state (what a restart restores) and the
                                    view models' data (default ./.bindery,
                                    $STATE_DIRECTORY under systemd)
          --http-connections N      HTTP connections served at once (default 16384,
                                    lowered to fit the open-file limit); past them
                                    requests get 503 and it is logged
          --http-allow-host NAME    also answer HTTP requests whose Host is NAME (with
                                    any port), e.g. the name a proxy serves it under;
                                    other names get 421 (repeatable; localhost and IP
                                    addresses with the daemon's port always work)
          --publish-url URL         publish each version's change-feed answer to
                                    nginx's pub/sub module (nchan) at URL,
                                    http://HOST:PORT/PATH or http://unix:/SOCKET:/PATH
                                    (docs/nginx-nchan.conf); the channel's name is
                                    appended to PATH
          --control-output-mib N    replies and watch lines all control clients may
                                    have queued unread together, in MiB (default 64);
                                    past it the slowest readers are disconnected
                                    and it is logged
          --web-dir DIR             serve the dashboard from DIR (e.g. ./web, to edit it
                                    without rebuilding; default: the copy built in)
          --set VM.INPUT=VALUE      start input VM.INPUT at VALUE, over its persisted
                                    value (not persisted; repeatable; checked like
                                    a set)
          --command-timeout SECONDS interrupt commands running longer (default 30)
          --event-log-size N        events the log keeps, across restarts (default
                                    10000)
          --log-level LEVEL         debug, info, notice, warning or error (default info)
          --socket-mode MODE        control socket permissions, octal (default 0600)
          --reset-state             if a state database is damaged, move it aside
                                    (renamed with a timestamp) and start afresh
        """ + extraFlags.map { "\n  " + $0 }.joined()
    }

    /// Parses `arguments` (without the program name) with `environment` for the systemd
    /// directories. Throws a one-line ``UsageError`` for an unknown flag, a missing or bad
    /// value.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Request {
        let runtime = environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        let stateDir = environment["STATE_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        var configuration = DaemonConfiguration(
            socketPath: (runtime ?? ".bindery") + "/control.sock", socketMode: 0o600,
            httpHost: "127.0.0.1", httpPort: 8420,
            stateDirectory: stateDir ?? ".bindery", webDirectory: nil,
            commandTimeout: 30, logLevel: .info)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw UsageError("\(flag) needs a value") }
                index += 1
                return arguments[index - 1]
            }
            switch flag {
            case "--help", "-h":
                guard inlineValue == nil else { throw UsageError("\(flag) takes no value") }
                return .help
            case "--version":
                guard inlineValue == nil else { throw UsageError("\(flag) takes no value") }
                return .version
            case "--reset-state":
                guard inlineValue == nil else { throw UsageError("\(flag) takes no value") }
                configuration.resetState = true
            case "--socket":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--socket needs a path") }
                configuration.socketPath = path
            case "--socket-mode":
                let text = try value()
                guard let mode = mode_t(text, radix: 8), mode <= 0o777 else {
                    throw UsageError("--socket-mode must be an octal mode like 0600, got '\(text)'")
                }
                configuration.socketMode = mode
            case "--http":
                (configuration.httpHost, configuration.httpPort) = try parseHostPort(try value())
            case "--http-connections":
                let text = try value()
                guard let count = Int(text), (16...1_000_000).contains(count) else {
                    throw UsageError("--http-connections must be an integer from 16 to 1000000, got '\(text)'")
                }
                configuration.httpConnections = count
            case "--http-allow-host":
                let name = try value()
                guard let parsed = HostAllowList.split(name), parsed.port == 80, !name.contains(":") || name.hasPrefix("[") && name.hasSuffix("]") else {
                    throw UsageError("--http-allow-host must be a host name without a port, got '\(name)'")
                }
                configuration.httpAllowedHosts.append(parsed.host)
            case "--publish-url":
                configuration.publishURL = try PublishURL(parsing: try value())
            case "--control-output-mib":
                let text = try value()
                guard let mebibytes = Int(text), (1...65_536).contains(mebibytes) else {
                    throw UsageError("--control-output-mib must be an integer from 1 to 65536, got '\(text)'")
                }
                configuration.controlOutputBudgetBytes = mebibytes << 20
            case "--state-dir":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--state-dir needs a directory") }
                configuration.stateDirectory = path
            case "--web-dir":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--web-dir needs a directory") }
                configuration.webDirectory = path
            case "--set":
                configuration.settings.append(try StartupSetting(parsing: try value()))
            case "--command-timeout":
                let text = try value()
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                    throw UsageError("--command-timeout must be a number of seconds above 0, got '\(text)'")
                }
                configuration.commandTimeout = seconds
            case "--event-log-size":
                let text = try value()
                guard let count = Int(text), (1...10_000_000).contains(count) else {
                    throw UsageError("--event-log-size must be an integer from 1 to 10000000, got '\(text)'")
                }
                configuration.eventLogSize = count
            case "--log-level":
                let text = try value()
                guard let level = LogLevel(name: text) else {
                    throw UsageError("--log-level must be debug, info, notice, warning or error, got '\(text)'")
                }
                configuration.logLevel = level
            default:
                throw UsageError(argument.hasPrefix("-") ? "unknown flag '\(flag)'" : "unexpected argument '\(argument)'")
            }
        }
        return .run(configuration)
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
