import Bindery
import BinderyControl
import BinderyEventLog
import BinderyHistory
import BinderyJSON
import BinderyProtocol
import BinderySurfaceEncoding

/// Answers control-protocol frames (docs/PROTOCOL.md) against a ``ViewModelHost``.
///
/// Guarantees: every frame gets exactly one reply line — a malformed, unknown or oversized
/// frame an error reply with the protocol's code — and a refused request changes nothing;
/// no input makes it trap.
public final class ControlProtocolHandler: ControlFrameHandler {
    /// The most events `log` returns.
    public static let maximumLogCount = 1_000

    private let host: ViewModelHost
    private let program: String
    private let listJSON: [UInt8]
    private let describeJSON: [String: [UInt8]]

    /// A handler serving `host` for the program called `program` (named in session files).
    public init(host: ViewModelHost, program: String = "binderyd") {
        self.host = host
        self.program = program
        var writer = JSONWriter(capacity: 1_024)
        writer.beginArray()
        for surface in host.surfaces { writer.raw(SurfaceDocument.listEntry(surface)) }
        writer.endArray()
        listJSON = writer.bytes
        describeJSON = Dictionary(uniqueKeysWithValues: host.surfaces.map { ($0.name, SurfaceDocument.entry($0, constraints: true)) })
    }

    /// Answers a frame that exceeded the size limit.
    public func handleOversizedFrame(session: ControlSession) {
        session.reply(ControlReply.failure(id: .null, HostFailure(
            .frameTooLarge, "request line exceeds \(LineFramer.defaultMaximumFrameLength) bytes; the rest of the line is discarded")))
    }

    /// Answers a line left incomplete past the server's bound, before its connection closes.
    public func handleIncompleteFrame(afterSeconds seconds: Double, session: ControlSession) {
        session.reply(ControlReply.failure(id: .null, HostFailure(
            .badRequest, "request line incomplete for \(Self.seconds(seconds)) (bytes without a newline); the connection is closed")))
    }

    /// "10 s", "0.5 s".
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Answers one frame (a line without its newline).
    public func handle(frame: [UInt8], session: ControlSession) {
        let request: ControlRequest
        do {
            request = try ControlRequest(frame: frame)
        } catch {
            return session.reply(ControlReply.failure(id: ControlRequest.id(inFrame: frame), error))
        }
        let id = request.id
        do throws(HostFailure) {
            try dispatch(request, session: session)
        } catch {
            session.reply(ControlReply.failure(id: id, error))
        }
    }


    /// `get` with `imported`: the imported session at `at` (default: its last version), marked.
    private func replyImported(_ request: ControlRequest, vm: String, name: String?, surface: [UInt8]?, session: ControlSession) throws(HostFailure) {
        guard let imported = host.imported.current else {
            throw HostFailure(.invalidArgument, "no session is imported: binderyctl import FILE loads one")
        }
        let at = try request.optionalVersion("at") ?? imported.session.to
        let read: (kind: String?, value: JSONValue)
        switch imported.read(viewModel: vm, name: name, at: at) {
        case let .success(found): read = found
        case let .failure(error): throw HostFailure(.invalidArgument, error.message)
        }
        session.reply(ControlReply.success(id: request.id) { writer in
            writer.key(read.kind == nil ? "state" : "value"); writer.value(read.value)
            if let kind = read.kind { writer.key("kind"); writer.string(kind) }
            writer.key("at"); writer.int(at)
            writer.key("imported"); imported.writeMarker(to: &writer)
            if read.kind == nil, let surface { writer.key("surface"); writer.raw(surface) }
        })
    }

    /// One input a `set` names: its `vm`, `name`, and `value` or `text`.
    private static func setting(_ request: ControlRequest) throws(HostFailure) -> ViewModelHost.InputSetting {
        let vm = try request.string("vm")
        let name = try request.string("name")
        switch (request.value("value"), try request.optionalString("text")) {
        case let (value?, nil): return ViewModelHost.InputSetting(viewModel: vm, input: name, .value(value))
        case let (nil, text?): return ViewModelHost.InputSetting(viewModel: vm, input: name, .text(text))
        case (nil, nil): throw HostFailure(.badRequest, "set needs field 'value' (or 'text')")
        case (_?, _?): throw HostFailure(.badRequest, "set takes 'value' or 'text', not both")
        }
    }

