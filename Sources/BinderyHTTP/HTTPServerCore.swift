import BinderyPrimitives
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The part of ``HTTPServer`` libmicrohttpd calls back into: routing each request through
/// its ``HTTPExchange``, building responses, counting them, and tracking suspended requests
/// so `stop()` can answer them before the daemon is stopped (stopping libmicrohttpd with
/// suspended connections is undefined behaviour).
final class HTTPServerCore: Sendable {
    let handler: HTTPServer.Handler
    let counter = HTTPStatusCounter()
    let errorLog: (@Sendable (String) -> Void)?

    private struct Waiting {
        var stopping = false
        var exchanges: [ObjectIdentifier: HTTPExchange] = [:]
        /// Waiting requests whose answer (a 503 from `beginStopping`, or the one they
        /// waited for) is queued but not yet reported sent.
        var flushing: Set<ObjectIdentifier> = []
    }
    private let waiting = Lock(Waiting())
    /// `waiting.stopping`, readable without the lock every response would otherwise take;
    /// set under that lock, so it never reads true before `stopping` is.
    private let stopping = Synchronization.Atomic(false)

    /// The C adapter's target: `logSink` with this core as context. Written once in init,
    /// read only by libmicrohttpd while the daemon runs, freed in deinit (after the daemon
    /// stopped, since the server owning this core stops it first).
    nonisolated(unsafe) let logger: UnsafeMutablePointer<bindery_mhd_logger>

    /// The connections counted toward the limit; a request beyond it is answered 503.
    private let slots: ConnectionSlots
    private let idleTimeout: UInt32
    private let headTimeout: UInt32
    /// The `Host` values answered; nil answers any.
    private let hostAllowList: HostAllowList?
    /// Request heads that must be complete in time, however they trickle; nil without a
    /// head timeout.
    private let headDeadlines: RequestHeadDeadlines?
    /// Connections libmicrohttpd holds open, those shut down but not yet released among them
    /// (what `openConnections` reports; the limit counts `slots`).
    private let open = Synchronization.Atomic<Int>(0)

    init(
        handler: @escaping HTTPServer.Handler,
        errorLog: (@Sendable (String) -> Void)?,
        logSink: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void,
        connectionLimit: Int = .max,
        idleTimeoutSeconds: Int = 0,
        headTimeoutSeconds: Int = 0,
        hostAllowList: HostAllowList? = nil,
        overloadLog: (@Sendable (String) -> Void)? = nil
    ) {
        self.hostAllowList = hostAllowList
        self.handler = handler
        self.errorLog = errorLog
        let slots = ConnectionSlots(limit: connectionLimit, log: overloadLog)
        self.slots = slots
        self.idleTimeout = UInt32(idleTimeoutSeconds)
        self.headTimeout = UInt32(headTimeoutSeconds)
        self.headDeadlines = Self.firstHeadTimeout(head: UInt32(headTimeoutSeconds), idle: UInt32(idleTimeoutSeconds)).map { firstHead in
            RequestHeadDeadlines(
                firstHeadSeconds: firstHead, nextHeadSeconds: idleTimeoutSeconds > 0 ? UInt32(idleTimeoutSeconds) : nil,
                shuttingDown: { slots.release() })
        }
        self.logger = .allocate(capacity: 1)
        self.logger.initialize(to: bindery_mhd_logger(sink: logSink, context: nil))
        self.logger.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        logger.deallocate()
    }

    // MARK: waiting requests

    /// Registers a request about to be suspended; false once the server is stopping.
    func mayWait(_ exchange: HTTPExchange) -> Bool {
        waiting.withLock { waiting in
            guard !waiting.stopping else { return false }
            waiting.exchanges[ObjectIdentifier(exchange)] = exchange
            return true
        }
    }

    /// A waiting request's answer is being queued: it counts as flushing until libmicrohttpd
    /// reports the request complete, so that `HTTPServer.stop` (which waits for those) does
    /// not close its connection under an answer still in the buffer, whoever gave it.
    func startFlushing(_ exchange: HTTPExchange) {
        waiting.withLock { waiting in
            let key = ObjectIdentifier(exchange)
            if waiting.exchanges.removeValue(forKey: key) != nil { waiting.flushing.insert(key) }
        }
    }

    /// How many answers to waiting requests (a 503 from `beginStopping` among them) are still
    /// on their way to the client.
    var flushingCount: Int { waiting.withLock { $0.flushing.count } }

