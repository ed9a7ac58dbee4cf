import Bindery
import BinderyHTTP
import BinderyJSON
import BinderyPrimitives
import BinderyWeb
import Synchronization

/// binderyd's HTTP API (docs/HTTP.md): `/api/changes` (the change feed: long-poll, 304 when
/// nothing changed, a reset — naming the feed id — for a cursor it cannot answer or of
/// another feed, `feed=F`), `/api/state` (ETag, 304, long-poll, `at=V`), `/api/surface`,
/// `/api/events`, `/api/history`, `/api/openapi.yaml` (docs/openapi.yaml, which describes
/// them all), `/metrics`, `/healthz`, and the dashboard's files, each declared once in
/// ``routes``; `/api/state`, `/api/changes` and `/api/events` gzip-compressed for clients
/// that accept it.
///
/// Guarantees: `/api/state` answers from the host's cached snapshot — no JSON work per
/// request; `If-None-Match` with the current version gets 304; `?since=V&wait=S` with V the
/// current version waits without a thread until the version passes V or S seconds (capped
/// at ``maximumWaitSeconds``) elapse, any other V is answered at once; a bad query gets 400; unknown `/api/…` paths 404;
/// a cross-origin request (``HTTPRequest/isCrossOrigin``) for the API or `/metrics` gets 403.
public struct DaemonHTTPRoutes: Sendable {
    /// The longest a long-poll waits.
    public static let maximumWaitSeconds = 60.0

    let host: ViewModelHost
    private let webFiles: (any WebFiles)?
    /// The program's name, as the dashboard and session files give it.
    let program: String
    private let metricsText: @Sendable () -> String
    /// `/api/surface`: the host's surface document with `"daemon": program` and
    /// `"commandTimeoutMs"` first, so the dashboard can name the program it shows (binderyd,
    /// or a DaemonMain program) and say how close a running command is to its timeout.
    private let surfaceJSON: [UInt8]
    private let attach: String

    /// Routes for `host` of the daemon called `program`, serving `webFiles` (nil: no web
    /// files, `/` is 404) — its page with the current state inline (``DashboardPage``, naming
    /// `attach` as the way to drive it) — and the Prometheus text `metricsText` builds.
    public init(host: ViewModelHost, program: String = "binderyd", webFiles: (any WebFiles)?, attach: String = "binderyctl",
                metricsText: @escaping @Sendable () -> String) {
        self.host = host
        self.program = program
        self.webFiles = webFiles
        self.attach = attach
        self.metricsText = metricsText
        var writer = JSONWriter(capacity: program.utf8.count + 16)
        writer.beginObject()
        writer.key("daemon"); writer.string(program)
        writer.key("commandTimeoutMs"); writer.double(host.commandTimeout * 1000)
        // The document is an object: its members follow the daemon's name.
        surfaceJSON = writer.bytes + [UInt8(ascii: ",")] + host.surfaceJSON.dropFirst()
    }

    static let json = "application/json"
    static let noCache = HTTPHeader("Cache-Control", "no-cache")
    /// What `/api/state` and `/api/changes` answers carry: shared caches may reuse them
    /// briefly (coalescing identical polls), browsers revalidate.
    private static let shared = SharedCaching.header

    /// Every route binderyd serves, one declaration each; `paths` is what docs/openapi.yaml
    /// describes (`APIDescriptionTests` keeps them equal).
    public static let routes = HTTPRoutes<DaemonHTTPRoutes>([
        .init("/api/state") { $0.state($1, $2) },
        .init("/api/changes") { $0.changes($1, $2) },
        .init("/api/surface") { routes, _, responder in
            responder.respond(HTTPResponse(contentType: json, bytes: routes.surfaceJSON, headers: [noCache]))
        },
        .init("/api/events") { $0.events($1, $2) },
        .init("/api/history") { $0.history($1, $2) },
        .init("/api/session") { $0.session($1, $2) },
        .init("/api/imported") { $0.imported($1, $2) },
        .init("/api/openapi.yaml") { _, request, responder in
            responder.respond(apiDescription.response(named: APIDescription.fileName, for: request))
        },
        .init("/metrics") { routes, _, responder in
            responder.respond(HTTPResponse(
                contentType: "text/plain; version=0.0.4; charset=utf-8", bytes: Array(routes.metricsText().utf8), headers: [noCache]))
        },
        .init("/healthz") { routes, _, responder in
            var response = HTTPResponse.text(routes.host.isStopping ? "stopping\n" : "ok\n", status: routes.host.isStopping ? 503 : 200)
            response.headers.append(noCache)
            responder.respond(response)
        },
        .init("/") { $0.page($1, $2) },
        .init("/index.html") { $0.page($1, $2) },
    ], otherwise: .init("/{file}") { routes, request, responder in
        // An unknown `/api/…` path is never a file.
        let isAPI = request.target.segments.first == "api"
        responder.respond(isAPI ? .notFound : routes.webFiles?.response(for: request) ?? .notFound)
    })

