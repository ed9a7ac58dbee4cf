#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process at the other end of a control connection, as the kernel saw it connect
/// (`SO_PEERCRED`): what a change it asks for is recorded as made by (docs/PROTOCOL.md,
/// "Events", `origin`). Not what the client claims: a client cannot give another's.
public struct ControlPeer: Sendable, Hashable {
    /// The peer's user id.
    public let uid: UInt32
    /// The peer's process id (of the process that connected).
    public let pid: Int32

    /// A peer of user `uid`, process `pid`.
    public init(uid: UInt32, pid: Int32) {
        self.uid = uid
        self.pid = pid
    }

    /// The credentials of the peer of the connected Unix socket `descriptor`, or nil when the
    /// kernel gives none (not a Unix socket).
    public init?(socket descriptor: Int32) {
        var credentials = Credentials()
        var length = socklen_t(MemoryLayout<Credentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              length == socklen_t(MemoryLayout<Credentials>.size) else { return nil }
        self.init(uid: credentials.uid, pid: credentials.pid)
    }

    /// Linux's `struct ucred`, which Glibc's module leaves out (it is declared under
    /// `_GNU_SOURCE`): the same three 32-bit fields in the same order.
    private struct Credentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }
}
