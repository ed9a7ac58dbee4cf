/// A parsed HTTP request as handed to an ``HTTPServer/Handler``: immutable, `Sendable`, and
/// safe to keep and read on any thread after the handler returns (nothing refers back to the
/// connection).
public struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `GET`. The server only hands GET and HEAD to handlers.
    public let method: String
    /// The request target: normalised path and decoded query (see ``RequestTarget``).
    public let target: RequestTarget
    /// The request headers in the order received.
    public let headers: [HTTPHeader]

    /// Builds a request from its parts; nil when `rawTarget` is malformed (see
    /// ``RequestTarget/init(_:)``). Useful for testing handlers without a server.
    public init?(method: String, rawTarget: String, headers: [HTTPHeader] = []) {
        guard let target = RequestTarget(rawTarget) else { return nil }
        self.method = method
        self.target = target
        self.headers = headers
    }

    /// The normalised, decoded path (always starts with `/`).
    public var path: String { target.path }

    /// True for HEAD requests (the server sends headers only; handlers answer as for GET).
    public var isHead: Bool { method == "HEAD" }

    /// The first value of the header named `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.hasName(name) }?.value
    }

    /// The first decoded value of the query parameter `name`, or nil.
    public func query(_ name: String) -> String? {
        target.queryItems.first { $0.name == name }?.value
    }
}
