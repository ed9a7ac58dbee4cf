import Bindery
import BinderyEventLog
import BinderyJSON

/// What started a command run, as the host shows it with the run's start, finish and fail
/// events (docs/PROTOCOL.md, "Events"): `by` is one of
/// - `client`: a client's `run` (binderyctl, the control protocol);
/// - `set`: a client's set of the input `via` names, synchronously (of several: all named);
/// - `restore`: a client's `restore` of the version `via` names ("v12");
/// - `binding`: a binding (`action <~ signal`); `via` says what sent its value, when known
///   ("set search.query", "command search.refresh", "start");
/// - `command`: another command's run (`via` names it), its work or one of its events;
/// - `start`: the view model's ``SurfaceDeclaration/runAtStart(_:)``;
/// - `timer`: a tick of `SignalProducer.timer` (a binding it feeds says `binding` `via timer`);
/// - `viewModel`: the view model's own code, anything the host cannot attribute.
public struct RunStarter: Sendable, Hashable {
    /// The kind of starter (see the type's notes).
    public let by: String
    /// What it is about, if known: an input, a command, or what sent a binding its value.
    public let via: String?
    /// The client, when a client started the run: its `run`, or its set or restore that
    /// started it (directly, or through a binding).
    public let clientOrigin: EventOrigin?

    /// A starter of kind `by`, about `via`, asked for by the client `clientOrigin`, if any.
    public init(by: String, via: String? = nil, clientOrigin: EventOrigin? = nil) {
        self.by = by
        self.via = via
        self.clientOrigin = clientOrigin
    }

    /// A `run` of the client `origin` (one with no client named: ``client``).
    public init(client origin: EventOrigin) {
        by = "client"
        via = nil
        clientOrigin = origin
    }

    /// A client's `run`, the client not named.
    public static let client = RunStarter(by: "client")

    /// The origin of the run's events: the client who started it (through `by` when not
    /// by its `run`: "set", "binding"), else what did (`by`; a `run` of a caller in the
    /// daemon's process, not a client: `host`).
    public var origin: EventOrigin {
        guard let clientOrigin else { return EventOrigin(by: by == "client" ? "host" : by) }
        return by == "client" ? clientOrigin : clientOrigin.through(by)
    }
    /// ``SurfaceDeclaration/runAtStart(_:)``.
    public static let start = RunStarter(by: "start")

    /// The starter `cause` describes; `commandName` names an action by its identity
    /// ("vm.command"), nil for one the host does not know.
    init(_ cause: RunCause?, commandName: (ObjectIdentifier) -> String?) {
        switch cause {
        case nil, .restoring?: self.init(by: "viewModel")
        case let .named(kind, detail, requester)?:
            self.init(by: kind, via: detail, clientOrigin: requester?.identity(as: EventOrigin.self))
        case let .action(identity)?: self.init(by: "command", via: commandName(identity))
        case let .binding(inner)?:
            let sender = inner.map { RunStarter($0, commandName: commandName) }
            self.init(by: "binding", via: sender.flatMap { $0.by == "viewModel" ? nil : $0.text }, clientOrigin: sender?.clientOrigin)
        }
    }

    /// One phrase: "binding", "set search.query", "command search.refresh".
    public var text: String { via.map { by + " " + $0 } ?? by }

    /// Writes `"by"` and, when known, `"via"` into the object `writer` is in.
    func write(to writer: inout JSONWriter) {
        writer.key("by"); writer.string(by)
        if let via { writer.key("via"); writer.string(via) }
    }
}
