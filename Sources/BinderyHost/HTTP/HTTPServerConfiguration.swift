/// How an ``HTTPServer`` listens and how many connections it keeps.
///
/// The defaults are chosen for a dashboard endpoint that must stay answerable while slow or
/// idle clients hold connections: 1,024 connections (so 300 idle ones leave more than 700
/// slots, and each of the 2 worker threads, which get half the limit each, can still take
/// 212 more than all 300 idle ones together), and a 30 s idle timeout after which a silent
/// connection is closed. Suspended requests (long-polls) do not time out while waiting.
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
    /// Receives libmicrohttpd's own error messages, one line each; nil drops them.
    public var errorLog: (@Sendable (String) -> Void)?

    /// A configuration with the given listener and the defaults described above.
    public init(
        listener: Listener,
        threadCount: Int = 2,
        connectionLimit: Int = 1024,
        idleTimeoutSeconds: Int = 30,
        errorLog: (@Sendable (String) -> Void)? = nil
    ) {
        self.listener = listener
        self.threadCount = threadCount
        self.connectionLimit = connectionLimit
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.errorLog = errorLog
    }

    func validated() throws(HTTPSetupError) -> Self {
        guard threadCount >= 1 else { throw HTTPSetupError("HTTP thread count must be at least 1, got \(threadCount)") }
        guard connectionLimit >= threadCount, connectionLimit <= Int(Int32.max) else {
            throw HTTPSetupError("HTTP connection limit must be between \(threadCount) and \(Int32.max), got \(connectionLimit)")
        }
        guard idleTimeoutSeconds >= 0, idleTimeoutSeconds <= Int(Int32.max) else {
            throw HTTPSetupError("HTTP idle timeout must be between 0 and \(Int32.max) seconds, got \(idleTimeoutSeconds)")
        }
        return self
    }
}
