import BinderyJSON

/// Serves a fixed set of files held in memory (binderyd serves the dashboard compiled into it
/// this way).
///
/// Guarantees: `/` serves `index.html`; only the exact names given are served (the set is
/// flat: no directories, no dotfiles); each answer is built once at startup
/// (``PreparedResponse``) with its content type, `Cache-Control: no-cache` and a strong ETag
/// derived from the content, so a rebuilt daemon with a changed file never matches a stale
/// cache; a matching `If-None-Match` gets 304.
public struct EmbeddedFiles: WebFiles {
    private struct Entry: Sendable {
        let bytes: [UInt8]
        let etag: ETag
        let ok: HTTPResponse
        let notModified: HTTPResponse
    }
    private let entries: [String: Entry]

    /// Serves `files` (name → bytes); names containing `/` or starting with `.` are ignored.
    public init(files: [(name: String, bytes: [UInt8])]) {
        var entries: [String: Entry] = [:]
        let cacheControl = HTTPHeader("Cache-Control", "no-cache")
        for file in files where !file.name.isEmpty && !file.name.hasPrefix(".") && !file.name.contains("/") {
            let etag = ETag(opaqueTag: Self.contentTag(file.bytes))!
            let ok = HTTPResponse(contentType: MediaType.forFileName(file.name), bytes: file.bytes,
                                  headers: [HTTPHeader("ETag", etag.headerValue), cacheControl])
            let notModified = HTTPResponse.notModified(etag, headers: [cacheControl])
            entries[file.name] = Entry(
                bytes: file.bytes, etag: etag,
                ok: PreparedResponse(ok).map(HTTPResponse.prepared) ?? ok,
                notModified: PreparedResponse(notModified).map(HTTPResponse.prepared) ?? notModified)
        }
        self.entries = entries
    }

    /// The names served, sorted.
    public var names: [String] { entries.keys.sorted() }

    public var hasIndex: Bool { entries["index.html"] != nil }

    public func contents(of name: String) -> [UInt8]? { entries[name]?.bytes }

    public func response(for request: HTTPRequest) -> HTTPResponse {
        let segments = request.target.segments
        let name: String
        switch segments.count {
        case 0: name = "index.html"
        case 1: name = segments[0]
        default: return .notFound
        }
        return response(named: name, for: request)
    }

    /// The response for `request` with the file `name`, whatever path the request named (a
    /// route serving one file, like binderyd's `/api/openapi.yaml`): 200, 304 when
    /// `If-None-Match` matches, 404 when there is no such file.
    public func response(named name: String, for request: HTTPRequest) -> HTTPResponse {
        guard let entry = entries[name] else { return .notFound }
        return request.ifNoneMatchMatches(entry.etag) ? entry.notModified : entry.ok
    }

    /// 64-bit FNV-1a of the content, in hex, with the length: changes whenever the bytes do
    /// (up to hash collisions, which would only make a browser revalidate needlessly).
    private static func contentTag(_ bytes: [UInt8]) -> String {
        String(bytes.count, radix: 16) + "-" + String(ContentDigest.fnv1a64(bytes), radix: 16)
    }
}
