/// The headers every response of ``HTTPServer`` carries, whatever the handler returned.
public enum SecurityHeaders {
    /// `Content-Security-Policy: default-src 'self'`, `X-Content-Type-Options: nosniff`,
    /// `Referrer-Policy: no-referrer`.
    public static let all: [HTTPHeader] = [
        HTTPHeader("Content-Security-Policy", "default-src 'self'"),
        HTTPHeader("X-Content-Type-Options", "nosniff"),
        HTTPHeader("Referrer-Policy", "no-referrer"),
    ]

    /// Whether `header` is one of ``all`` (so a handler's own copy is not sent twice).
    static func isSecurityHeader(_ header: HTTPHeader) -> Bool {
        all.contains { header.hasName($0.name) }
    }
}
