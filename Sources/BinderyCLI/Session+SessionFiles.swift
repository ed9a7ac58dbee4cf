import BinderyHistory
import BinderyJSON
import BinderyPrimitives
import BinderyProtocol

/// `export` and `testgen`: a range of the daemon's versions as a session file (docs/HTTP.md,
/// `/api/session`, which the daemon writes: binderyctl saves it as it came), and a Swift
/// Testing file made from a session (``SessionTestWriter``).
extension Session {
    /// What the daemon answered a `session` request.
    private enum Fetched {
        case document(JSONValue)
        case refused(DaemonReply)
    }

    /// The daemon's session file of `range`, or its refusal.
    private func fetchSession(_ connection: DaemonConnection, _ range: VersionRange) throws(ConnectionError) -> Fetched {
        var fields: [(ControlField, JSONValue)] = []
        if let from = range.from { fields.append((.from, .number(String(from)))) }
        if let to = range.to { fields.append((.to, .number(String(to)))) }
        let reply = try connection.request(op: .session, fields)
        guard reply.ok else { return .refused(reply) }
        guard let document = reply.value["session"] else {
            return .refused(DaemonReply(localFailure: .badReply, "binderyd's session reply has no session"))
        }
        return .document(document)
    }

    func export(_ connection: DaemonConnection, to path: String, range: VersionRange) throws(ConnectionError) -> CommandOutcome {
        let document: JSONValue
        switch try fetchSession(connection, range) {
        case let .document(found): document = found
        case let .refused(refusal): return report(refusal) { _ in [] }
        }
        var bytes: [UInt8] = []
        document.write(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        if case let .failure(error) = WholeFile.write(bytes, to: path) { return fail(.badRequest, error.message) }
        let from = document["from"]?.intValue ?? 0, to = document["to"]?.intValue ?? 0
        let events = document["events"]?.arrayValue?.count ?? 0
        return text("exported versions \(from)–\(to) (\(events) event\(events == 1 ? "" : "s")) to \(path)")
    }

    /// `import FILE`: the daemon loads the session for reading, beside its live versions. A
    /// file that is not a session is refused here, before anything is sent (the daemon checks
    /// again); a file past the protocol's frame limit is refused with its size.
    func importSession(_ connection: DaemonConnection, from path: String) throws(ConnectionError) -> CommandOutcome {
        let bytes: [UInt8]
        switch WholeFile.read(path) {
        case let .success(read): bytes = read
        case let .failure(error): return fail(.badRequest, error.message)
        }
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { return fail(.badRequest, "\(path): not a session file: it is not JSON (\(error))") }
        do { _ = try RecordedSession(document: document) } catch { return fail(.badRequest, "\(path): \(error.message)") }
        var frame: [UInt8] = []
        document.write(to: &frame)
        guard frame.count < Self.largestImport else {
            return fail(.badRequest, "\(path): \(ReplyRenderer.size(frame.count)) is more than a control request carries "
                + "(\(ReplyRenderer.size(Self.largestImport))); export a shorter range (export FILE @F..@T)")
        }
        let reply = try connection.request(op: .import, [(.session, document)])
        return report(reply) { value in
            let marker = value["imported"] ?? .null
            let from = marker["from"]?.intValue ?? 0, to = marker["to"]?.intValue ?? 0, events = marker["events"]?.intValue ?? 0
            return ["imported versions \(from)–\(to) of \(marker["daemon"]?.stringValue ?? "?") (\(events) event\(events == 1 ? "" : "s")) "
                + "from \(path), for reading: show VM @V imported, get VM.NAME @V imported; the live versions are as they were"]
        }
    }

    /// The largest session `import` sends: what fits in one control request (1 MiB, less the
    /// request's own fields).
    static let largestImport = (1 << 20) - 256

    func testgen(_ connection: DaemonConnection?, vm: String, to path: String, from source: SessionSource) throws(ConnectionError) -> CommandOutcome {
        let session: RecordedSession
        let origin: String
        switch source {
        case let .file(file):
            switch readSession(file) {
            case let .success(read): session = read
            case let .failure(error): return fail(.badRequest, error.message)
            }
            origin = file
        case let .versions(range):
            guard let connection else { return fail(.unavailable, "testgen from versions needs the daemon") }
            let document: JSONValue
            switch try fetchSession(connection, range) {
            case let .document(found): document = found
            case let .refused(refusal): return report(refusal) { _ in [] }
            }
            do { session = try RecordedSession(document: document) } catch { return fail(.badReply, "binderyd's session: \(error.message)") }
            origin = "@\(session.from)..@\(session.to)"
        }
        let writer = SessionTestWriter(session: session, viewModel: vm, command: "binderyctl testgen \(vm) \(path) \(origin)")
        switch writer.source() {
        case let .success(text):
            if case let .failure(error) = WholeFile.write(Array(text.utf8), to: path) { return fail(.badRequest, error.message) }
            let steps = session.steps.filter { $0.viewModel == vm }.count
            return self.text("wrote \(path): \(steps) step\(steps == 1 ? "" : "s") of \(vm) from versions \(session.from)–\(session.to); "
                + "it calls \(writer.factoryName)(scheduler:), which your test target defines")
        case let .failure(problem):
            return fail(.invalidArgument, problem.message)
        }
    }
}
