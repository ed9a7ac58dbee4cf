import BinderyNames
import BinderyJSON
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs REPL commands against binderyd over the control socket: checks names against the
/// cached surface (with did-you-mean), types values by the input's type, renders replies (or
/// passes them through verbatim in JSON mode), keeps one `watch` going, and reconnects after
/// the daemon goes away. Used from one thread (the front end's); its connections call back
/// from their reader threads only through `SessionIO.notice` and its locked state.
public final class Session {
    /// Front-end behaviour: interactive sessions keep going when the daemon is away and run
    /// `watch` in the background; scripts stop and block.
    public struct Options: Sendable {
        public var socketPath: String
        public var json: Bool
        public var interactive: Bool
        public var style: Style
        /// The terminal's width now (it may be resized), nil off a terminal: tables are fitted to it.
        public var width: @Sendable () -> Int?

        public init(socketPath: String, json: Bool, interactive: Bool, style: Style,
                    width: @escaping @Sendable () -> Int? = { nil }) {
            self.socketPath = socketPath
            self.json = json
            self.interactive = interactive
            self.style = style
            self.width = width
        }
    }

    public let options: Options
    let io: SessionIO
    let interrupts: InterruptFlag
    /// `\x`: expanded output (one field per line), as psql.
    public var expanded = TableLayout.Expanded.off
    /// Renders for the terminal as it is now (its width, `\x`).
    var renderer: ReplyRenderer {
        ReplyRenderer(style: options.style, layout: TableLayout(width: options.width(), expanded: expanded))
    }
    /// The live connection; shared with the surface cache and the reader's close callback.
    let link = SharedLink()
    /// Names and types of the view models, for checks and completion.
    public let cache: SurfaceCache

    public init(options: Options, io: SessionIO, interrupts: InterruptFlag) {
        self.options = options
        self.io = io
        self.interrupts = interrupts
        let link = self.link
        self.cache = SurfaceCache { link.withLock { $0.connection } }
    }

    deinit {
        link.withLock { state in
            state.connection?.close()
            state.watch?.close()
        }
    }

    // MARK: connection

    /// Connects if not connected. After a loss it says "reconnected" and refreshes the cache.
    public func connect() throws(ConnectionError) -> DaemonConnection {
        if let live = link.withLock({ $0.connection }), !live.isClosed { return live }
        let io = self.io, link = self.link
        let connection = try DaemonConnection(path: options.socketPath, onClose: {
            let announce = link.withLock { state -> Bool in
                guard !state.lost else { return false }
                state.lost = true
                return true
            }
            if announce {
                io.notice("binderyd went away (connection closed); the session stays open and reconnects when it returns")
            }
        })
        let wasLost = link.withLock { state -> Bool in
            state.connection = connection
            defer { state.lost = false }
            return state.lost
        }
        cache.invalidate()
        if wasLost { io.notice("reconnected to binderyd at \(options.socketPath)") }
        return connection
    }

    /// Whether the daemon was lost and not yet back.
    public var isDisconnected: Bool {
        link.withLock { $0.lost || $0.connection == nil || $0.connection!.isClosed }
    }

    /// Tries once, quietly, to reconnect after a loss (the front end calls this while idle).
    public func reconnectIfLost() {
        guard link.withLock({ $0.lost }) else { return }
        _ = try? connect()
    }

    private func connectionOrReport() -> (DaemonConnection?, CommandOutcome) {
        do { return (try connect(), .succeeded) } catch {
            fail("unavailable", error.description)
            return (nil, options.interactive ? .failed : .unreachable)
        }
    }

    // MARK: commands

    /// The longest command line accepted, in UTF-8 bytes: 64 KiB. Even if every byte of a
    /// value had to be escaped as `\u00XX` its request stays far below the daemon's 1 MiB frame
    /// limit (docs/PROTOCOL.md), so a request binderyctl sends is never cut off.
    public static let maximumLineLength = 65_536

    /// What an over-long line gets; it never quotes the line.
    public static let lineTooLongMessage = "line too long: more than \(maximumLineLength) bytes (the limit; nothing was sent)"

    /// Where the line being run came from ("deploy.bdy:12", "<stdin>:3"); error lines start
    /// with it, as a compiler's do. nil for typed and `-c` commands.
    public var location: String?

    /// Parses and runs one line; a blank line or a `#` comment succeeds doing nothing.
    public func execute(line: String) -> CommandOutcome {
        guard line.utf8.count <= Self.maximumLineLength else {
            return fail("frame_too_large", Self.lineTooLongMessage)
        }
        let parsed: ReplCommand?
        do {
            parsed = try CommandParser.parse(line)
        } catch {
            let outcome = fail(error.code, explained(error))
            recorder?.record(line, outcome: outcome)
            return outcome
        }
        guard let command = parsed else { return .succeeded }
        let outcome = execute(command)
        if case .record = command {} else { recorder?.record(line, outcome: outcome) }
        return outcome
    }

