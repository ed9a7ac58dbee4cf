/// The headers every response of ``HTTPServer`` carries, whatever the handler returned.
public enum SecurityHeaders {
    /// `Content-Security-Policy: default-src 'self'; frame-ancestors 'none'` (no other page may
    /// frame these, and `X-Frame-Options: DENY` says so to browsers that predate
    /// `frame-ancestors`), `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`.
    public static let all: [HTTPHeader] = [
        HTTPHeader("Content-Security-Policy", contentSecurityPolicy),
        HTTPHeader("X-Frame-Options", "DENY"),
        HTTPHeader("X-Content-Type-Options", "nosniff"),
        HTTPHeader("Referrer-Policy", "no-referrer"),
    ]

    /// The `Content-Security-Policy` every response carries.
    public static let contentSecurityPolicy = "default-src 'self'; frame-ancestors 'none'"

    /// Whether `header` is one of ``all`` (so a handler's own copy is not sent twice).
    static func isSecurityHeader(_ header: HTTPHeader) -> Bool {
        all.contains { header.hasName($0.name) }
    }
}
