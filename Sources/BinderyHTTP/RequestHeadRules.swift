/// What a request head must satisfy before it is routed, beyond what libmicrohttpd checks
/// (RFC 9112 §3.2): an HTTP/1.1 request carries exactly one `Host`, an HTTP/1.0 one at most
/// one, and the whole head is at most ``maximumBytes``. Its body's length must be read one
/// way only (RFC 9112 §6.3): no `Content-Length` values that differ, no `Transfer-Encoding`
/// together with `Content-Length`, and a `Transfer-Encoding` ending in `chunked` — else
/// two readers of the same bytes (a proxy, the daemon) could split them into different
/// requests (request smuggling). libmicrohttpd 0.9.75 refuses a `Content-Length` list itself
/// but reads the first of two differing headers, and the chunked body of a request that also
/// has `Content-Length`. (A NUL byte in a header name makes
/// libmicrohttpd answer 400 itself; one in a value ends the value there, as libmicrohttpd
/// stores it.)
package enum RequestHeadRules {
    /// The largest request head (request line and headers) answered normally; a larger one
    /// gets 431, from the server or from libmicrohttpd (whose connection memory holds about
    /// 16 KiB).
    package static let maximumBytes = 15_360

    /// The size of a request head as sent: request line, header lines and the empty line.
    package static func size(rawTarget: String, method: String, headers: [HTTPHeader]) -> Int {
        headers.reduce(method.utf8.count + rawTarget.utf8.count + 13 + 2) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// Why the head is refused (400), or nil when it is acceptable.
    package static func problem(version: String, headers: [HTTPHeader]) -> String? {
        let hosts = headers.lazy.filter { $0.hasName("Host") }.count
        if hosts > 1 { return "more than one Host header" }
        if hosts == 0, version != "HTTP/1.0" { return "an HTTP/1.1 request needs a Host header" }
        return framingProblem(headers)
    }

    /// Why the body's length cannot be read one way only (RFC 9112 §6.3), or nil.
    private static func framingProblem(_ headers: [HTTPHeader]) -> String? {
        let lengths = headers.filter { $0.hasName("Content-Length") }
            .flatMap { $0.value.split(separator: ",").map { ASCII.trimmingWhitespace($0) } }
        let codings = headers.filter { $0.hasName("Transfer-Encoding") }
            .flatMap { $0.value.split(separator: ",").map { ASCII.trimmingWhitespace($0) } }
        if Set(lengths).count > 1 { return "Content-Length values that differ" }
        guard !codings.isEmpty else { return nil }
        if !lengths.isEmpty { return "both Transfer-Encoding and Content-Length" }
        if let last = codings.last, last.lowercased() != "chunked" {
            return "a Transfer-Encoding whose last coding is not chunked"
        }
        return nil
    }
}
