import Synchronization

/// `binderyctl --check FILE`: replays a ``Transcript`` against the daemon in one session and
/// reports, for each command whose output differs from the transcript, its location and a
/// diff (`-` expected, `+` actual). Output is compared as a person reads it without a
/// terminal: no colours, nothing cut to a width, results and errors in the order printed.
public enum TranscriptChecker {
    /// The report lines and the exit code: 0 every command printed what the transcript
    /// says, 1 some differ, 3 the daemon was unreachable.
    public static func check(_ transcript: Transcript, name: String, socketPath: String)
        -> (report: [String], code: Invocation.ExitCode)
    {
        let captured = Captured()
        let io = SessionIO(print: captured.append, error: captured.append, notice: captured.append, status: { _ in })
        let session = Session(options: .init(socketPath: socketPath, json: false, interactive: false, style: Style(enabled: false),
                                             clientName: "--check " + name),
                              io: io, interrupts: InterruptFlag())
        var report: [String] = []
        var differing = 0
        var ran = 0
        for step in transcript.steps {
            if case .watch? = try? CommandParser.parse(step.command) {
                // Without a terminal `watch` streams until Ctrl-C: it cannot end on its own.
                ran += 1
                differing += 1
                report.append("\(name):\(step.line): \(Transcript.prompt)\(step.command)")
                report.append("    watch cannot be checked in a transcript (it streams until Ctrl-C); use log")
                continue
            }
            _ = captured.take()
            let outcome = session.execute(line: step.command)
            ran += 1
            let actual = captured.take()
            let diff = Transcript.diff(expected: step.expected, actual: actual)
            if !diff.isEmpty {
                differing += 1
                report.append("\(name):\(step.line): \(Transcript.prompt)\(step.command)")
                report += diff.map { "    " + $0 }
            }
            if outcome == .unreachable {
                report.append("\(name): binderyd is unreachable; stopped after \(ran) of \(transcript.steps.count) commands")
                return (report, .unreachable)
            }
            if outcome == .quit { break }
        }
        if transcript.steps.isEmpty {
            report.append("\(name): no commands (lines starting with `\(Transcript.prompt)`) to check")
            return (report, .commandFailed)
        }
        report.append(differing == 0 ? "\(name): all \(ran) commands print what the transcript says"
                                     : "\(name): \(differing) of \(ran) commands differ")
        return (report, differing == 0 ? .success : .commandFailed)
    }

    /// The lines a session printed, in order; lines of a multi-line block are split.
    private final class Captured: Sendable {
        private let lines = Mutex<[String]>([])

        @Sendable func append(_ text: String) {
            lines.withLock { $0 += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }

        func take() -> [String] {
            lines.withLock { lines in defer { lines = [] }; return lines }
        }
    }
}
