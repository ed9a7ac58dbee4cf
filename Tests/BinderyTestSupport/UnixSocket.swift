import BinderyPrimitives
import Foundation

/// Plain stream sockets on a path, for tests that must send or relay raw bytes (binderyctl's
/// own client is BinderyCLI's `DaemonConnection`).
public enum UnixSocket {
    /// A connected socket to `path`.
    public static func connect(to path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw error("socket") }
        var address = try self.address(path)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else {
            let failure = error("connect \(path)")
            close(fd)
            throw failure
        }
        return fd
    }

    /// A socket listening at `path` (a file left there is replaced).
    public static func listen(at path: String) throws -> Int32 {
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw error("socket") }
        var address = try self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let failure = error("listen at \(path)")
            close(fd)
            throw failure
        }
        return fd
    }

    /// Writes all of `bytes` to the socket `fd` (a Unix or a TCP one); false if the peer is gone.
    @discardableResult
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = retryingInterrupted { bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw DaemonTestError(description: "socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        return address
    }

    private static func error(_ what: String) -> DaemonTestError {
        DaemonTestError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
