/// The request target of an HTTP request line, split into a normalised path and decoded
/// query items.
///
/// Guarantees for `path`: it starts with `/`, contains no empty, `.` or `..` segment, no
/// backslash and no NUL, and is valid UTF-8; `..` never climbs above `/` (RFC 3986
/// remove_dot_segments). Percent-escapes are decoded before dot segments are removed, so
/// `/%2e%2e/x` is `/x`. A trailing slash is not kept (`/docs/` is `/docs`).
public struct RequestTarget: Sendable, Hashable {
    /// The normalised, decoded path.
    public let path: String
    /// The path's segments (`path` split on `/`, without empties); `[]` for `/`.
    public let segments: [String]
    /// The decoded `name=value` pairs of the query string, in order; `+` decodes to a space.
    public let queryItems: [QueryItem]

    /// One decoded query parameter. A parameter without `=` has an empty value.
    public struct QueryItem: Sendable, Hashable {
        /// The decoded parameter name.
        public let name: String
        /// The decoded parameter value.
        public let value: String

        /// A query item with the given decoded name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Parses an origin-form (`/a/b?x=1`) or absolute-form (`http://host/a?x=1`) target.
    /// Returns nil for anything else, for a bad percent-escape, an encoded NUL, a backslash
    /// (raw or encoded) or invalid UTF-8: the caller answers 400.
    public init?(_ rawTarget: String) {
        var target = Substring(rawTarget)
        if let fragmentStart = target.firstIndex(of: "#") {
            target = target[..<fragmentStart]
        }
        if let afterScheme = Self.droppingHTTPScheme(target) {
            // absolute-form (RFC 9112 §3.2.2): the authority is not part of the path.
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" }
            target = pathStart.map { afterScheme[$0...] } ?? "/"
            if target.first == "?" { target = Substring("/" + target) }
        }
        guard target.first == "/" else { return nil }

        let rawPath: Substring
        let rawQuery: Substring?
        if let questionMark = target.firstIndex(of: "?") {
            rawPath = target[..<questionMark]
            rawQuery = target[target.index(after: questionMark)...]
        } else {
            rawPath = target
            rawQuery = nil
        }

        guard let decodedPath = PercentDecoding.decode(rawPath.utf8, plusIsSpace: false),
              !decodedPath.contains("\\")
        else { return nil }
        var segments: [String] = []
        for segment in decodedPath.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(String(segment))
            }
        }

        var items: [QueryItem] = []
        if let rawQuery {
            for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
                let name: Substring
                let value: Substring
                if let equals = pair.firstIndex(of: "=") {
                    name = pair[..<equals]
                    value = pair[pair.index(after: equals)...]
                } else {
                    name = pair
                    value = ""
                }
                guard let decodedName = PercentDecoding.decode(name.utf8, plusIsSpace: true),
                      let decodedValue = PercentDecoding.decode(value.utf8, plusIsSpace: true)
                else { return nil }
                items.append(QueryItem(name: decodedName, value: decodedValue))
            }
        }

        self.segments = segments
        self.path = "/" + segments.joined(separator: "/")
        self.queryItems = items
    }

    private static func droppingHTTPScheme(_ target: Substring) -> Substring? {
        for scheme in ["http://", "https://"] {
            let prefix = target.utf8.prefix(scheme.utf8.count)
            if prefix.count == scheme.utf8.count,
               zip(prefix, scheme.utf8).allSatisfy({ ASCII.lowercased($0) == $1 }) {
                return target.dropFirst(scheme.count)
            }
        }
        return nil
    }
}
