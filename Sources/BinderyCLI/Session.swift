import BinderyJSON
import BinderyProtocol

/// One binderyctl session: takes command lines, runs each (locally, or as requests to the
/// daemon) and says how it ended. Its jobs are done by parts of their own: ``DaemonLink``
/// connects (and reconnects after the daemon goes away), ``NameChecker`` checks names against
/// the cached surface, ``OutcomeReporter`` tells the user (rendered, or verbatim in JSON mode);
/// the commands themselves are in `Session+DaemonCommands`, `Session+Run`, `Session+Watch`
/// and `Session+LocalCommands`. Used from one thread (the front end's); its connections call
/// back from their reader threads only through `SessionIO.notice` and the link's locked state.
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
        /// The name the session gives the daemon, recorded as who made its changes:
        /// `interactive`, `-c`, a script's path.
        public var clientName: String?
        /// Whether results go to a terminal, whose last line can be rewritten (`watch`'s count of repeats).
        public var terminal: Bool

        public init(socketPath: String, json: Bool, interactive: Bool, style: Style,
                    width: @escaping @Sendable () -> Int? = { nil }, clientName: String? = nil, terminal: Bool = false) {
            self.socketPath = socketPath
            self.json = json
            self.interactive = interactive
            self.style = style
            self.width = width
            self.clientName = clientName
            self.terminal = terminal
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
    /// The connections to the daemon.
    let link: DaemonLink
    /// Names and types of the view models, for checks and completion.
    public let cache: SurfaceCache
    var names: NameChecker { NameChecker(cache: cache) }
    private var reporter: OutcomeReporter
    /// `record FILE`: where typed lines are being saved, if anywhere.
    var recorder: SessionRecorder?

    public init(options: Options, io: SessionIO, interrupts: InterruptFlag) {
        self.options = options
        self.io = io
        self.interrupts = interrupts
        let link = DaemonLink(socketPath: options.socketPath, clientName: options.clientName, io: io)
        self.link = link
        self.cache = SurfaceCache { link.current }
        self.reporter = OutcomeReporter(json: options.json, style: options.style, io: io)
    }

    // MARK: connection

    /// Connects if not connected. After a loss it says "reconnected" and refreshes the cache.
    public func connect() throws(ConnectionError) -> DaemonConnection {
        try link.connect { cache.invalidate() }
    }

    /// Whether the daemon was lost and not yet back.
    public var isDisconnected: Bool { link.isDisconnected }

    /// Tries once, quietly, to reconnect after a loss (the front end calls this while idle).
    public func reconnectIfLost() {
        guard link.isLost else { return }
        _ = try? connect()
    }

    // MARK: lines

    /// The longest command line accepted, in UTF-8 bytes: 64 KiB. Even if every byte of a
    /// value had to be escaped as `\u00XX` its request stays far below the daemon's 1 MiB frame
    /// limit (docs/PROTOCOL.md), so a request binderyctl sends is never cut off.
    public static let maximumLineLength = 65_536

    /// What an over-long line gets; it never quotes the line.
    public static let lineTooLongMessage = "line too long: more than \(maximumLineLength) bytes (the limit; nothing was sent)"

    /// Where the line being run came from ("deploy.bdy:12", "<stdin>:3"); error lines start
    /// with it, as a compiler's do. nil for typed and `-c` commands.
    public var location: String? {
        get { reporter.location }
        set { reporter.location = newValue }
    }

    /// Parses and runs one line; a blank line or a `#` comment succeeds doing nothing.
    public func execute(line: String) -> CommandOutcome {
        guard line.utf8.count <= Self.maximumLineLength else {
            return fail(.frameTooLarge, Self.lineTooLongMessage)
        }
        let parsed: ReplCommand?
        do {
            parsed = try CommandParser.parse(line)
        } catch {
            let outcome = fail(error.code, names.explain(error))
            recorder?.record(line, outcome: outcome)
            return outcome
        }
        guard let command = parsed else { return .succeeded }
        let outcome = execute(command)
        if case .record = command {} else { recorder?.record(line, outcome: outcome) }
        return outcome
    }

    /// Runs one parsed command: binderyctl's own at once, the daemon's over the connection.
    /// A connection lost during a command is reported as lost (exit code 3 in scripts).
    public func execute(_ command: ReplCommand) -> CommandOutcome {
        if let outcome = executeLocally(command) { return outcome }
        let connection: DaemonConnection
        do { connection = try connect() } catch {
            fail(.unavailable, error.description)
            return options.interactive ? .failed : .unreachable
        }
        do {
            switch command {
            case .list: return try list(connection)
            case let .show(vm, at, imported): return try show(connection, vm: vm, at: at, imported: imported)
            case let .get(vm, name, at, imported): return try get(connection, vm: vm, name: name, at: at, imported: imported)
            case let .restore(version): return try restore(connection, version: version)
            case let .export(path, range): return try export(connection, to: path, range: range)
            case let .importSession(path): return try importSession(connection, from: path)
            case let .replay(path): return try replay(connection, path: path)
            case let .testgen(vm, path, source): return try testgen(connection, vm: vm, to: path, from: source)
            case let .set(vm, input, value, more) where more.isEmpty: return try set(connection, vm: vm, input: input, token: value)
            case let .set(vm, input, value, more): return try set(connection, [SetPair(vm: vm, input: input, value: value)] + more)
            case let .run(vm, name, argument, wait):
                return try run(connection, vm: vm, command: name, argument: argument, wait: wait)
            case let .watch(vm): return try watch(vm: vm)
            case let .log(count): return try log(connection, count: count)
            case .ping: return try ping(connection)
            case .help, .quickHelp, .expanded, .record, .quit: return .succeeded
            }
        } catch {
            link.markLost()
            fail(.unavailable, "binderyd went away during the command (\(error)); "
                + (options.interactive ? "the session stays open and reconnects when it returns" : "stopping"))
            return options.interactive ? .failed : .unreachable
        }
    }

    // MARK: reporting

    /// Reports a reply (see ``OutcomeReporter``). An unknown name means the cached surface may
    /// be stale, so it is refreshed.
    func report(_ reply: DaemonReply, render: (JSONValue) -> [String]) -> CommandOutcome {
        let outcome = reporter.report(reply, render: render)
        if reply.errorCode?.isUnknownName == true { cache.invalidate() }
        return outcome
    }

    /// Reports a failure binderyctl found itself, once: a JSON error reply in the daemon's
    /// shape with `--json`, else one "error: …" line (prefixed with ``location``).
    @discardableResult
    public func fail(_ code: ErrorCode, _ message: String) -> CommandOutcome {
        report(DaemonReply(localFailure: code, message)) { _ in [] }
    }

    /// Reports why ``NameChecker`` refused a name.
    func report(_ refusal: NameChecker.Refusal) -> CommandOutcome {
        switch refusal {
        case let .daemon(reply): return report(reply) { _ in [] }
        case let .unknown(code, message): return fail(code, message)
        }
    }

    /// Prints text binderyctl answers itself (help); with `--json` as one `{"ok": true, "text": …}` reply.
    func text(_ text: String) -> CommandOutcome {
        reporter.text(text)
    }
}