    var waitingCount: Int { waiting.withLock { $0.exchanges.count } }

    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Refuses new waits and answers every waiting request with 503; returns how many
    /// were answered. Once it returns, no connection is suspended: a request registers (in
    /// `mayWait`) before it suspends, both under its exchange's lock, and `stopping` is set
    /// under this lock, so every request that suspended or will is among those taken here,
    /// and `complete` resumes it (or found it answered, and so resumed, already).
    func beginStopping() -> Int {
        let pending = waiting.withLock { waiting in
            waiting.stopping = true
            stopping.store(true, ordering: .releasing)
            return Array(waiting.exchanges.values)
        }
        let answered = pending.filter { $0.complete(with: .serviceUnavailable) }
        waiting.withLock { waiting in
            for exchange in answered { waiting.flushing.insert(ObjectIdentifier(exchange)) }
        }
        return answered.count
    }

    // MARK: connections

    var openConnections: Int { open.load(ordering: .relaxed) }

    /// A connection was accepted: it gets the request-head timeout until its first request
    /// head is complete — the shorter of the head and idle timeouts, so a head timeout never
    /// lets a silent connection outlive the idle timeout.
    func connectionOpened(_ connection: OpaquePointer) {
        open.add(1, ordering: .relaxed)
        slots.take()
        if let timeout = firstHeadTimeout { _ = bindery_mhd_set_timeout(connection, timeout) }
        headDeadlines?.opened(connection)
    }

    /// Stops closing overdue connections (the server is stopping).
    func stopHeadDeadlines() {
        headDeadlines?.stop()
    }

    /// The timeout of a connection that has not sent a whole request head yet, or nil to keep
    /// libmicrohttpd's (the idle timeout).
    private var firstHeadTimeout: UInt32? {
        Self.firstHeadTimeout(head: headTimeout, idle: idleTimeout)
    }

    private static func firstHeadTimeout(head: UInt32, idle: UInt32) -> UInt32? {
        guard head > 0 else { return nil }
        return idle > 0 ? min(head, idle) : head
    }

    func connectionEnded(_ connection: OpaquePointer) {
        open.subtract(1, ordering: .relaxed)
        // A connection its head deadline shut down gave its slot back then.
        if headDeadlines?.closed(connection) != true { slots.release() }
    }

    // MARK: callbacks (on libmicrohttpd worker threads)

    func accessHandler(
        connection: OpaquePointer,
        method: String,
        version: String,
        uploadDataSize: UnsafeMutablePointer<Int>?,
        exchange: HTTPExchange
    ) -> MHD_Result {
        if exchange.markFirstCall() {
            // The head is complete: from now on the connection gets the idle timeout.
            if headTimeout > 0 { _ = bindery_mhd_set_timeout(connection, idleTimeout) }
            headDeadlines?.headCompleted(connection)
            if slots.isOverLimit() {
                exchange.connectionClosed()
                return queue(.serviceUnavailable, on: connection, close: true)
            }
            let headers = Self.headers(of: connection)
            if RequestHeadRules.size(rawTarget: exchange.rawTarget, method: method, headers: headers) > RequestHeadRules.maximumBytes {
                exchange.connectionClosed()
                return queueHeadTooLarge(on: connection)
            }
            if let problem = RequestHeadRules.problem(version: version, headers: headers) {
                exchange.connectionClosed()
                return queue(.badRequest("Bad Request: \(problem)"), on: connection, close: true)
            }
            if let hostAllowList {
                // An absolute-form target's authority replaces Host (RFC 9112 §3.2.2), so it is
                // the name checked; a request naming no host at all (HTTP/1.0 may) cannot be
                // checked and is refused like a wrong one.
                let host = RequestTarget.authority(of: exchange.rawTarget) ?? headers.first(where: { $0.hasName("Host") })?.value
                guard let host, hostAllowList.allows(host) else {
                    exchange.connectionClosed()
                    return queue(.misdirectedRequest, on: connection)
                }
            }
            exchange.headers = headers
            guard method == "GET" || method == "HEAD" else {
                exchange.connectionClosed()
                return queue(.methodNotAllowed, on: connection)
            }
            return .YES
        }
        if let uploadDataSize, uploadDataSize.pointee != 0 {
            // A GET/HEAD body has no meaning here; consume and ignore it.
            uploadDataSize.pointee = 0
            return .YES
        }
        if let answer = exchange.takeAnswer() {
            startFlushing(exchange)
            return queue(answer, on: connection)
        }
        guard let request = HTTPRequest(
            method: method,
            rawTarget: exchange.rawTarget,
            headers: exchange.headers
        ) else {
            exchange.connectionClosed()
            return queue(.badRequest("Bad Request: malformed request target"), on: connection)
        }
        exchange.beginHandling()
        callHandler(request, exchange)
        switch exchange.finishHandling(mayWait: { mayWait(exchange) }, fallback: .serviceUnavailable) {
        case .queue(let response):
            return queue(response, on: connection)
        case .suspended:
            return .YES
        }
    }

