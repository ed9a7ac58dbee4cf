extension HTTPRequest {
    /// Whether a browser sent this request on behalf of a page of another origin — which the
    /// server's own pages never do, so the API refuses it (403) and sends no CORS headers:
    /// `Sec-Fetch-Site` other than `same-origin` or `none` (typed in the address bar), or an
    /// `Origin` whose host and port differ from the request's `Host` (scheme ignored, so a
    /// TLS proxy passing `Host` on still matches). Requests without either header (curl,
    /// scripts, same-origin GETs of older browsers) are not cross-origin.
    public var isCrossOrigin: Bool {
        if let site = header("Sec-Fetch-Site"), site != "same-origin", site != "none" { return true }
        guard let origin = header("Origin") else { return false }
        guard let schemeEnd = origin.firstRange(of: "://"), let host = header("Host") else { return true }
        let authority = origin[schemeEnd.upperBound...]
        return authority.isEmpty || authority.utf8.count != host.utf8.count
            || !zip(authority.utf8, host.utf8).allSatisfy { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}
