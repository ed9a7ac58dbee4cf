import BinderyHTTP
import BinderyHistory
import BinderyJSON

/// `/api/history`, `/api/state?at=V` and `/api/session` (docs/HTTP.md): the state at earlier versions.
extension DaemonHTTPRoutes {
    /// `/api/history?from=V`: the newest checkpoint at or before V (the oldest kept without
    /// V) and every later version's changes, so a client rebuilds the state at each of them.
    func history(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let from: UInt64
        switch request.queryNumber("from", "a version") {
        case let .success(value): from = value ?? 0
        case let .failure(error): responder.respond(error.response); return
        }
        let (current, span) = host.history(from: from)
        var writer = JSONWriter(capacity: 256 + (span?.document.count ?? 0) + (span?.versions.count ?? 0) * 160)
        writer.beginObject()
        writer.key("version"); writer.int(current)
        if let span {
            writer.key("from"); writer.int(span.checkpoint)
            writer.key("state"); writer.raw(span.document)
            writer.key("versions")
            VersionHistory.writeSteps(span.versions, to: &writer)
        } else {
            writer.key("from"); writer.null()
            writer.key("versions"); writer.beginArray(); writer.endArray()
        }
        writer.endObject()
        // A thousand versions' changes are hundreds of kilobytes of repetitive JSON.
        responder.respond(.compressible(contentType: Self.json, bytes: writer.bytes, gzip: request.acceptsGzip, headers: [Self.noCache]))
    }

    /// `/api/state?at=V`: the state document at version V, or 404 naming the versions kept.
    func state(at request: HTTPRequest, _ responder: HTTPResponder) {
        let version: UInt64
        switch request.queryNumber("at", "a version") {
        case let .success(value?): version = value
        case let .failure(error): responder.respond(error.response); return
        case .success(nil): responder.respond(.badRequest("at must be given")); return  // the caller checked it is
        }
        switch host.state(at: version) {
        case let .success(document):
            var bytes: [UInt8] = []
            document.write(to: &bytes)
            responder.respond(HTTPResponse(contentType: Self.json, bytes: bytes, headers: [Self.noCache]))
        case let .failure(failure):
            var response = HTTPResponse.text(failure.message + "\n", status: 404)
            response.headers.append(Self.noCache)
            responder.respond(response)
        }
    }

    /// `/api/session?from=F&to=T`: versions F–T (defaults: the oldest kept, the current) as one
    /// session file, downloaded as `<program>-session-vF-vT.json`; 404 with one line when the
    /// range is not kept, 400 for a bad number.
    func session(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var bounds: [UInt64?] = []
        for name in ["from", "to"] {
            guard let text = request.query(name) else { bounds.append(nil); continue }
            guard let value = QueryNumber.parse(text) else {
                responder.respond(.badRequest("\(name) must be a version: a non-negative integer without leading zeros")); return
            }
            bounds.append(value)
        }
        switch host.session(from: bounds[0], to: bounds[1], daemon: program) {
        case let .success(document):
            let range = host.historyRange
            let name = "\(program)-session-v\(bounds[0] ?? range?.lowerBound ?? 0)-v\(bounds[1] ?? range?.upperBound ?? 0).json"
            responder.respond(.compressible(contentType: Self.json, bytes: document, gzip: request.acceptsGzip,
                                            headers: [Self.noCache, HTTPHeader("Content-Disposition", "attachment; filename=\"\(name)\"")]))
        case let .failure(failure):
            var response = HTTPResponse.text(failure.message + "\n", status: 404)
            response.headers.append(Self.noCache)
            responder.respond(response)
        }
    }
}
