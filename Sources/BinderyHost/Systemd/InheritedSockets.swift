/// The sockets passed to this process by socket activation, in descriptor order.
public struct InheritedSockets: Sendable, Hashable {
    /// Every inherited socket; empty when the process was not socket-activated.
    public let all: [InheritedSocket]

    /// The given sockets.
    public init(_ all: [InheritedSocket]) {
        self.all = all
    }

    /// Whether no socket was passed.
    public var isEmpty: Bool { all.isEmpty }

    /// The first socket with `FileDescriptorName=name`, or nil.
    public func named(_ name: String) -> InheritedSocket? {
        all.first { $0.name == name }
    }
}
