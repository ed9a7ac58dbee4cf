/// What the protocol handler needs from one client connection.
public protocol ControlSession: AnyObject, Sendable {
    /// Sends the reply that ends one request (each request gets exactly one).
    func reply(_ line: [UInt8])
    /// Sends a line of a `watch` stream.
    func stream(_ line: [UInt8])
    /// Registers `cancel` to run once when the connection closes (ends a watch).
    func onClose(_ cancel: @escaping @Sendable () -> Void)
    /// The process at the other end, as the kernel saw it connect (nil when it said nothing).
    var peer: ControlPeer? { get }
    /// The name the client gave itself (a request's `client` field), kept for the
    /// connection's later requests; nil until it gives one.
    var clientName: String? { get set }
}
