/// The request target of an HTTP request line, split into a normalised path and decoded
/// query items.
///
/// Guarantees for `path`: it starts with `/`, contains no empty, `.` or `..` segment, no
/// backslash and no NUL, and is valid UTF-8; `..` never climbs above `/` (RFC 3986
/// remove_dot_segments). Percent-escapes are decoded before dot segments are removed, so
/// `/%2e%2e/x` is `/x`. A trailing slash is not kept (`/docs/` is `/docs`).
///
/// The target is parsed as bytes (the delimiters `/ ? # %` are ASCII), once per request: a
/// path that is already normal (the common `/api/state`) is taken as it is, without
/// decoding or rebuilding it.
public struct RequestTarget: Sendable, Hashable {
    /// The normalised, decoded path.
    public let path: String
    /// The decoded `name=value` pairs of the query string, in order; `+` decodes to a space.
    public let queryItems: [QueryItem]

    /// The path's segments (`path` split on `/`, without empties); `[]` for `/`. Computed on
    /// demand: most routes match on `path` alone.
    public var segments: [String] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

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
        var raw = rawTarget
        guard let (path, queryItems) = raw.withUTF8({ Self.parse($0) }) else { return nil }
        self.path = path
        self.queryItems = queryItems
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>
    private static let slash = UInt8(ascii: "/")

    private static func parse(_ bytes: Bytes) -> (String, [QueryItem])? {
        var target = bytes[...]
        if let fragmentStart = target.firstIndex(of: UInt8(ascii: "#")) {
            target = target[..<fragmentStart]
        }
        var impliedRoot = false
        if let afterScheme = droppingHTTPScheme(target) {
            // absolute-form (RFC 9112 §3.2.2): the authority is not part of the path.
            if let pathStart = afterScheme.firstIndex(where: { $0 == slash || $0 == UInt8(ascii: "?") }) {
                target = afterScheme[pathStart...]
                impliedRoot = target.first == UInt8(ascii: "?")
            } else {
                target = afterScheme[afterScheme.endIndex...]
                impliedRoot = true
            }
        } else {
            guard target.first == slash else { return nil }
        }

        let rawPath: Slice<Bytes>
        var rawQuery: Slice<Bytes>?
        if let questionMark = target.firstIndex(of: UInt8(ascii: "?")) {
            rawPath = target[..<questionMark]
            rawQuery = target[(questionMark + 1)...]
        } else {
            rawPath = target
        }

        let path: String
        if impliedRoot {
            path = "/"
        } else if isNormal(rawPath) {
            path = String(decoding: rawPath, as: UTF8.self)
        } else {
            guard let normalised = normalise(rawPath) else { return nil }
            path = normalised
        }
        guard let rawQuery else { return (path, []) }
        guard let items = queryItems(rawQuery) else { return nil }
        return (path, items)
    }

    /// Whether `rawPath` is already what ``normalise(_:)`` would make of it: ASCII only, no
    /// escape, no backslash or NUL, no empty, `.` or `..` segment, no trailing slash.
    private static func isNormal(_ rawPath: Slice<Bytes>) -> Bool {
        var segmentStart = rawPath.startIndex + 1
        if segmentStart == rawPath.endIndex { return true }
        var index = segmentStart
        while index <= rawPath.endIndex {
            let byte = index < rawPath.endIndex ? rawPath[index] : slash
            switch byte {
            case slash:
                let length = index - segmentStart
                if length == 0 { return false }
                if length <= 2, rawPath[segmentStart] == UInt8(ascii: "."),
                   length == 1 || rawPath[segmentStart + 1] == UInt8(ascii: ".") {
                    return false
                }
                segmentStart = index + 1
            case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0, 0x80...:
                // Escapes and non-ASCII bytes take the full path, which validates UTF-8.
                return false
            default:
                break
            }
            index += 1
        }
        return true
    }

    /// Decodes `rawPath` and removes empty and dot segments; nil when it does not decode to
    /// valid UTF-8 without NUL and backslash.
    private static func normalise(_ rawPath: Slice<Bytes>) -> String? {
        guard let decoded = PercentDecoding.decodedBytes(rawPath, plusIsSpace: false),
              !decoded.contains(UInt8(ascii: "\\")),
              decoded.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) != nil
        else { return nil }
        var normal: [UInt8] = []
        normal.reserveCapacity(decoded.count + 1)
        for segment in decoded.split(separator: slash, omittingEmptySubsequences: true) {
            if segment.elementsEqual(".".utf8) { continue }
            if segment.elementsEqual("..".utf8) {
                if let lastSlash = normal.lastIndex(of: slash) { normal.removeSubrange(lastSlash...) }
                continue
            }
            normal.append(slash)
            normal.append(contentsOf: segment)
        }
        if normal.isEmpty { return "/" }
        // Whole segments of validated UTF-8 split at ASCII slashes: still valid.
        return String(decoding: normal, as: UTF8.self)
    }

    private static func queryItems(_ rawQuery: Slice<Bytes>) -> [QueryItem]? {
        var items: [QueryItem] = []
        for pair in rawQuery.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let name: Slice<Bytes>
            let value: Slice<Bytes>
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                name = pair[..<equals]
                value = pair[(equals + 1)...]
            } else {
                name = pair
                value = pair[pair.endIndex...]
            }
            guard let decodedName = PercentDecoding.decode(name, plusIsSpace: true),
                  let decodedValue = PercentDecoding.decode(value, plusIsSpace: true)
            else { return nil }
            items.append(QueryItem(name: decodedName, value: decodedValue))
        }
        return items
    }

    /// The authority of an absolute-form target (`http://host:port/path` → `host:port`, any
    /// userinfo kept so the allow list refuses it), or nil for any other form.
    public static func authority(of rawTarget: String) -> String? {
        var raw = rawTarget
        return raw.withUTF8 { bytes -> String? in
            guard let afterScheme = droppingHTTPScheme(bytes[...]) else { return nil }
            let end = afterScheme.firstIndex { $0 == slash || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? afterScheme.endIndex
            return String(decoding: afterScheme[..<end], as: UTF8.self)
        }
    }

    private static func droppingHTTPScheme(_ target: Slice<Bytes>) -> Slice<Bytes>? {
        for scheme in ["http://", "https://"] {
            let prefix = target.prefix(scheme.utf8.count)
            if prefix.count == scheme.utf8.count,
               zip(prefix, scheme.utf8).allSatisfy({ ASCII.lowercased($0) == $1 }) {
                return target.dropFirst(scheme.utf8.count)
            }
        }
        return nil
    }
}
