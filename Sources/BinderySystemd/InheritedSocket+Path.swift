#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension InheritedSocket {
    /// The filesystem path a unix socket is bound to (`getsockname`), e.g.
    /// `/run/bindery/control.sock`; nil for other sockets, unnamed or abstract ones.
    public var boundPath: String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        let pathLength = Int(length) - pathOffset
        guard pathLength > 1 else { return nil }
        return withUnsafeBytes(of: address.sun_path) { raw -> String? in
            let bytes = raw.prefix(pathLength)
            guard bytes.first != 0 else { return nil }   // abstract namespace: no path
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
