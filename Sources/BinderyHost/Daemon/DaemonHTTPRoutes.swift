import Synchronization
/// binderyd's HTTP API (docs/HTTP.md): `/api/state` (ETag, 304, long-poll), `/api/surface`,
/// `/api/events`, `/metrics`, `/healthz`, and the dashboard's files.
///
/// Guarantees: `/api/state` answers from the host's cached snapshot — no JSON work per
/// request; `If-None-Match` with the current version gets 304; `?since=V&wait=S` with V the
/// current version waits without a thread until the version passes V or S seconds (capped
/// at ``maximumWaitSeconds``) elapse, any other V is answered at once; a bad query gets 400; unknown `/api/…` paths 404.
public struct DaemonHTTPRoutes: Sendable {
    /// The longest a long-poll waits.
    public static let maximumWaitSeconds = 60.0

    private let host: ViewModelHost
    private let webFiles: (any WebFiles)?
    private let metricsText: @Sendable () -> String

    /// Routes for `host`, serving `webFiles` (nil: no web files, `/` is 404) and the
    /// Prometheus text `metricsText` builds.
    public init(host: ViewModelHost, webFiles: (any WebFiles)?, metricsText: @escaping @Sendable () -> String) {
        self.host = host
        self.webFiles = webFiles
        self.metricsText = metricsText
    }

    private static let json = "application/json"
    private static let noCache = HTTPHeader("Cache-Control", "no-cache")

    /// Answers `request` through `responder` (now, or later for a long-poll).
    public func handle(_ request: HTTPRequest, _ responder: HTTPResponder) {
        switch request.path {
        case "/api/state": state(request, responder)
        case "/api/surface":
            responder.respond(HTTPResponse(contentType: Self.json, bytes: host.surfaceJSON, headers: [Self.noCache]))
        case "/api/events": events(request, responder)
        case "/metrics":
            responder.respond(HTTPResponse(
                contentType: "text/plain; version=0.0.4; charset=utf-8", bytes: Array(metricsText().utf8), headers: [Self.noCache]))
        case "/healthz":
            var response = HTTPResponse.text(host.isStopping ? "stopping\n" : "ok\n", status: host.isStopping ? 503 : 200)
            response.headers.append(Self.noCache)
            responder.respond(response)
        default:
            if request.target.segments.first == "api" {
                responder.respond(.notFound)
            } else if let webFiles {
                responder.respond(webFiles.response(for: request))
            } else {
                responder.respond(.notFound)
            }
        }
    }

    private func state(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let since: UInt64?
        if let text = request.query("since") {
            guard let value = UInt64(text) else { responder.respond(.badRequest("since must be a non-negative integer")); return }
            since = value
        } else {
            since = nil
        }
        var wait = 0.0
        if let text = request.query("wait") {
            guard let value = Double(text), value.isFinite, value >= 0 else {
                responder.respond(.badRequest("wait must be a non-negative number of seconds")); return
            }
            wait = min(value, Self.maximumWaitSeconds)
        }
        let current = host.snapshot
        // Only a cursor naming the current version waits. Versions continue across restarts,
        // so an older cursor (from before a restart too) is answered at once; so is one from
        // the future, which can only come from another daemon's (or a reset state's) versions.
        guard let since, wait > 0, current.version == since else {
            responder.respond(response(current, for: request)); return
        }
        host.awaitSnapshot(after: since, timeout: wait) { snapshot in
            responder.respond(self.response(snapshot, for: request))
        }
    }

    /// The 200 and 304 answers for one version, built once and shared by every poll of it.
    private struct PreparedState: Sendable {
        let version: UInt64
        let ok: PreparedResponse
        let notModified: PreparedResponse
    }
    /// The latest version's prepared answers (a class: the routes are a value type).
    private final class PreparedStateCache: Sendable {
        let latest = Mutex<PreparedState?>(nil)
    }
    private let preparedState = PreparedStateCache()

    private func response(_ snapshot: StateSnapshot, for request: HTTPRequest) -> HTTPResponse {
        let etag = ETag(version: snapshot.version)
        let matches = request.ifNoneMatchMatches(etag)
        // Built only when the version changes; every other poll reuses the prepared answers.
        let prepared = preparedState.latest.withLock { cached -> PreparedState? in
            if let cached, cached.version == snapshot.version { return cached }
            guard let ok = PreparedResponse(Self.ok(snapshot, etag)),
                  let notModified = PreparedResponse(Self.notModified(etag)) else { return nil }
            cached = PreparedState(version: snapshot.version, ok: ok, notModified: notModified)
            return cached
        }
        guard let prepared else { return matches ? Self.notModified(etag) : Self.ok(snapshot, etag) }
        return .prepared(matches ? prepared.notModified : prepared.ok)
    }

    private static func ok(_ snapshot: StateSnapshot, _ etag: ETag) -> HTTPResponse {
        HTTPResponse(contentType: json, bytes: snapshot.json, headers: [HTTPHeader("ETag", etag.headerValue), noCache])
    }

    private static func notModified(_ etag: ETag) -> HTTPResponse {
        .notModified(etag, headers: [noCache])
    }

    private func events(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var since: UInt64 = 0
        if let text = request.query("since") {
            guard let value = UInt64(text) else { responder.respond(.badRequest("since must be a non-negative integer")); return }
            since = value
        }
        let (version, entries) = host.events(after: since)
        var writer = JSONWriter(capacity: 64 + entries.reduce(0) { $0 + $1.json.count + 1 })
        writer.beginObject()
        writer.key("version"); writer.int(version)
        writer.key("events")
        writer.beginArray()
        for entry in entries { writer.raw(entry.json) }
        writer.endArray()
        writer.endObject()
        responder.respond(HTTPResponse(contentType: Self.json, bytes: writer.bytes, headers: [Self.noCache]))
    }
}
