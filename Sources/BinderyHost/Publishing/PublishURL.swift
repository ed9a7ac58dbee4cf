import BinderyHTTP

/// Where binderyd publishes its change feed (`--publish-url`, docs/HTTP.md): an HTTP server
/// reached over TCP (`http://HOST:PORT/PATH`) or over a unix socket in nginx's own spelling
/// (`http://unix:/SOCKET:/PATH`), and the path each channel's name is appended to.
///
/// Guarantees: only `http:` is accepted (the publisher speaks plain HTTP/1.1, meant for a
/// server on the same machine); HOST is a name, an IPv4 address or a bracketed IPv6 one, PORT
/// 1–65535 (default 80); the socket path is absolute; PATH starts with `/` (default `/`) and
/// holds no space, `?` or `#`; anything else is a one-line error naming what is wrong.
public struct PublishURL: Sendable, Equatable, CustomStringConvertible {
    /// How to reach the server (TCP or a unix socket).
    public typealias Server = HTTPServerAddress

    /// How to reach the server.
    public let server: Server
    /// The path a channel's name is appended to (starts with `/`).
    public let path: String
    /// The URL as given.
    public let description: String

    /// Parses `text`, or throws a one-line explanation.
    public init(parsing text: String) throws(UsageError) {
        let scheme = "http://"
        guard text.hasPrefix(scheme) else {
            throw UsageError("--publish-url must be http://HOST:PORT/PATH or http://unix:/SOCKET:/PATH, got '\(text)'")
        }
        guard !text.contains(where: { $0 == " " || $0 == "?" || $0 == "#" || $0.isNewline }) else {
            throw UsageError("--publish-url must not contain spaces, '?' or '#', got '\(text)'")
        }
        let rest = text.dropFirst(scheme.count)
        description = text
        if rest.hasPrefix("unix:") {
            let socketAndPath = rest.dropFirst("unix:".count)
            // nginx's spelling: the socket path ends at the first ':' after it.
            let colon = socketAndPath.firstIndex(of: ":")
            let socket = String(socketAndPath[..<(colon ?? socketAndPath.endIndex)])
            guard socket.hasPrefix("/"), socket.count > 1 else {
                throw UsageError("--publish-url http://unix:SOCKET:/PATH needs an absolute socket path, got '\(text)'")
            }
            server = .unix(path: socket)
            path = try Self.path(colon.map { String(socketAndPath[socketAndPath.index(after: $0)...]) } ?? "", in: text)
            return
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = String(rest[..<slash])
        path = try Self.path(String(rest[slash...]), in: text)
        var host = authority
        var port: UInt16 = 80
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw UsageError("--publish-url has an unclosed '[' in '\(text)'") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let parsed = UInt16(after.dropFirst()), parsed > 0 else {
                    throw UsageError("--publish-url needs a port from 1 to 65535, got '\(text)'")
                }
                port = parsed
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            guard let parsed = UInt16(authority[authority.index(after: colon)...]), parsed > 0 else {
                throw UsageError("--publish-url needs a port from 1 to 65535, got '\(text)'")
            }
            port = parsed
        }
        guard !host.isEmpty, !host.contains("@") else { throw UsageError("--publish-url needs a host, got '\(text)'") }
        server = .tcp(host: host, port: port)
    }

    private static func path(_ path: String, in text: String) throws(UsageError) -> String {
        if path.isEmpty { return "/" }
        guard path.hasPrefix("/") else { throw UsageError("--publish-url's path must start with '/', got '\(text)'") }
        return path
    }
}
