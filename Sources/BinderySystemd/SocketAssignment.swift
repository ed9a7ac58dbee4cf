/// Which inherited socket serves the control protocol and which serves HTTP.
///
/// systemd gives every socket of one `.socket` unit the same `FileDescriptorName=`
/// (systemd.socket(5)), so names alone cannot tell binderyd's two sockets apart when one unit
/// lists both. The assignment therefore goes by what each descriptor is: the control server
/// takes a listening `AF_UNIX` stream socket, HTTP a listening `AF_INET`/`AF_INET6` stream
/// socket. A name only breaks ties: among several sockets of a kind, the one named `control`
/// (resp. `http`) wins, else the first in descriptor order.
///
/// Guarantees: a socket is assigned to at most one role; a socket of the wrong kind is never
/// assigned, whatever its name; every socket not assigned is listed in ``unused``.
public struct SocketAssignment: Sendable, Hashable {
    /// The control socket (a listening unix stream socket), or nil: bind `--socket`.
    public let control: InheritedSocket?
    /// The HTTP socket (a listening inet stream socket), or nil: bind `--http`.
    public let http: InheritedSocket?
    /// Passed sockets binderyd does not use, in descriptor order.
    public let unused: [InheritedSocket]

    /// Assigns `sockets` as described above.
    public init(_ sockets: InheritedSockets) {
        func pick(_ kind: InheritedSocket.Kind, preferring name: String) -> InheritedSocket? {
            let candidates = sockets.all.filter { $0.kind == kind }
            return candidates.first { $0.name == name } ?? candidates.first
        }
        let control = pick(.unixStream, preferring: "control")
        let http = pick(.inetStream, preferring: "http")
        self.control = control
        self.http = http
        unused = sockets.all.filter { $0 != control && $0 != http }
    }
}
