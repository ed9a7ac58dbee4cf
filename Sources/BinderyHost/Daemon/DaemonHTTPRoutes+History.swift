import BinderyHTTP
import BinderyHistory
import BinderyJSON

/// `/api/history`, `/api/state?at=V` and `/api/session` (docs/HTTP.md): the state at earlier versions.
extension DaemonHTTPRoutes {
    /// `/api/history?from=F&to=T&limit=N`: one page of the history — the state at its first
    /// version and each later version's changes — forward from F, or back from T (default:
    /// the current version); at most N versions (default and most
    /// ``VersionHistory/maximumPageVersions``) and about ``VersionHistory/pageBytes`` of changes,
    /// with the cursors of the pages before and after it.
    func history(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var bounds: [UInt64?] = []
        for name in ["from", "to"] {
            switch request.queryNumber(name, "a version") {
            case let .success(value): bounds.append(value)
            case let .failure(error): responder.respond(error.response); return
            }
        }
        // From after to: a range that holds no version, answered as one none of which is kept.
        let empty = bounds[0].flatMap { from in bounds[1].map { from > $0 } } ?? false
        var limit = VersionHistory.maximumPageVersions
        if let text = request.query("limit") {
            guard let value = QueryNumber.parse(text), value >= 1, value <= UInt64(limit) else {
                responder.respond(.badRequest("limit must be a whole number from 1 to \(limit), without leading zeros")); return
            }
            limit = Int(value)
        }
        let (current, oldest, found) = host.historyPage(from: bounds[0], to: bounds[1], limit: limit)
        let page = empty ? nil : found
        var writer = JSONWriter(capacity: 256 + (page?.document.count ?? 0) + (page?.versions.reduce(0) { $0 + $1.step.size } ?? 0))
        writer.beginObject()
        writer.key("version"); writer.int(current)
        writer.key("oldest"); if let oldest { writer.int(oldest) } else { writer.null() }
        if let page {
            writer.key("from"); writer.int(page.from)
            writer.key("to"); writer.int(page.to)
            writer.key("state"); writer.raw(page.document)
            writer.key("versions")
            VersionHistory.writeSteps(page.versions, to: &writer)
            // The pages next to this one, as the parameters that ask for them.
            if let oldest, page.from > oldest {
                writer.key("older"); writer.beginObject(); writer.key("to"); writer.int(page.from); writer.endObject()
            }
            if page.to < current {
                writer.key("newer"); writer.beginObject(); writer.key("from"); writer.int(page.to); writer.endObject()
            }
        } else {
            writer.key("from"); writer.null()
            writer.key("versions"); writer.beginArray(); writer.endArray()
        }
        writer.endObject()
        // A page of versions' changes is up to megabytes of repetitive JSON.
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
