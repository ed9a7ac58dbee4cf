/// Runs commands without a terminal (`-c` or stdin lines) and decides the exit code:
/// 0 all succeeded, 1 a command failed (stopping at the first unless `keepGoing`), 3 the
/// daemon was unreachable (always stops). `quit` ends the run early.
public enum ScriptRunner {
    public static func run(_ session: Session, keepGoing: Bool, next: () -> String?) -> Invocation.ExitCode {
        var failed = false
        while let line = next() {
            switch session.execute(line: line) {
            case .succeeded: continue
            case .quit: return failed ? .commandFailed : .success
            case .unreachable: return .unreachable
            case .failed:
                failed = true
                if !keepGoing { return .commandFailed }
            }
        }
        return failed ? .commandFailed : .success
    }
}
