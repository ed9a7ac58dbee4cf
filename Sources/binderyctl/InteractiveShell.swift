import BinderyCLI
import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The terminal REPL: GNU readline in callback mode, so `watch` events and "binderyd went
/// away" notices can print above the prompt while the user types. One `poll` loop on the main
/// thread watches stdin and the wake pipe (SIGINT, notices) and retries a lost daemon each second.
final class InteractiveShell {
    static let prompt = "bindery> "

    /// Lines readline finished (nil = Ctrl-D), handed from its C callback to the loop.
    private static let acceptedLines = Mutex<[String?]>([])
    /// Notices waiting to be printed above the prompt, and whether the prompt is showing.
    private static let display = Mutex<(promptShown: Bool, notices: [String])>((false, []))
    /// The completer readline's C callback consults (set once in `run`).
    private static let completer = Mutex<Completer?>(nil)

    private let session: Session
    private let history: HistoryFile

    init(session: Session, history: HistoryFile) {
        self.session = session
        self.history = history
    }

    /// Front-end output for a terminal session: results on stdout; notices above the prompt
    /// when it is showing, else straight out; the status line rewritten in place.
    /// Output longer than the terminal goes through `pager` (nil: never paged).
    static func io(pager: String?) -> SessionIO {
        SessionIO(
            print: { text in
                if let pager, let rows = Terminal.size()?.rows, text.split(separator: "\n", omittingEmptySubsequences: false).count >= rows,
                   Terminal.page(text, through: pager) {
                    _ = Signals.interrupts.take()  // a Ctrl-C meant for the pager
                    return
                }
                StandardStreams.write(text + "\n")
            },
            error: { StandardStreams.write($0 + "\n") },
            notice: { line in
                let queued = display.withLock { state -> Bool in
                    guard state.promptShown else { return false }
                    state.notices.append(line)
                    return true
                }
                if queued { Signals.wake() } else { StandardStreams.write("\r\u{1B}[K" + line + "\n") }
            },
            status: { text in StandardStreams.write("\r\u{1B}[K" + (text ?? "")) })
    }

    /// Runs until `quit` or Ctrl-D.
    func run() {
        Self.completer.withLock { $0 = Completer(catalog: session.cache) }
        // readline keeps these pointers for the whole process, so they are strdup'd copies,
        // never Swift's temporary C strings.
        bindery_rl_set_name(strdup("binderyctl"))
        bindery_rl_set_catch_signals(0)
        bindery_rl_set_word_breaks(strdup(" \t"))
        bindery_rl_set_completion(Self.complete)
        showPrompt()
        while true {
            printNotices()
            if let line = Self.acceptedLines.withLock({ $0.isEmpty ? nil : Optional($0.removeFirst()) }) {
                hidePrompt()
                guard let line else {
                    StandardStreams.write("\n")
                    break
                }
                history.add(line)
                if session.execute(line: line) == .quit { break }
                showPrompt()
                continue
            }
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: Signals.wakeReadEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, 1_000)
            if ready == 0 { session.reconnectIfLost(); continue }
            if fds[1].revents != 0 {
                Signals.drainWakePipe()
                if Signals.interrupts.take() { interruptAtPrompt() }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                rl_callback_read_char()
                Signals.catchInterrupts()
            }
        }
        session.stopWatch()
    }

    private func showPrompt() {
        Self.display.withLock { $0.promptShown = true }
        rl_callback_handler_install(Self.prompt, Self.lineAccepted)
        Signals.catchInterrupts()
    }

    private func hidePrompt() {
        Self.display.withLock { $0.promptShown = false }
        rl_callback_handler_remove()
    }

    /// Prints queued notices above the prompt and redraws the prompt with the typed text.
    private func printNotices() {
        let notices = Self.display.withLock { state -> [String] in
            defer { state.notices = [] }
            return state.notices
        }
        guard !notices.isEmpty else { return }
        StandardStreams.withLock {
            StandardStreams.writeUnlocked("\r\u{1B}[K" + notices.joined(separator: "\n") + "\n")
        }
        rl_on_new_line()
        rl_redisplay()
    }

    /// Ctrl-C at the prompt stops a watch if one runs, else abandons the typed line.
    private func interruptAtPrompt() {
        if session.stopWatch() {
            StandardStreams.write("\r\u{1B}[K" + "stopped watching\n")
        } else {
            StandardStreams.write("^C\n")
        }
        rl_replace_line("", 0)
        rl_on_new_line()
        rl_redisplay()
    }

    private static let lineAccepted: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { pointer in
        let line = pointer.map { String(cString: $0) }
        free(pointer)
        // Removing the handler here stops readline from drawing a fresh prompt before the
        // command's output; the loop installs it again when the command is done.
        display.withLock { $0.promptShown = false }
        rl_callback_handler_remove()
        acceptedLines.withLock { $0.append(line) }
    }

    /// readline's attempted-completion hook: candidates from the command table and the live
    /// surface; never falls back to file names.
    private static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
        -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { _, _, _ in
        bindery_rl_set_completion_over(1)
        guard let buffer = bindery_rl_line_buffer(),
              let completer = completer.withLock({ $0 }) else { return nil }
        let bytes = Array(String(cString: buffer).utf8.prefix(Int(bindery_rl_point())))
        let completion = completer.complete(linePrefix: String(decoding: bytes, as: UTF8.self))
        let candidates = completion.candidates
        guard !candidates.isEmpty, let matches = bindery_matches_alloc(Int32(candidates.count + 1)) else { return nil }
        bindery_rl_set_suppress_append(completion.appendSpace ? 0 : 1)
        if candidates.count == 1 {
            matches[0] = strdup(candidates[0])
            return matches
        }
        matches[0] = strdup(commonPrefix(candidates))
        for (i, candidate) in candidates.enumerated() { matches[i + 1] = strdup(candidate) }
        return matches
    }

    private static func commonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else { return "" }
        for s in strings.dropFirst() {
            let chars = Array(s)
            var n = 0
            while n < prefix.count, n < chars.count, prefix[n] == chars[n] { n += 1 }
            prefix = Array(prefix[..<n])
        }
        return String(prefix)
    }
}
