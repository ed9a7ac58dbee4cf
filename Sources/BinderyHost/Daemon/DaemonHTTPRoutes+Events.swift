import Bindery
import BinderyEventLog
import BinderyHTTP
import BinderyJSON

/// `/api/events` (docs/HTTP.md): a page of the event log, searched in the daemon over every
/// event it keeps, so a reader never downloads the whole log to find one.
extension DaemonHTTPRoutes {
    /// The longest `q` taken, in Unicode scalars (as JSON Schema's `maxLength` in
    /// docs/openapi.yaml counts, and every other length limit here): a search, not a document.
    static let maximumSearchLength = 200

    func events(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let query: EventQuery
        switch Self.eventQuery(request) {
        case let .success(parsed): query = parsed
        case let .failure(error): responder.respond(error.response); return
        }
        let (version, page) = host.events(matching: query)
        var writer = JSONWriter(capacity: 96 + page.entries.reduce(0) { $0 + $1.json.count + 1 })
        writer.beginObject()
        writer.key("version"); writer.int(version)
        writer.key("events")
        writer.beginArray()
        for entry in page.entries { writer.raw(entry.json) }
        writer.endArray()
        writer.key("more"); writer.bool(page.more)
        if let next = page.next {
            writer.key("next")
            writer.beginObject()
            writer.key(page.forward ? "since" : "before"); writer.int(next.version)
            if next.skip > 0 { writer.key("skip"); writer.int(next.skip) }
            writer.endObject()
        }
        writer.endObject()
        // A page of 500 events is a couple of hundred kilobytes: compressed, like the state.
        responder.respond(.compressible(contentType: Self.json, bytes: writer.bytes, gzip: request.acceptsGzip, headers: [Self.noCache]))
    }

    /// The ``EventQuery`` of an `/api/events` request, or the 400 a bad parameter gets. Numbers
    /// are written as ``QueryNumber`` says; an empty `vm`, `kind`, `q` or `origin` is no filter.
    static func eventQuery(_ request: HTTPRequest) -> Result<EventQuery, HTTPResponseError> {
        func bad(_ reason: String) -> Result<EventQuery, HTTPResponseError> {
            .failure(HTTPResponseError(.badRequest(reason)))
        }
        let since: UInt64?, before: UInt64?, skip: UInt64?
        switch (request.queryNumber("since", "a version"), request.queryNumber("before", "a version"), request.queryNumber("skip", "a count")) {
        case let (.success(a), .success(b), .success(c)): (since, before, skip) = (a, b, c)
        case let (.failure(error), _, _), let (_, .failure(error), _), let (_, _, .failure(error)): return .failure(error)
        }
        if let skip, skip > UInt64(Int32.max) { return bad("skip must be a count: at most \(Int32.max)") }
        var limit = EventQuery.maximumLimit
        if let text = request.query("limit") {
            guard let value = QueryNumber.parse(text), value >= 1, value <= UInt64(EventQuery.maximumLimit) else {
                return bad("limit must be a whole number from 1 to \(EventQuery.maximumLimit), without leading zeros")
            }
            limit = Int(value)
        }
        let viewModel = request.query("vm").flatMap { $0.isEmpty ? nil : $0 }
        let kind = request.query("kind").flatMap { $0.isEmpty ? nil : $0 }
        if let kind, !EventQuery.kinds.contains(kind) {
            return bad("kind must be one of \(EventQuery.kinds.sorted().joined(separator: ", "))")
        }
        let text = request.query("q").flatMap { $0.isEmpty ? nil : $0 }
        let origin = request.query("origin").flatMap { $0.isEmpty ? nil : $0 }
        for (name, value) in [("q", text), ("origin", origin)] where (value?.unicodeScalars.count ?? 0) > maximumSearchLength {
            return bad("\(name) must be at most \(maximumSearchLength) characters (Unicode scalars)")
        }
        return .success(EventQuery(since: since, before: before, viewModel: viewModel, kind: kind, text: text, origin: origin,
                                   skip: Int(skip ?? 0), limit: limit))
    }
}
