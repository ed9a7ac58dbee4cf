/// What an interactive binderyctl prints once connected: where it is connected, then how to
/// get around — each line under 80 columns (the socket path aside), so a standard terminal
/// never wraps it.
public enum Banner {
    /// The banner's lines for a session connected to `socketPath`.
    public static func lines(socketPath: String) -> [String] {
        ["connected to binderyd at \(socketPath)",
         "help lists the commands, \\? all in one screen; Tab completes; Ctrl-D leaves."]
    }
}
