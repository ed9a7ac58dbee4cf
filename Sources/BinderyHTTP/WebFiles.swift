/// Where the dashboard's files are served from: ``EmbeddedFiles`` (compiled into binderyd,
/// the default) or ``StaticFiles`` (a directory, `--web-dir`, for editing without rebuilding).
public protocol WebFiles: Sendable {
    /// The response for a GET or HEAD of `request`: 200, 304 or 404.
    func response(for request: HTTPRequest) -> HTTPResponse
    /// Whether `/` answers with a page (so the dashboard URL does not 404).
    var hasIndex: Bool { get }
    /// The content of the file called `name` (e.g. `index.html`), nil when there is none.
    func contents(of name: String) -> [UInt8]?
}