    /// docs/openapi.yaml, compiled in (BinderyWeb's `APIDescription`).
    static let apiDescription = EmbeddedFiles(files: [(APIDescription.fileName, APIDescription.openAPI)])

    /// Answers `request` through `responder` (now, or later for a long-poll).
    public func handle(_ request: HTTPRequest, _ responder: HTTPResponder) {
        if Self.isPrivate(request.path), request.isCrossOrigin {
            responder.respond(.crossOriginForbidden)
            return
        }
        // Before the first version is durable (a start on a full disk) there is no state to
        // show: the state, the feed and the page wait for it, as does the health check.
        if host.version == 0, let reason = host.unavailableReason, Self.showsState(request.path) {
            var response = HTTPResponse.text(reason + "\n", status: 503)
            response.headers += [HTTPHeader("Retry-After", "1"), Self.noCache]
            responder.respond(response)
            return
        }
        Self.routes.handle(request, context: self, responder)
    }

    /// The dashboard's page (`/`, `/index.html`): `index.html` with the state inline.
    private func page(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let index = webFiles?.contents(of: "index.html") else { responder.respond(.notFound); return }
        // Asked for by another site's page (a link, a form, a frame, a script): the page
        // alone, without the state inline; it reads the state itself, same-origin.
        let page = request.isCrossOrigin ? index
            : DashboardPage.render(index: index, surface: surfaceJSON, state: host.snapshot.json, feed: host.feedID, attach: attach)
        responder.respond(.compressible(contentType: "text/html; charset=utf-8", bytes: page, gzip: request.acceptsGzip,
                                        headers: [HTTPHeader("Cache-Control", "no-store")]))
    }

    /// Whether `path` shows the state (or says whether it can be shown).
    private static func showsState(_ path: String) -> Bool {
        ["/api/state", "/api/changes", "/", "/index.html", "/healthz"].contains(path)
    }

    /// Whether `path` is read only by the daemon's own pages and tools: the API and the
    /// metrics (the dashboard's files and `/healthz` may be read from anywhere).
    private static func isPrivate(_ path: String) -> Bool {
        path.hasPrefix("/api/") || path == "/api" || path == "/metrics"
    }

    /// `since` and `wait` of a polling request, or the 400 a bad one gets (both are written
    /// as ``QueryNumber`` says).
    static func pollQuery(_ request: HTTPRequest) -> Result<(since: UInt64?, wait: Double), HTTPResponseError> {
        request.queryNumber("since", "a version").flatMap { since in
            request.queryNumber("wait", "whole seconds").map { (since, min(Double($0 ?? 0), Self.maximumWaitSeconds)) }
        }
    }

