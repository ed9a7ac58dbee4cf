import BinderyHTTP
import BinderyHistory
import BinderyJSON

/// `/api/history` and `/api/state?at=V` (docs/HTTP.md): the state at earlier versions.
extension DaemonHTTPRoutes {
    /// `/api/history?from=V`: the newest checkpoint at or before V (the oldest kept without
    /// V) and every later version's changes, so a client rebuilds the state at each of them.
    func history(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var from: UInt64 = 0
        if let text = request.query("from") {
            guard let value = QueryNumber.parse(text) else {
                responder.respond(.badRequest("from must be a version: a non-negative integer without leading zeros")); return
            }
            from = value
        }
        let (current, span) = host.history(from: from)
        var writer = JSONWriter(capacity: 256 + (span?.document.count ?? 0) + (span?.versions.count ?? 0) * 160)
        writer.beginObject()
        writer.key("version"); writer.int(current)
        if let span {
            writer.key("from"); writer.int(span.checkpoint)
            writer.key("state"); writer.raw(span.document)
            writer.key("versions")
            writer.beginArray()
            for (version, step) in span.versions {
                writer.beginObject()
                writer.key("version"); writer.int(version)
                switch step {
                case let .changes(entries):
                    writer.key("changes")
                    writer.beginArray()
                    for entry in entries { writer.raw(entry) }
                    writer.endArray()
                case let .reset(document):
                    writer.key("reset"); writer.raw(document)
                }
                writer.endObject()
            }
            writer.endArray()
        } else {
            writer.key("from"); writer.null()
            writer.key("versions"); writer.beginArray(); writer.endArray()
        }
        writer.endObject()
        // A thousand versions' changes are hundreds of kilobytes of repetitive JSON.
        responder.respond(.compressible(writer.bytes, contentType: Self.json, for: request, headers: [Self.noCache]))
    }

    /// `/api/state?at=V`: the state document at version V, or 404 naming the versions kept.
    func state(at request: HTTPRequest, _ responder: HTTPResponder) {
        guard let text = request.query("at"), let version = QueryNumber.parse(text) else {
            responder.respond(.badRequest("at must be a version: a non-negative integer without leading zeros")); return
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
}