    /// The parse error's message, told more plainly when the daemon's names explain it: a view
    /// model's name where `VM.NAME` belongs (`set login`) is named as a view model.
    private func explained(_ error: CommandLineError) -> String {
        guard case let .notAPath(spec, word, placeholder) = error, let surface = cache.surface(of: word) else { return error.description }
        let kind = spec.arguments.first { $0.placeholder == placeholder }?.kind
        let names = kind == .inputPath ? surface.inputs.map(\.name) : kind == .commandPath ? surface.commands.map(\.name) : surface.allNames
        let example = names.first.map { ", e.g. \(word).\($0)" } ?? ""
        let arguments = spec.arguments.map { $0.optional ? "[\($0.placeholder)]" : $0.placeholder }.joined(separator: " ")
        return "\(word) is a view model; \(spec.name) takes \(arguments)\(example)"
    }

    /// `record FILE`: where typed lines are being saved, if anywhere.
    private var recorder: SessionRecorder?

    /// Reports a failure binderyctl found itself, once: a JSON error reply in the daemon's
    /// shape with `--json`, else one "error: …" line (prefixed with ``location``).
    @discardableResult
    public func fail(_ code: String, _ message: String) -> CommandOutcome {
        report(DaemonReply(localFailure: code, message)) { _ in [] }
    }

    /// Prints an error line, prefixed with ``location`` when there is one; an interrupted or
    /// cancelled run says so in yellow instead of red "error:".
    private func printError(_ message: String, code: String? = nil) {
        let line = code == "interrupted" ? options.style.yellow("interrupted:") + " " + message : options.style.error(message)
        io.error(location.map { "\($0): " + line } ?? line)
    }

    /// Prints a command's result lines as one block (a terminal front end may page it).
    private func printResult(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        io.print(lines.joined(separator: "\n"))
    }

    /// Runs one parsed command.
    public func execute(_ command: ReplCommand) -> CommandOutcome {
        switch command {
        case .quit:
            return .quit
        case .help(nil):
            return text(CommandTable.overview())
        case .quickHelp:
            return text(CommandTable.quickHelp())
        case .record(nil):
            guard let recorder else { return text("not recording") }
            self.recorder = nil
            return text("stopped recording to \(recorder.path)")
        case let .record(path?):
            switch SessionRecorder.open(path) {
            case let .success(opened):
                recorder = opened
                return text("recording typed commands to \(path) (replay with binderyctl -f \(path); `record off` stops)")
            case let .failure(error):
                return fail("bad_request", error.message)
            }
        case let .expanded(mode):
            expanded = mode ?? (expanded == .off ? .on : .off)
            return text("expanded display is \(expanded.rawValue)")
        case let .help(word?):
            switch CommandTable.help(for: word) {
            case let .success(help): return text(help)
            case let .failure(error): return fail(error.code, error.description)
            }
        default:
            break
        }
        let (connection, outcome) = connectionOrReport()
        guard let connection else { return outcome }
        do {
            switch command {
            case .list: return try list(connection)
            case let .show(vm): return try show(connection, vm: vm)
            case let .get(vm, name): return try get(connection, vm: vm, name: name)
            case let .set(vm, input, value): return try set(connection, vm: vm, input: input, token: value)
            case let .run(vm, name, argument, wait):
                return try run(connection, vm: vm, command: name, argument: argument, wait: wait)
            case let .watch(vm): return try watch(vm: vm)
            case let .log(count): return try log(connection, count: count)
            case .ping: return try ping(connection)
            case .help, .quickHelp, .expanded, .record, .quit: return .succeeded
            }
        } catch {
            link.withLock { $0.lost = true }
            fail("unavailable", "binderyd went away during the command (\(error)); "
                + (options.interactive ? "the session stays open and reconnects when it returns" : "stopping"))
            return options.interactive ? .failed : .unreachable
        }
    }

    /// Prints text binderyctl answers itself (help); with `--json` as one `{"ok": true, "text": …}` reply.
    private func text(_ text: String) -> CommandOutcome {
        report(DaemonReply(localSuccess: [("text", .string(text))])) { _ in [text] }
    }

    /// Reports a reply: verbatim in JSON mode; else the rendered lines or the error. Unknown
    /// names mean the cached surface may be stale, so it is refreshed.
    func report(_ reply: DaemonReply, render: (JSONValue) -> [String]) -> CommandOutcome {
        if options.json {
            io.print(reply.raw)
        } else if reply.ok {
            printResult(render(reply.value))
        } else {
            printError(reply.errorMessage ?? "the daemon reported an unspecified error", code: reply.errorCode)
        }
        if let code = reply.errorCode, code.hasPrefix("unknown_") { cache.invalidate() }
        return reply.ok ? .succeeded : .failed
    }

