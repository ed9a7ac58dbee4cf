/// A listening socket passed by systemd socket activation.
public struct InheritedSocket: Sendable, Hashable {
    /// What kind of listening socket the descriptor is.
    public enum Kind: Sendable, Hashable {
        /// A listening `AF_UNIX` stream socket (e.g. `ListenStream=/run/…/control.sock`).
        case unixStream
        /// A listening `AF_INET`/`AF_INET6` stream socket (e.g. `ListenStream=127.0.0.1:8420`).
        case inetStream
        /// Anything else (datagram, FIFO, not listening, …): not usable as a server socket.
        case other
    }

    /// The file descriptor (3, 4, …), close-on-exec.
    public let descriptor: Int32
    /// Its `FileDescriptorName=` (systemd's default is the socket unit's name; `unknown` when
    /// `LISTEN_FDNAMES` is absent).
    public let name: String
    /// What the descriptor was found to be.
    public let kind: Kind

    /// An inherited socket with the given properties.
    public init(descriptor: Int32, name: String, kind: Kind) {
        self.descriptor = descriptor
        self.name = name
        self.kind = kind
    }
}
