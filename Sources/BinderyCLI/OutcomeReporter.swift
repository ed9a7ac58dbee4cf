import BinderyJSON
import BinderyProtocol

/// Tells the user how each command ended, once: with `--json` the reply line verbatim (or, for
/// what binderyctl answers itself, a reply in the daemon's shape); otherwise the rendered
/// result lines, or one error line prefixed with ``location``.
struct OutcomeReporter {
    let json: Bool
    let style: Style
    let io: SessionIO
    /// Where the line being run came from ("deploy.bdy:12", "<stdin>:3"); error lines start
    /// with it, as a compiler's do. nil for typed and `-c` commands.
    var location: String?

    /// Reports `reply`: verbatim with `--json`; else `render`'s lines, or its error.
    func report(_ reply: DaemonReply, render: (JSONValue) -> [String]) -> CommandOutcome {
        if json {
            io.print(reply.raw)
        } else if reply.ok {
            printResult(render(reply.value))
        } else {
            printError(reply.errorMessage ?? "the daemon reported an unspecified error", code: reply.errorCode)
        }
        return reply.ok ? .succeeded : .failed
    }

    /// Prints text binderyctl answers itself (help); with `--json` as one `{"ok": true, "text": …}` reply.
    func text(_ text: String) -> CommandOutcome {
        report(DaemonReply(localSuccess: [("text", .string(text))])) { _ in [text] }
    }

    /// Prints a command's result lines as one block (a terminal front end may page it).
    private func printResult(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        io.print(lines.joined(separator: "\n"))
    }

    /// Prints an error line, prefixed with ``location`` when there is one; an interrupted or
    /// cancelled run says so in yellow instead of red "error:".
    private func printError(_ message: String, code: ErrorCode?) {
        let line = if let code, code.isCutShort { style.yellow(code.rawValue + ":") + " " + message } else { style.error(message) }
        io.error(location.map { "\($0): " + line } ?? line)
    }
}