    private func list(_ connection: DaemonConnection) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: "list")
        let surfaces = ViewModelSurface.fromList(reply.value)
        if let surfaces { cache.store(list: surfaces) }
        return report(reply) { _ in renderer.viewModelList(surfaces ?? []) }
    }

    /// The described surface of `vm`, or the outcome of reporting why there is none (the
    /// daemon's unknown_view_model message already suggests the closest name); throws when
    /// the daemon could not be asked.
    private func surface(_ vm: String) throws(ConnectionError) -> Result<ViewModelSurface, Reported> {
        switch cache.describe(vm) {
        case let .success(surface): return .success(surface)
        case let .failure(.refused(reply)): return .failure(Reported(outcome: report(reply) { _ in [] }))
        case let .failure(.connection(error)): throw error
        }
    }

    /// `name` in `vm`'s `names` (asking the daemon again once if it is missing, in case the
    /// surface changed), or a did-you-mean error naming what kind of name was expected.
    func check(_ name: String, kind: String, in vm: String, names: (ViewModelSurface) -> [String])
        throws(ConnectionError) -> Result<ViewModelSurface, Reported>
    {
        var surface: ViewModelSurface
        switch try self.surface(vm) {
        case let .success(found): surface = found
        case let .failure(reported): return .failure(reported)
        }
        if !names(surface).contains(name) {
            cache.invalidate()
            // Asked quietly: only one error line is ever printed for a command.
            switch cache.describe(vm) {
            case let .success(fresh): surface = fresh
            case let .failure(.connection(error)): throw error
            case .failure(.refused): break
            }
        }
        guard names(surface).contains(name) else {
            let hint = DidYouMean.suffix(for: name, among: names(surface), listing: kind + "s")
            var message = "unknown \(kind) \(Excerpt.quoted(name, quote: Excerpt.singleQuoted)) in \(vm)\(hint)"
            if surface.allNames.contains(name) { message = "'\(name)' in \(vm) is not \(kind == "input" ? "an" : "a") \(kind)\(hint)" }
            let code = kind == "command" ? "unknown_command" : "unknown_input"
            return .failure(Reported(outcome: fail(code, message)))
        }
        return .success(surface)
    }

    private func show(_ connection: DaemonConnection, vm: String) throws(ConnectionError) -> CommandOutcome {
        if options.json {
            // One reply for one command: the `get` reply with the `describe` reply's surface.
            let describe = try connection.request(op: "describe", [("vm", .string(vm))])
            guard describe.ok, let surface = describe.value["surface"] else { return report(describe) { _ in [] } }
            let state = try connection.request(op: "get", [("vm", .string(vm))])
            guard state.ok, let members = state.value.objectValue else { return report(state) { _ in [] } }
            let combined = JSONValue.object(members + [("surface", surface)])
            return report(DaemonReply(raw: combined.serialized, value: combined)) { _ in [] }
        }
        let surface: ViewModelSurface
        switch try self.surface(vm) {
        case let .success(s): surface = s
        case let .failure(reported): return reported.outcome
        }
        let reply = try connection.request(op: "get", [("vm", .string(vm))])
        return report(reply) { renderer.show(surface, state: $0["state"] ?? .null) }
    }

    private func get(_ connection: DaemonConnection, vm: String, name: String) throws(ConnectionError) -> CommandOutcome {
        if case let .failure(reported) = try check(name, kind: "name", in: vm, names: { $0.allNames }) { return reported.outcome }
        let reply = try connection.request(op: "get", [("vm", .string(vm)), ("name", .string(name))])
        return report(reply, render: renderer.got)
    }

    /// `set`: sends the value as it was typed (`text`) and lets the daemon parse it by the
    /// input's type and check it — one round trip, the daemon's one parser, and its messages
    /// (an unknown input with did-you-mean, a bad value naming the expected type).
    private func set(_ connection: DaemonConnection, vm: String, input: String, token: Token) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: "set", [("vm", .string(vm)), ("name", .string(input)), ("text", .string(token.text))])
        return report(reply) { renderer.stored(vm: vm, input: input, reply: $0) }
    }

    /// The connections and their state, shared with connection callbacks on reader threads.
    final class SharedLink: Sendable {
        struct State {
            var connection: DaemonConnection?
            /// The daemon went away and has not come back yet.
            var lost = false
            var watch: DaemonConnection?
            /// The watch connection is being closed on purpose (no "watch ended" notice).
            var watchStopping = false
        }
        private let state = Mutex(State())

        func withLock<T>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }
    }

    /// A command's outcome once it has been reported to the user.
    struct Reported: Error {
        let outcome: CommandOutcome
    }

    static func seconds(_ s: Double) -> String {
        let tenths = Int((s * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10) s"
    }

    private func log(_ connection: DaemonConnection, count: Int?) throws(ConnectionError) -> CommandOutcome {
        var fields: [(String, JSONValue)] = []
        if let count { fields.append(("n", .int(count))) }
        let reply = try connection.request(op: "log", fields)
        return report(reply) { value in
            let events = value["events"]?.arrayValue ?? []
            return events.isEmpty ? ["(no events yet)"] : events.map(renderer.event)
        }
    }

    private func ping(_ connection: DaemonConnection) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: "ping")
        return report(reply) { value in
            ["pong from binderyd at \(options.socketPath) (state version \(value["version"].map(renderer.inline) ?? "?"))"]
        }
    }
}
