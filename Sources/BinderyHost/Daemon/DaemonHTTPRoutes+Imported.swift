import BinderyHTTP
import BinderyHistory
import BinderyJSON

/// `/api/imported` (docs/HTTP.md): the session imported for reading (`binderyctl import`),
/// beside the live history and never in it.
extension DaemonHTTPRoutes {
    /// `/api/imported`: `{"imported": marker, "session": the file as loaded}`, or
    /// `{"imported": null}` when nothing is imported; with `at=V`, the state document at the
    /// session's version V with `"imported"`: the marker, 404 with one line when nothing is
    /// imported or the session does not hold V.
    func imported(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let at: UInt64?
        switch request.queryNumber("at", "a version") {
        case let .success(value): at = value
        case let .failure(error): responder.respond(error.response); return
        }
        guard let imported = host.imported.current else {
            // The page asks at every open: nothing imported is an answer, not an error.
            guard at == nil else { return notFound("no session is imported: binderyctl import FILE loads one", responder) }
            responder.respond(HTTPResponse(contentType: Self.json, bytes: Array(#"{"imported":null}"#.utf8), headers: [Self.noCache]))
            return
        }
        var writer = JSONWriter(capacity: 256 + imported.document.count)
        if let at {
            switch imported.state(at: at) {
            case let .success(state): writer.value(state)
            case let .failure(error): notFound(error.message, responder); return
            }
        } else {
            writer.beginObject()
            writer.key("imported"); imported.writeMarker(to: &writer)
            writer.key("session"); writer.raw(imported.document)
            writer.endObject()
        }
        responder.respond(.compressible(contentType: Self.json, bytes: writer.bytes, gzip: request.acceptsGzip, headers: [Self.noCache]))
    }

    private func notFound(_ message: String, _ responder: HTTPResponder) {
        var response = HTTPResponse.text(message + "\n", status: 404)
        response.headers.append(Self.noCache)
        responder.respond(response)
    }
}
