import BinderyControl
import BinderySystemd
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a Bindery daemon runs: where it listens, keeps state and finds its web files, what its
/// inputs start with, and how long commands may run. Built from the command line by
/// ``DaemonOptions``.
public struct DaemonConfiguration: Sendable, Equatable {
    /// The control socket's path.
    public var socketPath: String
    /// The control socket's permissions.
    public var socketMode: mode_t
    /// The HTTP host to bind.
    public var httpHost: String
    /// The HTTP port to bind (0: an ephemeral port).
    public var httpPort: UInt16
    /// Where `state.sqlite` (inputs) and any database of the hosted view models live.
    public var stateDirectory: String
    /// A directory to serve the dashboard's files from (`--web-dir`, for editing them without
    /// rebuilding); nil serves the copy compiled into binderyd.
    public var webDirectory: String?
    /// `--set VM.INPUT=VALUE`, in order: values inputs start with (not persisted).
    public var settings: [StartupSetting] = []
    /// The longest a command may run before it is interrupted as timed out, in seconds.
    public var commandTimeout: Double
    /// The most events the event log keeps, in memory and in the state database
    /// (`--event-log-size`).
    public var eventLogSize = 10_000
    /// The most bytes the version history keeps, in the state database (and its newest
    /// quarter in memory) (`--history-mib`, default 64 MiB).
    public var historyBudgetBytes = ViewModelHost.defaultHistoryBudget
    /// The least severe log level written.
    public var logLevel: LogLevel
    /// `--reset-state`: move damaged state databases aside (renamed with a timestamp) and
    /// start with fresh ones, instead of refusing to start.
    public var resetState = false
    /// HTTP connections served at once; past them requests get 503 (`--http-connections`).
    public var httpConnections = 16_384
    /// Names HTTP answers to besides `localhost` and IP literals with its port
    /// (`--http-allow-host`, repeatable); any other `Host` gets 421.
    public var httpAllowedHosts: [String] = []
    /// Bytes of replies and watch lines all control clients together may have queued unread
    /// before the slowest are disconnected (`--control-output-mib`, default 64 MiB).
    public var controlOutputBudgetBytes = ControlServer.defaultOutputBudgetBytes

    /// Where to publish the change feed (`--publish-url`: nginx's nchan, docs/HTTP.md), or nil.
    public var publishURL: PublishURL?

    /// A configuration with every field given.
    public init(socketPath: String, socketMode: mode_t, httpHost: String, httpPort: UInt16, stateDirectory: String,
                webDirectory: String?, commandTimeout: Double, logLevel: LogLevel) {
        self.socketPath = socketPath
        self.socketMode = socketMode
        self.httpHost = httpHost
        self.httpPort = httpPort
        self.stateDirectory = stateDirectory
        self.webDirectory = webDirectory
        self.commandTimeout = commandTimeout
        self.logLevel = logLevel
    }
}
