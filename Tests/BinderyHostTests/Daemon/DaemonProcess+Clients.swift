import BinderyTestSupport

extension DaemonProcess {
    /// A raw HTTP connection to the daemon's port.
    func http() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port)
    }

    /// A new connection to the daemon's control socket, whose reads wait `readTimeoutSeconds`.
    func control(readTimeoutSeconds: Int = 10) throws -> ControlClient {
        try ControlClient(path: socketPath, readTimeoutSeconds: readTimeoutSeconds)
    }
}
