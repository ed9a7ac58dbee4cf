/// A complete HTTP response: status, headers and a body held in memory or in an open file.
///
/// The server adds the security headers (``SecurityHeaders``), `Content-Length` and `Date`
/// itself; a response need only carry what is specific to it (e.g. `Content-Type`, `ETag`).
public struct HTTPResponse: Sendable {
    /// What is sent after the headers.
    public enum Body: Sendable {
        /// Bytes from memory (copied when the response is queued).
        case bytes([UInt8])
        /// A file sent with sendfile; the server takes the descriptor from the ``OpenFile``.
        case file(OpenFile)
        /// A response built once and shared (its own status and headers apply; this
        /// response's are ignored).
        case prepared(PreparedResponse)
    }

    /// The status code, e.g. 200.
    public var status: Int
    /// Response-specific headers. Values must not contain CR or LF: a response with such a
    /// header is replaced by a 500.
    public var headers: [HTTPHeader]
    /// The body (ignored on the wire for HEAD requests and 304 responses).
    public var body: Body

    /// A response with the given status, headers and body.
    public init(status: Int = 200, headers: [HTTPHeader] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `bytes`, labelled with `contentType`.
    public init(status: Int = 200, contentType: String, bytes: [UInt8], headers: [HTTPHeader] = []) {
        self.init(status: status, headers: [HTTPHeader("Content-Type", contentType)] + headers, body: .bytes(bytes))
    }

    /// The response `prepared` was built from, sent without building it again.
    public static func prepared(_ prepared: PreparedResponse) -> HTTPResponse {
        HTTPResponse(status: prepared.original.status, headers: prepared.original.headers, body: .prepared(prepared))
    }

    /// A `text/plain; charset=utf-8` response whose body is `text`.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", bytes: Array(text.utf8))
    }

    /// 304 Not Modified carrying the entity tag the client already has.
    public static func notModified(_ etag: ETag, headers: [HTTPHeader] = []) -> HTTPResponse {
        HTTPResponse(status: 304, headers: [HTTPHeader("ETag", etag.headerValue)] + headers)
    }

    /// 400 Bad Request with a one-line plain-text explanation.
    public static func badRequest(_ reason: String = "Bad Request") -> HTTPResponse {
        .text(reason + "\n", status: 400)
    }

    /// 404 Not Found.
    public static let notFound = HTTPResponse.text("Not Found\n", status: 404)

    /// 405 Method Not Allowed, with `Allow: GET, HEAD` (this server is read-only).
    public static let methodNotAllowed = HTTPResponse(
        status: 405,
        contentType: "text/plain; charset=utf-8",
        bytes: Array("Method Not Allowed\n".utf8),
        headers: [HTTPHeader("Allow", "GET, HEAD")]
    )

    /// 421 Misdirected Request: the `Host` header does not name this server (see
    /// ``HostAllowList``).
    public static let misdirectedRequest = HTTPResponse.text(
        "Misdirected Request: the Host header does not name this server\n", status: 421)

    /// 403 Forbidden: a cross-origin request for what only the server's own pages may read.
    public static let crossOriginForbidden = HTTPResponse.text(
        "Forbidden: cross-origin requests are not answered\n", status: 403)

    /// 500 Internal Server Error.
    public static let internalServerError = HTTPResponse.text("Internal Server Error\n", status: 500)

    /// 503 Service Unavailable, sent to requests still waiting when the server stops.
    public static let serviceUnavailable = HTTPResponse.text("Service Unavailable\n", status: 503)
}