    private func state(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let since: UInt64?, wait: Double
        switch Self.pollQuery(request) {
        case let .success(query): (since, wait) = query
        case let .failure(error): responder.respond(error.response); return
        }
        // Checked even beside `at`, which does not use them: a malformed value is never taken.
        if request.query("at") != nil { return state(at: request, responder) }
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

    /// The 200 (identity and gzip) and 304 answers for one version, each built — and the
    /// body compressed — once, on first need, and shared by every poll of it.
    private struct PreparedState: Sendable {
        let version: UInt64
        var ok: [Bool: PreparedResponse] = [:]
        let notModified: PreparedResponse
    }
    /// The latest version's prepared answers (a class: the routes are a value type).
    private final class PreparedStateCache: Sendable {
        let latest = Lock<PreparedState?>(nil)
    }
    private let preparedState = PreparedStateCache()

    private func response(_ snapshot: StateSnapshot, for request: HTTPRequest) -> HTTPResponse {
        let etag = ETag(version: snapshot.version)
        let matches = request.ifNoneMatchMatches(etag)
        // Built only when the version changes; every other poll reuses the prepared answers.
        let gzip = request.acceptsGzip
        let prepared = preparedState.latest.withLock { cached -> PreparedResponse? in
            if cached?.version != snapshot.version {
                guard let notModified = PreparedResponse(Self.notModified(etag)) else { return nil }
                cached = PreparedState(version: snapshot.version, notModified: notModified)
            }
            if matches { return cached?.notModified }
            if let ok = cached?.ok[gzip] { return ok }
            let ok = PreparedResponse(Self.ok(snapshot.json, etag, gzip: gzip))
            cached?.ok[gzip] = ok
            return ok
        }
        guard let prepared else { return matches ? Self.notModified(etag) : Self.ok(snapshot.json, etag, gzip: gzip) }
        return .prepared(prepared)
    }

    static let varyEncoding = HTTPHeader("Vary", "Accept-Encoding")

    /// A JSON 200 with `etag`, gzip-compressed when `gzip` and the body is worth it.
    private static func ok(_ body: [UInt8], _ etag: ETag, gzip: Bool) -> HTTPResponse {
        .compressible(contentType: json, bytes: body, gzip: gzip, etag: etag, headers: [shared])
    }

    private static func notModified(_ etag: ETag) -> HTTPResponse {
        .notModified(etag, headers: [varyEncoding, shared])
    }

    // MARK: change feed

    private func changes(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let since: UInt64?, wait: Double
        switch Self.pollQuery(request) {
        case let .success(query): (since, wait) = query
        case let .failure(error): responder.respond(error.response); return
        }
        let gzip = request.acceptsGzip
        // A cursor of another feed (another state's versions, which may repeat these) is
        // answered like no cursor: with a reset.
        let sameFeed: Bool
        switch Self.feedQuery(request) {
        case let .success(feed): sameFeed = feed == nil || feed == host.feedID
        case let .failure(error): responder.respond(error.response); return
        }
        guard let since, sameFeed else { responder.respond(changesResponse(.reset(host.snapshot), since: nil, gzip: gzip)); return }
        let answer = host.changes(after: since)
        guard case .unchanged = answer, wait > 0 else { responder.respond(changesResponse(answer, since: since, gzip: gzip)); return }
        host.awaitVersion(after: since, timeout: wait) { version in
            // Every watcher at the same cursor is woken by the same version: the first builds
            // the answer, the rest take it from the cache without asking the host.
            let key = ChangesKey(cursor: since, gzip: gzip)
            if let cached = self.preparedChanges.latest.withLock({ $0.version == version ? $0.answers[key] : nil }) {
                responder.respond(.prepared(cached))
            } else {
                responder.respond(self.changesResponse(self.host.changes(after: since), since: since, gzip: gzip))
            }
        }
    }

    /// `feed` of a change-feed request (nil: not given), or the 400 a malformed one gets.
    private static func feedQuery(_ request: HTTPRequest) -> Result<String?, HTTPResponseError> {
        guard let text = request.query("feed") else { return .success(nil) }
        guard ViewModelHost.isFeedID(text) else {
            return .failure(HTTPResponseError(.badRequest("feed must be the 16 lowercase hex digits a reset's \"feed\" names")))
        }
        return .success(text)
    }

    /// The latest version's prepared change-feed answers, by cursor (nil: the reset), so the
    /// watchers polling from the same cursor share one built response.
    private final class PreparedChangesCache: Sendable {
        let latest = Lock<(version: UInt64, answers: [ChangesKey: PreparedResponse])>((0, [:]))
    }
    /// A cursor (nil: the reset) and whether the answer is gzip-compressed.
    private struct ChangesKey: Hashable {
        let cursor: UInt64?
        let gzip: Bool
    }
    private let preparedChanges = PreparedChangesCache()

    private func changesResponse(_ answer: ChangesSince, since: UInt64?, gzip: Bool) -> HTTPResponse {
        let version: UInt64, cursor: UInt64?
        switch answer {
        case let .unchanged(current):
            // A poll that saw no change says so: 304, with the cursor as its entity tag.
            return Self.notModified(ETag(version: current))
        case let .changes(current, _, _): (version, cursor) = (current, since)
        case let .reset(snapshot): (version, cursor) = (snapshot.version, nil)
        }
        let key = ChangesKey(cursor: cursor, gzip: gzip)
        if let cached = preparedChanges.latest.withLock({ $0.version == version ? $0.answers[key] : nil }) {
            return .prepared(cached)
        }
        guard let body = ChangeFeedBody.encode(answer, since: cursor, feed: host.feedID)?.bytes else { return Self.notModified(ETag(version: version)) }
        let response = Self.ok(body, ETag(version: version), gzip: gzip)
        guard let prepared = PreparedResponse(response) else { return response }
        preparedChanges.latest.withLock { latest in
            if latest.version != version { latest = (version, [:]) }
            // Only a few cursors are common (the previous version, a reset); bound the rest.
            if latest.answers.count < 16 { latest.answers[key] = prepared }
        }
        return .prepared(prepared)
    }
}
