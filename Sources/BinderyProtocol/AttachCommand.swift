/// The command line that attaches binderyctl to a running daemon, as the daemon prints it at
/// start, reports it in its systemd STATUS= and puts it in the dashboard's read-only note: one
/// rule, so all three say the same.
///
/// Rule: `binderyctl --socket PATH` for a socket the daemon bound itself; for one systemd
/// passed, `sudo binderyctl` (systemd creates it as root; binderyd.socket's mode 0600 leaves
/// it to root) with `--socket PATH` unless PATH is ``ServiceSocket/path``, where binderyctl
/// looks by default; plain `binderyctl` when the path is unknown.
public struct AttachCommand: Sendable, Equatable {
    /// The control socket's path, if known.
    public let socketPath: String?
    /// Whether systemd passed the socket (socket activation).
    public let fromSystemd: Bool

    /// The rule for a socket at `socketPath`, bound by the daemon or passed by systemd.
    public init(socketPath: String?, fromSystemd: Bool) {
        self.socketPath = socketPath
        self.fromSystemd = fromSystemd
    }

    /// The command line, with `program` as binderyctl's path ("binderyctl" unless the daemon
    /// found it beside itself).
    public func line(program: String = "binderyctl") -> String {
        let sudo = fromSystemd ? "sudo " : ""
        guard let socketPath, !(fromSystemd && socketPath == ServiceSocket.path) else { return sudo + program }
        return sudo + program + " --socket " + socketPath
    }

    /// Where the control socket is, for the log and STATUS=: "/run/bindery/control.sock (from
    /// systemd)", or "a socket systemd passed" when its path is unknown.
    public var socketDescription: String {
        switch (socketPath, fromSystemd) {
        case let (path?, true): return path + " (from systemd)"
        case let (path?, false): return path
        case (nil, _): return "a socket systemd passed"
        }
    }
}
