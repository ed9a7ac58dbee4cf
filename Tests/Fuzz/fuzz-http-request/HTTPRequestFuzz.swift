import BinderyHTTP
import FuzzSupport

/// The HTTP server's own rules for a request head (BinderyHTTP), on any bytes: the request
/// target's path and query (`RequestTarget`, percent-decoding), the head's size and framing
/// rules (`RequestHeadRules`), the `Host` allow list, `If-None-Match`, the cross-origin check
/// and the query numbers (`QueryNumber`). libmicrohttpd has split the head into C strings by
/// then, so the input is read as such: the first byte picks the HTTP version and the allow
/// list's port, the first line is the raw target, each further line a `name: value` header,
/// every string ending at a NUL and decoded as `String(cString:)` does.
///
/// Beyond not trapping, it checks what `RequestTarget` guarantees of a path (it starts with
/// `/`; no empty, `.` or `..` segment; no backslash or NUL; no trailing slash; a path with no
/// `%`, `?` or `#` parses to itself) and that a query number has one spelling.
enum HTTPRequestFuzz {
    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let selector = input.byte()
        let version = selector & 1 == 0 ? "HTTP/1.1" : "HTTP/1.0"
        let port: UInt16 = selector & 2 == 0 ? 8420 : 0
        let rawTarget = cString(input.line() ?? [])
        var headers: [HTTPHeader] = []
        while let line = input.line() {
            let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
            let value = colon < line.endIndex ? line[(colon + 1)...].drop { $0 == UInt8(ascii: " ") } : []
            headers.append(HTTPHeader(cString(Array(line[..<colon])), cString(Array(value))))
        }

        _ = RequestHeadRules.size(rawTarget: rawTarget, method: "GET", headers: headers)
        _ = RequestHeadRules.problem(version: version, headers: headers)
        let allowList = HostAllowList(names: ["bindery.example", "Example.ORG."], port: port)
        if let host = RequestTarget.authority(of: rawTarget) ?? headers.first(where: { $0.hasName("Host") })?.value {
            _ = allowList.allows(host)
            if let (name, _) = HostAllowList.split(host) {
                precondition(!name.isEmpty && !name.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") },
                             "split host \(name) is empty or not lower-cased")
            }
        }

        guard let request = HTTPRequest(method: "GET", rawTarget: rawTarget, headers: headers) else { return }
        checkPath(request.path, raw: rawTarget)
        _ = request.isCrossOrigin
        _ = request.ifNoneMatchMatches(ETag(version: 42))
        if let tag = ETag(opaqueTag: request.header("ETag") ?? "x", isWeak: selector & 4 != 0) {
            _ = tag.isMatched(byIfNoneMatch: request.header("If-None-Match"))
        }
        _ = MediaType.forFileName(request.path)
        for item in request.target.queryItems {
            precondition(!item.name.utf8.contains(0) && !item.value.utf8.contains(0), "a NUL in a decoded query item")
            if let number = QueryNumber.parse(item.value) {
                precondition(String(number) == item.value, "query number \(item.value) read as \(number)")
            }
        }
    }

    /// The path's guarantees, on its bytes: `String`'s own `hasPrefix` and `==` compare
    /// characters, and a combining mark after a `/` makes one character of the two.
    private static func checkPath(_ path: String, raw: String) {
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        precondition(bytes.first == slash, "path \(path) of \(raw) does not start with /")
        precondition(!bytes.contains(0) && !bytes.contains(UInt8(ascii: "\\")), "path \(path) of \(raw) has a NUL or backslash")
        precondition(bytes == [slash] || bytes.last != slash, "path \(path) of \(raw) ends with /")
        for segment in bytes.split(separator: slash, omittingEmptySubsequences: false).dropFirst() {
            precondition(!segment.isEmpty || bytes == [slash], "path \(path) of \(raw) has an empty segment")
            precondition(!segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8), "path \(path) of \(raw) has a dot segment")
        }
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            precondition(RequestTarget(path).map { Array($0.path.utf8) } == bytes, "normal path \(path) of \(raw) does not parse to itself")
        }
    }

    /// `bytes` up to their first NUL, as `String(cString:)` reads a C string libmicrohttpd hands over.
    private static func cString(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// The harness program (see ``FuzzMain``).
@main enum Harness {
    static func main() {
        FuzzMain.run { data, size in
            HTTPRequestFuzz.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
