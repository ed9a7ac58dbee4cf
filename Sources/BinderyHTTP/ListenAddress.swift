#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The local address a listening TCP socket is really bound to (read back with
/// `getsockname`, so it is the truth whether binderyd bound it or systemd passed it).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric host: `127.0.0.1`, `::1`, `0.0.0.0`, `::`, …
    public let host: String
    /// The TCP port.
    public let port: UInt16

    /// The address with the given parts.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// The address `descriptor` is bound to; nil for a non-IP or unusable socket.
    public init?(boundTo descriptor: Int32) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ($0.pointee.sin_addr, $0.pointee.sin_port) }
            }
            var copy = address
            guard inet_ntop(AF_INET, &copy, &text, socklen_t(text.count)) != nil else { return nil }
            self.init(host: Self.string(text), port: UInt16(bigEndian: port))
        case AF_INET6:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ($0.pointee.sin6_addr, $0.pointee.sin6_port) }
            }
            var copy = address
            guard inet_ntop(AF_INET6, &copy, &text, socklen_t(text.count)) != nil else { return nil }
            self.init(host: Self.string(text), port: UInt16(bigEndian: port))
        default:
            return nil
        }
    }

    /// The text of a NUL-terminated buffer.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether only this machine can connect: `127.0.0.0/8`, `::1`, or `::ffff:127.x.x.x`.
    public var isLoopback: Bool {
        host == "::1" || host.hasPrefix("127.") || host.lowercased().hasPrefix("::ffff:127.")
    }

    /// Whether the socket accepts connections on every interface (`0.0.0.0` or `::`).
    public var isWildcard: Bool {
        host == "0.0.0.0" || host == "::"
    }

    /// `host:port`, with an IPv6 host in brackets.
    public var description: String {
        (host.contains(":") ? "[\(host)]" : host) + ":" + String(port)
    }

    /// `http://host:port/` for this very address.
    public var url: String {
        "http://\(description)/"
    }
}
