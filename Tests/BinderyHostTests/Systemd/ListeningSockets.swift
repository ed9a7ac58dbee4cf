import Foundation
import Glibc

/// Sockets to pass as if systemd had opened them. Only used inside exit tests.
enum ListeningSockets {
    static func unixStream(path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        listen(descriptor, 16)
        return descriptor
    }

    static func loopbackTCP() -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        listen(descriptor, 16)
        return descriptor
    }

    static func udp() -> Int32 {
        socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    }

    /// Moves `sockets` to descriptors 3, 4, … as systemd does, first moving whatever this
    /// process had there out of the way; returns the displaced descriptors to restore.
    static func placeAsInherited(_ sockets: [Int32]) -> [(Int32, Int32)] {
        // Duplicate the sockets above the target range first, so placing one cannot
        // overwrite another that happens to sit at 3, 4, ….
        let lifted = sockets.map { fcntl($0, F_DUPFD_CLOEXEC, 100) }
        var displaced: [(Int32, Int32)] = []
        for (offset, socket) in lifted.enumerated() {
            let target = Int32(3 + offset)
            if fcntl(target, F_GETFD) >= 0 { displaced.append((target, fcntl(target, F_DUPFD_CLOEXEC, 200))) }
            dup2(socket, target)
            close(socket)
        }
        return displaced
    }

    static func restore(_ displaced: [(Int32, Int32)]) {
        for (target, saved) in displaced {
            dup2(saved, target)
            close(saved)
        }
    }
}
