import BinderyPrimitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// An open, readable file descriptor with its size, owned by this object until an
/// ``HTTPServer`` hands it to libmicrohttpd (which then sends it with sendfile and closes it).
///
/// Guarantee: the descriptor is closed exactly once — by libmicrohttpd after sending, or by
/// this object's deinit when the response carrying it is never sent.
public final class OpenFile: Sendable {
    /// The size in bytes that will be sent.
    public let size: UInt64
    private let descriptor: Lock<Int32?>

    /// Takes ownership of `descriptor`, which must be open for reading; `size` bytes from
    /// offset 0 will be sent.
    public init(takingOwnershipOf descriptor: Int32, size: UInt64) {
        self.size = size
        self.descriptor = Lock(descriptor)
    }

    /// Hands the descriptor over to a new owner; nil if it was already handed over, so a
    /// file can be sent at most once.
    func take() -> Int32? {
        descriptor.withLock { fd in
            defer { fd = nil }
            return fd
        }
    }

    deinit {
        if let fd = take() { close(fd) }
    }
}
