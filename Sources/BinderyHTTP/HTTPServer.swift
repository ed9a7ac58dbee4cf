import BinderyPrimitives
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A read-only HTTP/1.1 server on libmicrohttpd: epoll, an internal pool of worker threads,
/// keep-alive, and answers that may come later from any thread (long-polls).
///
/// Guarantees:
/// - Handlers see only GET and HEAD; every other method gets 405 with `Allow: GET, HEAD`.
///   A request target that does not parse (bad escape, NUL, backslash) gets 400 without
///   reaching the handler. Malformed request lines are rejected by libmicrohttpd (400 or a
///   closed connection); the process never crashes on input. An HTTP/1.1 request without a
///   `Host`, with two, or with a NUL byte in a header gets 400 (``RequestHeadRules``); so does
///   one whose body length could be read two ways (differing `Content-Length`s,
///   `Transfer-Encoding` with `Content-Length`, a last coding other than chunked), and its
///   connection is closed.
/// - With ``HTTPServerConfiguration/allowedHostNames`` set, a `Host` that does not name this
///   server gets 421 before any handler sees the request (``HostAllowList``).
/// - Every response the server builds carries ``SecurityHeaders/all``, except the bodiless 431
///   for a request head over 15,360 bytes (the headers would not fit beside such a head).
/// - A request head must be complete within the head timeout of the accept (the idle timeout
///   after the previous answer) however slowly it trickles in (``RequestHeadDeadlines``).
/// - Responses are queued on the handler's second call, so connections stay alive.
/// - `stop()` stops accepting, answers requests still waiting with 503, then shuts down.
public final class HTTPServer: Sendable {
    /// Handles one GET or HEAD request. Call the responder exactly once, before returning
    /// or later from any thread; meanwhile the connection waits without using a thread.
    /// The handler runs on a worker thread: it must not block.
    public typealias Handler = @Sendable (HTTPRequest, HTTPResponder) -> Void

    /// The TCP port the server listens on (the ephemeral port chosen when 0 was asked);
    /// 0 when listening on a non-IP socket.
    public let port: UInt16
    /// The address the listening socket is really bound to (nil for a non-IP socket): what
    /// to show people, since a passed socket or a wildcard host may differ from what was asked.
    public let address: ListenAddress?
    /// Responses sent so far by status code (those libmicrohttpd sends on its own for
    /// unparseable requests are not included).
    public var responseCounts: [Int: UInt64] { core.counter.snapshot() }
    /// The connections served before requests are refused with 503: the configured limit,
    /// lowered when the open-file limit (raised to its hard limit) cannot hold it.
    public let connectionLimit: Int
    /// Connections open now.
    public var openConnections: Int { core.openConnections }
    /// Requests currently waiting for a late answer.
    public var waitingRequests: Int { core.waitingCount }

    private let core: HTTPServerCore
    private struct Running {
        /// The libmicrohttpd daemon; nil once stopped.
        var daemon: OpaquePointer?
    }
    private let running: Lock<Running>

    /// Starts listening and serving with `handler`; throws a one-line error when the address
    /// cannot be bound, the socket is unusable or libmicrohttpd refuses to start.
    public init(
        configuration: HTTPServerConfiguration,
        handler: @escaping Handler
    ) throws(HTTPSetupError) {
        var configuration = try configuration.validated()
        let listenDescriptor: Int32
        switch configuration.listener {
        case .address(let host, let port):
            listenDescriptor = try ListeningSocket.bind(host: host, port: port)
        case .socket(let descriptor):
            try ListeningSocket.adopt(descriptor)
            listenDescriptor = descriptor
        }
        // Descriptors for the connections, the reserve that is answered 503, and the rest of
        // the process (control clients, the databases, the web files).
        let files = ListeningSocket.raiseOpenFileLimit()
        configuration.connectionLimit = max(configuration.threadCount,
                                            min(configuration.connectionLimit, files - HTTPServerConfiguration.overloadReserve - 256))

        let address = ListenAddress(boundTo: listenDescriptor)
        let hostAllowList = configuration.allowedHostNames.map { HostAllowList(names: $0, port: address?.port ?? 0) }
        let core = HTTPServerCore(handler: handler, errorLog: configuration.errorLog, logSink: logSink,
                                  connectionLimit: configuration.connectionLimit,
                                  idleTimeoutSeconds: configuration.idleTimeoutSeconds,
                                  headTimeoutSeconds: configuration.headTimeoutSeconds,
                                  hostAllowList: hostAllowList,
                                  overloadLog: configuration.overloadLog)
        guard let daemon = Self.startDaemon(core: core, listenDescriptor: listenDescriptor, configuration) else {
            if case .address = configuration.listener { close(listenDescriptor) }
            throw HTTPSetupError("libmicrohttpd could not start on socket \(listenDescriptor)")
        }
        self.core = core
        self.connectionLimit = configuration.connectionLimit
        self.address = address
        self.port = address?.port ?? 0
        self.running = Lock(Running(daemon: daemon))
    }

