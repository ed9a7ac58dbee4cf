import BinderyJSON
import BinderyProtocol
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `watch`: one stream of change events on a connection of its own, kept by the session.
extension Session {
    /// Whether a `watch` is running.
    public var isWatching: Bool { link.isWatching }

    /// Ends the running `watch`, if any; true if there was one.
    @discardableResult
    public func stopWatch() -> Bool { link.stopWatch() }

    /// Starts watching on a connection of its own (the protocol ends a watch by closing it).
    /// Interactive: returns at once and events arrive as notices. Otherwise: prints events
    /// until Ctrl-C or the daemon closes the connection.
    func watch(vm: String?) throws(ConnectionError) -> CommandOutcome {
        stopWatch()
        let io = self.io, renderer = self.renderer, json = options.json, link = self.link
        // A terminal that `watch` owns (not the REPL, whose prompt and results interleave)
        // has its count line of repeats rewritten in place; elsewhere it is printed.
        let printer = WatchPrinter(rewrites: !options.interactive && !json && options.terminal,
                                   io: io, renderer: renderer, style: options.style)
        let connection = try DaemonConnection(
            path: options.socketPath,
            onEvent: { reply in
                if json { io.notice(reply.raw) } else if let event = reply.value["event"] {
                    printer.add(event)
                }
            },
            onClose: { [weak link] in
                printer.finish()
                if link?.watchClosedOnPurpose() == false { io.notice("watch ended: binderyd closed the connection") }
            })
        var fields: [(ControlField, JSONValue)] = []
        if let vm { fields.append((.vm, .string(vm))) }
        let reply = try connection.request(op: .watch, fields)
        guard reply.ok else {
            connection.close()
            return report(reply) { _ in [] }
        }
        link.adoptWatch(connection)
        if options.json { io.print(reply.raw) }
        let scope = vm.map { "view model \($0)" } ?? "every view model"
        guard !options.interactive else {
            if !options.json { io.print("watching \(scope): events appear above the prompt; Ctrl-C stops") }
            return .succeeded
        }
        _ = interrupts.take()
        while !connection.isClosed && !interrupts.take() { usleep(50_000) }
        stopWatch()
        // The reader thread writes the count of the last repeats as the connection closes.
        for _ in 0..<40 where !printer.isFinished { usleep(25_000) }
        return .succeeded
    }
}

/// Writes a watch's lines (``WatchLines``) as events arrive on the connection's reader thread.
private final class WatchPrinter: Sendable {
    private let lines: Mutex<(lines: WatchLines, finished: Bool)>
    private let io: SessionIO
    private let renderer: ReplyRenderer
    private let style: Style

    init(rewrites: Bool, io: SessionIO, renderer: ReplyRenderer, style: Style) {
        lines = Mutex((WatchLines(rewrites: rewrites), false))
        self.io = io
        self.renderer = renderer
        self.style = style
    }

    /// Whether the count of the last repeats is written (the watch ended).
    var isFinished: Bool { lines.withLock { $0.finished } }

    func add(_ event: JSONValue) {
        write(lines.withLock { $0.lines.add(event, renderer: renderer) })
    }

    func finish() {
        write(lines.withLock { state in
            defer { state.finished = true }
            return state.lines.finish()
        })
    }

    /// Count lines dimmed; a replaced one by moving up a line and clearing it.
    private func write(_ outputs: [RepeatFolding.Output]) {
        for output in outputs {
            switch output {
            case let .line(text): io.notice(text.hasPrefix("  … ") ? style.dim(text) : text)
            case let .replaceLast(text): io.notice("\u{1B}[1A\u{1B}[2K" + style.dim(text))
            }
        }
    }
}