    private func dispatch(_ request: ControlRequest, session: ControlSession) throws(HostFailure) {
        let id = request.id
        guard let opName = request.op else {
            throw HostFailure(.unknownOp, request.has("op") ? "field 'op' must be a string" : "request has no 'op'; ops: " + ControlOp.names.joined(separator: ", "))
        }
        guard let op = ControlOp(rawValue: opName) else {
            throw HostFailure(.unknownOp, "unknown op \(Excerpt.quoted(opName, quote: Excerpt.singleQuoted))" + DidYouMean.suffix(for: opName, among: ControlOp.names, listing: "ops"))
        }
        if let client = try request.optionalString(ControlField.client.rawValue) { session.clientName = client }
        // Who the changes this request makes are recorded as made by: the kernel's word for
        // the uid and pid, the client's for its name.
        var origin: EventOrigin { EventOrigin(uid: session.peer?.uid, pid: session.peer?.pid, client: session.clientName) }
        switch op {
        case .ping:
            let version = host.version
            session.reply(ControlReply.success(id: id) { writer in
                writer.key("pong"); writer.bool(true)
                writer.key("version"); writer.int(version)
            })
        case .list:
            session.reply(ControlReply.success(id: id) { [listJSON] writer in
                writer.key("viewModels"); writer.raw(listJSON)
            })
        case .describe:
            let name = try request.string("vm")
            _ = try host.viewModelIndex(name)
            let surface = describeJSON[name]!
            session.reply(ControlReply.success(id: id) { writer in
                writer.key("surface"); writer.raw(surface)
            })
        case .get:
            let vm = try request.string("vm")
            let name = try request.optionalString("name")
            // `surface: true` adds describe's answer, so a client that shows the state with
            // its types (binderyctl's `show`) needs one request, not two.
            let withSurface = try request.bool("surface", default: false)
            let surface = withSurface ? describeJSON[vm] : nil
            let at = try request.optionalVersion("at")
            let reply: @Sendable (Result<ViewModelHost.Reading, HostFailure>) -> Void = { [host] result in
                switch result {
                case let .success(reading):
                    // An input says who set it last, while the log keeps that set.
                    let lastSet = reading.kind == "input"
                        ? name.flatMap { LastSet(viewModel: vm, input: $0, atOrBefore: at, in: host.recentEvents(Int.max)) } : nil
                    session.reply(ControlReply.success(id: id) { writer in
                        if let kind = reading.kind {
                            writer.key("kind"); writer.string(kind)
                            writer.key("value"); writer.raw(reading.json)
                            lastSet?.write(to: &writer)
                        } else {
                            writer.key("state"); writer.raw(reading.json)
                        }
                        if let surface {
                            writer.key("surface"); writer.raw(surface)
                        }
                    })
                case let .failure(failure):
                    session.reply(ControlReply.failure(id: id, failure))
                }
            }
            if try request.bool("imported", default: false) {
                try replyImported(request, vm: vm, name: name, surface: surface, session: session)
            } else if let at {
                reply(host.read(viewModel: vm, name: name, at: at))
            } else {
                host.read(viewModel: vm, name: name, completion: reply)
            }
        case .restore:
            let version = try request.version("version")
            host.restore(version: version, origin: origin) { result in
                switch result {
                case let .success(restored):
                    session.reply(ControlReply.success(id: id) { writer in
                        writer.key("set"); writer.beginArray(); for name in restored.set { writer.string(name) }; writer.endArray()
                        writer.key("skipped"); writer.beginArray(); for name in restored.skipped { writer.string(name) }; writer.endArray()
                        writer.key("version"); writer.int(restored.version)
                    })
                case let .failure(failure):
                    session.reply(ControlReply.failure(id: id, failure))
                }
            }
        case .set:
            // One input (`vm`, `name`, `value` or `text`), or several as one turn (`inputs`).
            let several = try request.requests("inputs")
            if several != nil, request.has("vm") || request.has("name") || request.has("value") || request.has("text") {
                throw HostFailure(.badRequest, "set takes 'inputs' or 'vm', 'name' and 'value' (or 'text'), not both")
            }
            let settings = try (several ?? [request]).map { item throws(HostFailure) in try Self.setting(item) }
            host.set(settings, origin: origin) { (result: Result<[ViewModelHost.SetResult], HostFailure>) in
                switch result {
                case let .success(set):
                    session.reply(ControlReply.success(id: id) { writer in
                        // The bytes the state encoded for this version: the value is not encoded again.
                        if several == nil {
                            writer.key("value"); writer.raw(set[0].json)
                        } else {
                            writer.key("values"); writer.beginArray(); for one in set { writer.raw(one.json) }; writer.endArray()
                        }
                        writer.key("version"); writer.int(set[0].version)
                    })
                case let .failure(failure):
                    session.reply(ControlReply.failure(id: id, failure))
                }
            }
        case .run:
            let vm = try request.string("vm")
            let name = try request.string("name")
            let wait = try request.bool("wait", default: true)
            let argument = request.value("arg")
            host.run(viewModel: vm, command: name, argument: argument, wait: wait, origin: origin) { outcome in
                switch outcome {
                case .started:
                    session.reply(ControlReply.success(id: id) { writer in
                        writer.key("started"); writer.bool(true)
                    })
                case let .finished(value, durationMs):
                    session.reply(ControlReply.success(id: id) { writer in
                        writer.key("value"); writer.value(value)
                        writer.key("durationMs"); writer.double((durationMs * 10).rounded() / 10)
                    })
                case let .failed(failure):
                    session.reply(ControlReply.failure(id: id, failure))
                }
            }
        case .interrupt:
            let vm = try request.string("vm")
            let name = try request.string("name")
            host.interrupt(viewModel: vm, command: name, origin: origin) { result in
                switch result {
                case let .success(count):
                    session.reply(ControlReply.success(id: id) { writer in
                        writer.key("interrupted"); writer.int(count)
                    })
                case let .failure(failure):
                    session.reply(ControlReply.failure(id: id, failure))
                }
            }
        case .watch:
            let vm = try request.optionalString("vm")
            if let vm { _ = try host.viewModelIndex(vm) }
            // Registered before the acknowledgement, so every change made after a client has
            // read it reaches the stream. An event published in between still follows the
            // acknowledgement: requests are handled on the connection's queue, where the reply
            // is queued at once and stream lines only after the request's turn.
            let watch = host.watch(viewModel: vm) { eventJSON in
                session.stream(ControlReply.event(id: id, eventJSON: eventJSON))
            }
            session.onClose { [host] in host.unwatch(watch) }
            session.reply(ControlReply.success(id: id) { writer in
                writer.key("watching"); writer.bool(true)
            })
        case .session:
            let document = try host.session(from: try request.optionalVersion("from"), to: try request.optionalVersion("to"), daemon: program).get()
            session.reply(ControlReply.success(id: id) { writer in writer.key("session"); writer.raw(document) })
        case .import:
            guard let document = request.json("session"), document.objectValue != nil else {
                throw HostFailure(.badRequest, request.has("session") ? "field 'session' must be a session file's JSON object" : "missing field 'session'")
            }
            let loaded: ImportedSession
            do { loaded = try host.imported.load(document, importedAt: ISO8601Timestamp.string(fromEpochSeconds: ISO8601Timestamp.now())) } catch {
                throw HostFailure(.invalidArgument, error.message)
            }
            session.reply(ControlReply.success(id: id) { writer in writer.key("imported"); loaded.writeMarker(to: &writer) })
        case .log:
            let count = try request.int("n", default: 50)
            guard count >= 0 else { throw HostFailure(.badRequest, "field 'n' must not be negative, got \(count)") }
            let entries = host.recentEvents(min(count, Self.maximumLogCount))
            session.reply(ControlReply.success(id: id) { writer in
                writer.key("events")
                writer.beginArray()
                for entry in entries { writer.raw(entry.json) }
                writer.endArray()
            })
        }
    }
}