    /// Stops accepting connections, answers waiting requests with 503, closes all
    /// connections and the listening socket, and joins the worker threads. Idempotent.
    public func stop() {
        guard let daemon = running.withLock({ running in
            defer { running.daemon = nil }
            return running.daemon
        }) else { return }
        let listenDescriptor = MHD_quiesce_daemon(daemon)
        core.stopHeadDeadlines()
        // Stopping libmicrohttpd with a suspended connection aborts it. None is left once this
        // returns: no request may suspend any more, and every one that did was answered 503
        // and resumed, or had been answered and resumed already (an exchange resumes under its
        // lock, so finding it answered means the resume is done; see `HTTPExchange.complete`).
        _ = core.beginStopping()
        // What follows is only courtesy, and bounded: let the resumed requests' worker threads
        // queue their answers, so the clients get the 503 rather than a closed connection.
        var attempts = 0
        while core.waitingCount > 0, attempts < 2_000 {
            usleep(1_000)
            attempts += 1
        }
        // Then until those 503s have been sent (libmicrohttpd reports each request complete),
        // so stopping does not close a connection under an answer still in its buffer.
        attempts = 0
        while core.flushingCount > 0, attempts < 1_000 {
            usleep(1_000)
            attempts += 1
        }
        MHD_stop_daemon(daemon)
        if listenDescriptor >= 0 { close(listenDescriptor) }
    }

    deinit {
        stop()
    }

    /// Memory libmicrohttpd gives each connection for the request head and the response
    /// headers: 16 KiB, twice nginx's default limit for one header line. libmicrohttpd zeroes
    /// the whole block after every request, so its default of 32 KiB cost a 32 KiB memset per
    /// request (8 % of the daemon's CPU under load); a larger request head is refused with
    /// 431, as before beyond 32 KiB.
    static let connectionMemoryBytes = 16_384

    private static func startDaemon(
        core: HTTPServerCore,
        listenDescriptor: Int32,
        _ configuration: HTTPServerConfiguration
    ) -> OpaquePointer? {
        let context = OpaquePointer(Unmanaged.passUnretained(core).toOpaque())
        var options: [CVarArg] = [
            // libmicrohttpd's printf-style log callback, adapted in C (see shim.h) to call logSink.
            MHD_OPTION.EXTERNAL_LOGGER.rawValue, OpaquePointer(bindery_mhd_log_function()),
            OpaquePointer(core.logger),
            MHD_OPTION.URI_LOG_CALLBACK.rawValue, unsafeBitCast(uriLogCallback, to: OpaquePointer.self), context,
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, unsafeBitCast(completedCallback, to: OpaquePointer.self), context,
            MHD_OPTION.LISTEN_SOCKET.rawValue, listenDescriptor,
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, unsafeBitCast(connectionCallback, to: OpaquePointer.self), context,
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(configuration.connectionLimit + HTTPServerConfiguration.overloadReserve),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(configuration.idleTimeoutSeconds),
            MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue, connectionMemoryBytes,
        ]
        if configuration.threadCount > 1 {
            options += [MHD_OPTION.THREAD_POOL_SIZE.rawValue, UInt32(configuration.threadCount)]
        }
        options.append(MHD_OPTION.END.rawValue)
        let flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_ERROR_LOG.rawValue
        return withVaList(options) { arguments in
            MHD_start_daemon_va(
                UInt32(flags), 0, nil, nil, accessCallback,
                UnsafeMutableRawPointer(context), arguments)
        }
    }
}

// libmicrohttpd's callbacks: plain C functions that find the core through their `cls`
// argument (the server keeps the core alive until the daemon is stopped) and the exchange
// through the per-request context set by the URI-log callback.

private let uriLogCallback: @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?
) -> UnsafeMutableRawPointer? = { _, uri, connection in
    let exchange = HTTPExchange(rawTarget: uri.map { String(cString: $0) } ?? "", connection: connection)
    return Unmanaged.passRetained(exchange).toOpaque()
}

private let accessCallback: MHD_AccessHandlerCallback = {
    cls, connection, _, method, version, _, uploadDataSize, requestContext in
    guard let cls, let connection, let method, let exchangePointer = requestContext?.pointee else {
        return .NO
    }
    let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(exchangePointer).takeUnretainedValue()
    return core.accessHandler(
        connection: connection, method: String(cString: method),
        version: version.map { String(cString: $0) } ?? "",
        uploadDataSize: uploadDataSize, exchange: exchange)
}

private let completedCallback: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_RequestTerminationCode
) -> Void = { cls, connection, requestContext, _ in
    guard let cls, let requestContext, let exchangePointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(exchangePointer).takeRetainedValue()
    core.requestCompleted(exchange, on: connection)
}

private let connectionCallback: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_ConnectionNotificationCode
) -> Void = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        core.connectionOpened(connection)
    } else {
        core.connectionEnded(connection)
    }
}

private let logSink: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = {
    context, message in
    guard let context, let message else { return }
    let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
    let line = String(cString: message).split(whereSeparator: \.isNewline).joined(separator: " ")
    core.errorLog?(line)
}
