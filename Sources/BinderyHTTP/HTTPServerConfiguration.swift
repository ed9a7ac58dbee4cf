/// How an ``HTTPServer`` listens and how many connections it keeps.
///
/// The defaults are chosen for a dashboard endpoint that must stay answerable while slow or
/// idle clients hold connections: 16,384 connections (the process's soft open-file limit is
/// raised to its hard limit, and the limit lowered to fit under it), a 10 s timeout for a
/// connection that has not yet sent a whole request head (slowloris), and a 30 s idle timeout
/// after which a silent connection is closed. Suspended requests (long-polls) do not time out
/// while waiting. Past the limit, a request is refused with 503 and `Connection: close`
/// (libmicrohttpd keeps ``overloadReserve`` more slots so that answer can be given) and the
/// refusals are logged through `overloadLog`, once per burst.
public struct HTTPServerConfiguration: Sendable {
    /// Where the server accepts connections.
    public enum Listener: Sendable {
        /// Bind and listen on `host` (an IP literal or a resolvable name) and `port`;
        /// port 0 picks an ephemeral port (see ``HTTPServer/port``).
        case address(host: String, port: UInt16)
        /// Accept on an already bound and listening stream socket, e.g. one passed by
        /// systemd socket activation. The server owns it from then on and closes it on stop.
        case socket(Int32)
    }

    /// Where to listen.
    public var listener: Listener
    /// Worker threads, each running its own epoll loop (at least 1).
    public var threadCount: Int
    /// Open connections the server accepts at most, across all threads (at least
    /// `threadCount`). The process's soft open-file limit is raised to cover it when the
    /// hard limit allows.
    public var connectionLimit: Int
    /// Seconds a connection may stay silent (no request, no progress) before it is closed;
    /// 0 disables the timeout.
    public var idleTimeoutSeconds: Int
    /// Seconds a new connection may take to send its first request head (any silence that
    /// long closes it); 0: the idle timeout applies.
    public var headTimeoutSeconds: Int
    /// Names the server answers to besides `localhost` and IP literals with its port (see
    /// ``HostAllowList``); nil answers any `Host` (no check). A refused `Host` gets 421.
    public var allowedHostNames: [String]?
    /// Receives one line when the server starts refusing requests with 503 because it is
    /// full, and one when it accepts again; nil drops them.
    public var overloadLog: (@Sendable (String) -> Void)?
    /// Connections libmicrohttpd accepts beyond ``connectionLimit``, to answer them 503.
    public static let overloadReserve = 256
    /// Receives libmicrohttpd's own error messages, one line each; nil drops them.
    public var errorLog: (@Sendable (String) -> Void)?

    /// A configuration with the given listener and the defaults described above.
    public init(
        listener: Listener,
        threadCount: Int = 2,
        connectionLimit: Int = 16_384,
        idleTimeoutSeconds: Int = 30,
        headTimeoutSeconds: Int = 10,
        allowedHostNames: [String]? = nil,
        errorLog: (@Sendable (String) -> Void)? = nil,
        overloadLog: (@Sendable (String) -> Void)? = nil
    ) {
        self.listener = listener
        self.threadCount = threadCount
        self.connectionLimit = connectionLimit
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.headTimeoutSeconds = headTimeoutSeconds
        self.allowedHostNames = allowedHostNames
        self.errorLog = errorLog
        self.overloadLog = overloadLog
    }

    func validated() throws(HTTPSetupError) -> Self {
        guard threadCount >= 1 else { throw HTTPSetupError("HTTP thread count must be at least 1, got \(threadCount)") }
        guard connectionLimit >= threadCount, connectionLimit <= Int(Int32.max) else {
            throw HTTPSetupError("HTTP connection limit must be between \(threadCount) and \(Int32.max), got \(connectionLimit)")
        }
        guard idleTimeoutSeconds >= 0, idleTimeoutSeconds <= Int(Int32.max) else {
            throw HTTPSetupError("HTTP idle timeout must be between 0 and \(Int32.max) seconds, got \(idleTimeoutSeconds)")
        }
        guard headTimeoutSeconds >= 0, headTimeoutSeconds <= Int(Int32.max) else {
            throw HTTPSetupError("HTTP request head timeout must be between 0 and \(Int32.max) seconds, got \(headTimeoutSeconds)")
        }
        return self
    }
}
