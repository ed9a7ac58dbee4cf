/// The `Cache-Control` of answers that name the version they describe (`/api/state`,
/// `/api/changes`): a shared cache in front (nginx's `proxy_cache`, docs/nginx.conf) may give
/// one answer to every client asking the same URL for a second, so any number of dashboards
/// polling the same cursor cost the daemon one request; a browser revalidates every time.
///
/// Why sharing is safe: every such answer carries its version, and the next poll asks from
/// that version, so an answer reused for a second is a correct answer of a moment ago whose
/// successor follows at once — a shared cache can add at most about that second to a change's
/// delivery, never lose one. `no-cache` is not used: nginx stores nothing carrying it (it
/// would bind shared caches too), so `max-age=0` is what makes browsers revalidate.
public enum SharedCaching {
    /// How long a shared cache may reuse an answer, in seconds (`s-maxage`).
    public static let sharedSeconds = 1

    /// `Cache-Control: public, max-age=0, s-maxage=1`.
    public static let header = HTTPHeader("Cache-Control", "public, max-age=0, s-maxage=\(sharedSeconds)")
}
