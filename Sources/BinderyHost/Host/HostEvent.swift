import BinderyProtocol
import Bindery
import BinderyEventLog
import BinderyJSON

/// One entry of the event log or of a `watch` stream (docs/PROTOCOL.md, "Events"), before it
/// is given the version of the change batch it belongs to.
public struct HostEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// A client set an input to `value`.
        case set(value: SurfaceValue)
        /// A command execution started, with its argument if it took one.
        case start(argument: SurfaceValue?)
        /// It completed with `value` after `durationMs` (a large value is written as a
        /// summary: ``EventResult``).
        case finish(durationMs: Double, value: SurfaceValue)
        /// It failed, timed out or was interrupted after `durationMs`.
        case fail(durationMs: Double, failure: HostFailure)
        /// A value changed (watch only): an input set by the view model itself, an output,
        /// or a command's state object (`value` is then its JSON).
        case change(part: Part, value: ChangeValue)
        /// The daemon started again with the state it had at version `stoppedAt`; `reason`
        /// is "clean stop" or "crash recovery". Not about one view model: `vm` and `name` are
        /// null.
        case restart(stoppedAt: UInt64, reason: String)
        /// A client restored the inputs of version `from` as one change: `set` names the
        /// inputs it set ("vm.name"), `values` what it set them to (in the same order),
        /// `skipped` those it could not (secret inputs, whose values the history keeps
        /// masked, listed again in `secret`; inputs this build lacks). Like a restart, not
        /// about one view model.
        case restore(from: UInt64, set: [String], values: [SurfaceValue], skipped: [String], secret: [String])
    }

    /// Which part of a surface a `change` is about.
    public enum Part: String, Sendable {
        case input, output, command
    }

    /// The new value a `change` carries.
    public enum ChangeValue: Sendable {
        case value(SurfaceValue)
        case command(CommandState)
        /// The value, already encoded as JSON (a list output that reports its edits: the host
        /// fills in its rows' cached JSON when it publishes the event).
        case json([UInt8])
    }

    /// The view model's name.
    public let viewModel: String
    /// The input's, output's or command's name.
    public let name: String
    /// When it happened, seconds since the epoch.
    public let at: Double
    /// What happened.
    public let kind: Kind
    /// A `set` event's value as the state encoded it, when the host could reuse those bytes.
    let encodedValue: EncodedSetValue?
    /// What started the run a `start`, `finish` or `fail` is about (nil for other kinds).
    public let startedBy: RunStarter?
    /// Who made the change, when known (see ``origin``).
    private let madeBy: EventOrigin?

    /// An event about `viewModel`.`name` that happened `at`; for a run's events, `startedBy`
    /// says what started the run; `origin` says who made the change (see ``origin``).
    public init(viewModel: String, name: String, at: Double, kind: Kind, startedBy: RunStarter? = nil, origin: EventOrigin? = nil) {
        self.init(viewModel: viewModel, name: name, at: at, kind: kind, startedBy: startedBy, origin: origin, encodedValue: nil)
    }

    init(viewModel: String, name: String, at: Double, kind: Kind, startedBy: RunStarter? = nil, origin: EventOrigin? = nil,
         encodedValue: EncodedSetValue?) {
        self.viewModel = viewModel
        self.name = name
        self.at = at
        self.kind = kind
        self.encodedValue = encodedValue
        self.startedBy = startedBy
        madeBy = origin
    }

    /// Who made the change (its `origin`): the one given, else for a run's events what started
    /// the run (``RunStarter/origin``), for a restart `restart`, for a set `host` (a caller in
    /// the daemon's process, not a client); nil for a `change`, which is not logged.
    public var origin: EventOrigin? {
        if let madeBy { return madeBy }
        if let startedBy { return startedBy.origin }
        switch kind {
        case .restart: return EventOrigin(by: "restart")
        case .change: return nil
        case .set, .restore, .start, .finish, .fail: return EventOrigin(by: "host")
        }
    }

    /// Whether it goes into the event log (everything but `change`).
    public var isLogged: Bool {
        if case .change = kind { return false }
        return true
    }

    /// The event's JSON object, stamped with `version`; `effects` (``EventEffects``' array)
    /// is what its version changed, written with the last event logged in it.
    public func json(version: UInt64, effects: [UInt8]? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginObject()
        writer.key("version"); writer.int(version)
        writer.key("at"); writer.string(ISO8601Timestamp.string(fromEpochSeconds: at))
        switch kind {
        case let .set(value):
            writeHeader("set", &writer)
            writer.key("value")
            if let json = encodedValue?.json { writer.raw(json) } else { writer.value(value) }
        case let .start(argument):
            writeHeader("start", &writer)
            if let argument {
                writer.key("arg"); writer.value(argument)
            }
            startedBy?.write(to: &writer)
        case let .finish(durationMs, value):
            writeHeader("finish", &writer)
            writer.key("durationMs"); writer.double(Self.rounded(durationMs))
            EventResult.write(value, to: &writer)
            startedBy?.write(to: &writer)
        case let .fail(durationMs, failure):
            writeHeader("fail", &writer)
            writer.key("durationMs"); writer.double(Self.rounded(durationMs))
            writer.key("error"); writer.string(failure.message)
            writer.key("code"); writer.string(failure.code.rawValue)
            startedBy?.write(to: &writer)
        case let .restart(stoppedAt, reason):
            writer.key("kind"); writer.string("restart")
            writer.key("vm"); writer.null()
            writer.key("name"); writer.null()
            writer.key("stoppedAt"); writer.int(stoppedAt)
            writer.key("reason"); writer.string(reason)
            writer.key("message"); writer.string("stopped at v \(stoppedAt) (\(reason)), started at v \(version)")
        case let .restore(from, set, values, skipped, secret):
            writer.key("kind"); writer.string("restore")
            writer.key("vm"); writer.null()
            writer.key("name"); writer.null()
            writer.key("from"); writer.int(from)
            for (key, names) in [("set", set), ("skipped", skipped), ("secret", secret)] {
                writer.key(key)
                writer.beginArray()
                for name in names { writer.string(name) }
                writer.endArray()
            }
            writer.key("values")
            writer.beginObject()
            for (name, value) in zip(set, values) { writer.key(name); writer.value(value) }
            writer.endObject()
        case let .change(part, value):
            writeHeader("change", &writer)
            writer.key("part"); writer.string(part.rawValue)
            writer.key("value")
            switch value {
            case let .value(value): writer.value(value)
            case let .command(state): state.write(to: &writer)
            case let .json(json): writer.raw(json)
            }
        }
        origin?.write(to: &writer)
        if let effects {
            writer.key("effects"); writer.raw(effects)
        }
        writer.endObject()
        return writer.bytes
    }

    private func writeHeader(_ kind: String, _ writer: inout JSONWriter) {
        writer.key("kind"); writer.string(kind)
        writer.key("vm"); writer.string(viewModel)
        writer.key("name"); writer.string(name)
    }

    /// Milliseconds to one decimal: enough for people, short on the wire.
    private static func rounded(_ milliseconds: Double) -> Double {
        (milliseconds * 10).rounded() / 10
    }
}
