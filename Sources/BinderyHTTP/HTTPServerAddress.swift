/// Where an HTTP server is reached from this machine: over TCP, or over a unix stream socket
/// (as nginx listens for its publishers).
public enum HTTPServerAddress: Sendable, Equatable {
    /// TCP to `host` (a name or an IP address, IPv6 without brackets) and `port`.
    case tcp(host: String, port: UInt16)
    /// A unix stream socket at `path`.
    case unix(path: String)

    /// The `Host` header a request to it sends: the host (bracketed when IPv6) and the port
    /// unless it is 80; `localhost` for a unix socket.
    public var hostHeader: String {
        switch self {
        case let .tcp(host, port):
            let name = host.contains(":") ? "[\(host)]" : host
            return port == 80 ? name : "\(name):\(port)"
        case .unix: return "localhost"
        }
    }
}
