import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix datagram socket standing in for systemd's notification socket, for a child
/// process (pass ``path`` as its `NOTIFY_SOCKET`; this process's environment is untouched).
final class NotifyDatagramSocket {
    let path: String
    let descriptor: Int32

    /// A socket at `path`.
    init(path: String) {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)  // safety net only
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A socket at `<directory>/notify.sock`.
    convenience init(directory: String) {
        self.init(path: directory + "/notify.sock")
    }

    /// A socket in the temporary directory, exported as this process's `NOTIFY_SOCKET` (only
    /// inside exit tests: their own process, their own environment).
    static func exportedAsNotifySocket() -> NotifyDatagramSocket {
        let socket = NotifyDatagramSocket(path: NSTemporaryDirectory() + "bindery-notify-\(getpid())-\(UUID().uuidString.prefix(8)).sock")
        setenv("NOTIFY_SOCKET", socket.path, 1)
        return socket
    }

    /// The next datagram, or nil when none arrives within the safety timeout.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Datagrams until one contains `marker` (inclusive); nil if it never comes.
    func receive(until marker: String) -> [String]? {
        var received: [String] = []
        while let message = receive() {
            received.append(message)
            if message.contains(marker) { return received }
        }
        return nil
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
