/// The sockets passed to this process by socket activation, in descriptor order. Which one
/// serves what is ``SocketAssignment``'s decision (by kind: names alone are not reliable).
public struct InheritedSockets: Sendable, Hashable {
    /// Every inherited socket; empty when the process was not socket-activated.
    public let all: [InheritedSocket]

    /// The given sockets.
    public init(_ all: [InheritedSocket]) {
        self.all = all
    }

    /// Whether no socket was passed.
    public var isEmpty: Bool { all.isEmpty }
}
