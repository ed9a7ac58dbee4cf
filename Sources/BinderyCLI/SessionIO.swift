/// Where a session writes, supplied by the front end (a terminal REPL or a pipe).
public struct SessionIO: Sendable {
    /// A result line, written at once (main thread).
    public var print: @Sendable (String) -> Void
    /// An error line (stderr when not interactive).
    public var error: @Sendable (String) -> Void
    /// A line that arrives on its own (watch events, "binderyd went away"), from any thread;
    /// a terminal front end prints it above the prompt.
    public var notice: @Sendable (String) -> Void
    /// The live status line ("executing login.login… 0.4 s"); nil clears it. A no-op off a terminal.
    public var status: @Sendable (String?) -> Void

    public init(print: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
                notice: @escaping @Sendable (String) -> Void, status: @escaping @Sendable (String?) -> Void) {
        self.print = print
        self.error = error
        self.notice = notice
        self.status = status
    }
}

/// How one command ended, which decides the exit code in scripts.
public enum CommandOutcome: Sendable, Equatable {
    case succeeded
    case failed
    /// The daemon could not be reached.
    case unreachable
    case quit
}
