/// What a ``ControlServer`` hands each client's frames to: the protocol spoken over the
/// socket (binderyd's is the host's `ControlProtocolHandler`). The server frames lines, bounds
/// what each client may have queued and writes replies; the handler gives them meaning.
public protocol ControlFrameHandler: Sendable {
    /// One complete line from a client (without its newline); answered through `session`,
    /// exactly once per request.
    func handle(frame: [UInt8], session: ControlSession)
    /// A line longer than the server frames: the handler answers it with one error.
    func handleOversizedFrame(session: ControlSession)
    /// A line left incomplete (bytes without their newline) for longer than the server's
    /// bound, `seconds`: the handler answers it with one error, then the connection closes.
    func handleIncompleteFrame(afterSeconds seconds: Double, session: ControlSession)
}