    /// Separate so the responder is released (answering 500 if it was dropped unanswered)
    /// before the caller looks for the answer.
    private func callHandler(_ request: HTTPRequest, _ exchange: HTTPExchange) {
        handler(request, HTTPResponder(exchange: exchange))
    }

    func requestCompleted(_ exchange: HTTPExchange, on connection: OpaquePointer?) {
        if let connection { headDeadlines?.requestEnded(connection) }
        // Only an exchange that waited can be in `waiting`'s collections (`flushing` holds
        // only exchanges taken from `exchanges`).
        guard exchange.connectionClosed() else { return }
        waiting.withLock { waiting in
            waiting.exchanges[ObjectIdentifier(exchange)] = nil
            waiting.flushing.remove(ObjectIdentifier(exchange))
        }
    }

    // MARK: responses

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, close: Bool = false) -> MHD_Result {
        let closing = isStopping || close
        if case .prepared(let prepared) = response.body, !closing {
            let result = MHD_queue_response(connection, UInt32(prepared.built.status), prepared.built.pointer)
            if result == .YES { counter.record(prepared.built.status) }
            return result
        }
        guard let built = Self.build(response, closing: closing) ?? Self.build(.internalServerError, closing: closing) else {
            return .NO
        }
        defer { MHD_destroy_response(built.response) }
        let result = MHD_queue_response(connection, UInt32(built.status), built.response)
        if result == .YES { counter.record(built.status) }
        return result
    }

    /// 431 with no header of its own (libmicrohttpd adds `Date`, `Content-Length` and
    /// `Connection: close`; an empty body needs no security header): a head this large left libmicrohttpd's connection memory
    /// nearly full, and a response with the usual headers would not fit (libmicrohttpd then
    /// closes the connection without a status).
    private func queueHeadTooLarge(on connection: OpaquePointer) -> MHD_Result {
        guard let response = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT) else { return .NO }
        defer { MHD_destroy_response(response) }
        let result = MHD_queue_response(connection, 431, response)
        if result == .YES { counter.record(431) }
        return result
    }

    /// A libmicrohttpd response for `response`, with the security headers (and
    /// `Connection: close` when `closing`); the caller owns it.
    static func build(_ response: HTTPResponse, closing: Bool) -> (response: OpaquePointer, status: Int)? {
        guard (100...999).contains(response.status) else { return nil }
        let created: OpaquePointer?
        switch response.body {
        case .prepared(let prepared):
            return build(prepared.original, closing: closing)
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let file):
            guard let descriptor = file.take() else { return nil }
            created = MHD_create_response_from_fd64(file.size, descriptor)
            if created == nil { close(descriptor) }
        }
        guard let created else { return nil }
        var headers = SecurityHeaders.all + response.headers.filter { !SecurityHeaders.isSecurityHeader($0) }
        if closing { headers.append(HTTPHeader("Connection", "close")) }
        for header in headers where MHD_add_response_header(created, header.name, header.value) != .YES {
            MHD_destroy_response(created)
            return nil
        }
        return (created, response.status)
    }

    /// The request's headers, in order, collected into an array reserved at their count
    /// (libmicrohttpd returns the count when given no iterator).
    private static func headers(of connection: OpaquePointer) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        let count = MHD_get_connection_values(connection, .HEADER_KIND, nil, nil)
        guard count > 0 else { return headers }
        headers.reserveCapacity(Int(count))
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    context.assumingMemoryBound(to: [HTTPHeader].self).pointee
                        .append(HTTPHeader(String(cString: key), value.map { String(cString: $0) } ?? ""))
                    return .YES
                },
                pointer)
        }
        return headers
    }
}
