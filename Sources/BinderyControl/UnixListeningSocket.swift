#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Creates the control socket: a listening Unix stream socket at a path, with a mode.
public enum UnixListeningSocket {
    /// Binds and listens at `path` with permissions `mode` (e.g. 0o600). An existing socket
    /// file is replaced only when nothing accepts connections on it (a stale leftover of a
    /// crashed daemon); a live one, or a file that is not a socket, is an error. Returns
    /// the descriptor (non-blocking, close-on-exec).
    public static func bind(path: String, mode: mode_t) throws(ControlSetupError) -> Int32 {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !path.isEmpty, path.utf8.count < capacity else {
            throw ControlSetupError("control socket path must be 1 to \(capacity - 1) bytes: \(path)")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw ControlSetupError("control socket path \(path) exists and is not a socket; not replacing it")
            }
            if isAcceptingConnections(&address) {
                throw ControlSetupError("another process is listening on \(path) (is the daemon already running?)")
            }
            // Nothing listens: a socket left behind (a daemon killed before it could remove
            // it). Removing it must work, or bind would fail with a misleading "in use".
            guard unlink(path) == 0 || errno == ENOENT else {
                throw ControlSetupError("cannot remove the stale control socket \(path) (nothing listens on it): \(String(cString: strerror(errno)))")
            }
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw ControlSetupError("control socket: \(String(cString: strerror(errno)))") }
        // Create the socket file with no permissions for others from the start; the requested
        // mode is applied right after.
        let previousMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let bindError = errno
        umask(previousMask)
        guard bound == 0 else {
            close(descriptor)
            throw ControlSetupError("cannot bind control socket \(path): \(String(cString: strerror(bindError)))")
        }
        guard chmod(path, mode) == 0, listen(descriptor, 512) == 0 else {
            let error = errno
            close(descriptor)
            unlink(path)
            throw ControlSetupError("cannot listen on control socket \(path): \(String(cString: strerror(error)))")
        }
        return descriptor
    }

    private static func isAcceptingConnections(_ address: inout sockaddr_un) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }
}
