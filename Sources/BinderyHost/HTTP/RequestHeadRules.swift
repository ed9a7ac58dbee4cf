/// What a request head must satisfy before it is routed, beyond what libmicrohttpd checks
/// (RFC 9112 §3.2 and RFC 9110 §5.5): an HTTP/1.1 request carries exactly one `Host`, an
/// HTTP/1.0 one at most one, and no header name or value holds a NUL byte.
enum RequestHeadRules {
    /// Why the head is refused (400), or nil when it is acceptable.
    static func problem(version: String, headers: [HTTPHeader], containsNUL: Bool) -> String? {
        if containsNUL { return "a header contains a NUL byte" }
        let hosts = headers.lazy.filter { $0.hasName("Host") }.count
        if hosts > 1 { return "more than one Host header" }
        if hosts == 0, version != "HTTP/1.0" { return "an HTTP/1.1 request needs a Host header" }
        return nil
    }
}
