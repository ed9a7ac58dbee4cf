#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which `Host` header values name this server — the defence against DNS rebinding, where a
/// web page whose own name has been re-pointed at 127.0.0.1 reads the API from the victim's
/// browser: such a request carries the attacker's name as its `Host`, and is refused.
///
/// Allowed (names case-insensitive, a trailing dot ignored):
/// - `localhost` and any IP literal (`127.0.0.1`, `[::1]`, the bound address, another address
///   of this machine) with the server's port — an IP literal cannot be rebound, and a browser
///   sends the port whenever it is not 80;
/// - the operator's ``names`` (`--http-allow-host`), with any port or none, since a proxy in
///   front (nginx, say) decides the port the browser sees.
///
/// Everything else — an unknown name, a bad port, an empty or malformed value — is refused.
public struct HostAllowList: Sendable, Equatable {
    /// Names allowed with any port, lower-cased, without a trailing dot.
    public let names: [String]
    /// The server's TCP port; 0 when unknown (then any port is accepted).
    public let port: UInt16

    /// The allow list for a server on `port` that also answers to `names`.
    public init(names: [String], port: UInt16) {
        self.names = names.map(Self.normalised)
        self.port = port
    }

    /// Whether a request whose `Host` header is `value` may be answered.
    public func allows(_ value: String) -> Bool {
        guard let (host, port) = Self.split(value) else { return false }
        if names.contains(host) { return true }
        let portMatches = self.port == 0 || port == self.port
        return portMatches && (host == "localhost" || Self.isIPLiteral(host))
    }

    /// A `Host` value's host (lower-cased, no trailing dot, an IPv6 literal without its
    /// brackets) and port (80 when absent); nil when it is malformed.
    package static func split(_ value: String) -> (host: String, port: UInt16)? {
        var host = Substring(value)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
            host = host[host.index(after: host.startIndex)..<close]
            guard isIPLiteral(String(host)) && host.contains(":") else { return nil }
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        let port: UInt16
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
                  let number = UInt16(portText) else { return nil }
            port = number
        } else {
            port = 80
        }
        let name = normalised(String(host))
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "@") }) else {
            return nil
        }
        return (name, port)
    }

    private static func normalised(_ name: String) -> String {
        let lower = String(decoding: name.utf8.map(ASCII.lowercased), as: UTF8.self)
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    /// Whether `host` is a numeric IPv4 (dotted quad) or IPv6 address.
    static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
