/// Runs commands without a terminal (`-c`, `-f FILE` or stdin lines) and decides the exit
/// code: 0 all succeeded, 1 a command failed (stopping at the first unless `keepGoing`), 3 the
/// daemon was unreachable (always stops). `quit` ends the run early. Errors of a script line
/// start with `SOURCE:LINE:`; blank lines and `#` comments are skipped by the parser.
public enum ScriptRunner {
    /// Runs the lines `next` yields; `source` names them in errors ("deploy.bdy", "<stdin>"),
    /// nil for `-c` commands, which need no line numbers.
    public static func run(_ session: Session, keepGoing: Bool, source: String?,
                           next: () -> ScriptLineReader.Line?) -> Invocation.ExitCode {
        var failed = false
        var number = 0
        defer { session.location = nil }
        while let line = next() {
            number += 1
            session.location = source.map { "\($0):\(number)" }
            let outcome: CommandOutcome
            switch line {
            case let .text(text): outcome = session.execute(line: text)
            case .tooLong:
                outcome = session.fail(.frameTooLarge, Session.lineTooLongMessage)
            }
            switch outcome {
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
