/// Message severities, a subset of syslog's, ordered from least (`debug`) to most severe
/// (`error`). The raw value is the syslog priority journald understands.
public enum LogLevel: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Detail useful only when diagnosing.
    case debug = 7
    /// Normal operation worth recording (startup, listening addresses).
    case info = 6
    /// Normal but significant (configuration changes, shutdown).
    case notice = 5
    /// Something unexpected the daemon coped with.
    case warning = 4
    /// Something failed.
    case error = 3

    /// Parses `debug`, `info`, `notice`, `warning` (or `warn`), `error` (or `err`),
    /// case-insensitively; nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "notice": self = .notice
        case "warning", "warn": self = .warning
        case "error", "err": self = .error
        default: return nil
        }
    }

    /// The canonical name, as accepted by ``init(name:)``.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// The syslog priority (3 … 7), used as the `<N>` prefix for journald.
    public var syslogPriority: Int { rawValue }

    /// Less severe first: `debug < info < notice < warning < error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue > rhs.rawValue
    }
}
