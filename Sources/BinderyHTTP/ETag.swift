/// An HTTP entity tag (RFC 9110 §8.8.3) and `If-None-Match` evaluation.
public struct ETag: Sendable, Hashable, CustomStringConvertible {
    /// The tag's characters between the quotes.
    public let opaqueTag: String
    /// Whether this is a weak tag (`W/"…"`).
    public let isWeak: Bool

    /// The strong tag `"<version>"` for a state version: equal versions give equal tags.
    public init(version: UInt64) {
        self.opaqueTag = String(version)
        self.isWeak = false
    }

    /// A tag with the given opaque characters; nil if they contain a `"`, a control
    /// character, a space or a non-ASCII byte (RFC 9110's etagc restricted to ASCII).
    public init?(opaqueTag: String, isWeak: Bool = false) {
        guard opaqueTag.utf8.allSatisfy(Self.isTagCharacter) else { return nil }
        self.opaqueTag = opaqueTag
        self.isWeak = isWeak
    }

    /// The header form, e.g. `"12"` or `W/"12"`.
    public var headerValue: String { (isWeak ? "W/" : "") + "\"" + opaqueTag + "\"" }

    /// Same as ``headerValue``.
    public var description: String { headerValue }

    /// Whether an `If-None-Match` header value matches this tag, so the answer is 304.
    ///
    /// Uses the weak comparison RFC 9110 §13.1.2 prescribes for `If-None-Match`; accepts a
    /// comma-separated list and `*`. A nil or malformed header never matches (the client
    /// then gets the full response, which is always safe).
    public func isMatched(byIfNoneMatch header: String?) -> Bool {
        guard let header else { return false }
        var bytes = header.utf8[...]
        while true {
            while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: ",") {
                bytes = bytes.dropFirst()
            }
            guard let first = bytes.first else { return false }
            if first == UInt8(ascii: "*") { return true }
            if bytes.starts(with: "W/".utf8) { bytes = bytes.dropFirst(2) }
            guard bytes.first == UInt8(ascii: "\"") else { return false }
            bytes = bytes.dropFirst()
            guard let closing = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return false }
            if bytes[..<closing].elementsEqual(opaqueTag.utf8) { return true }
            bytes = bytes[bytes.index(after: closing)...]
        }
    }

    private static func isTagCharacter(_ byte: UInt8) -> Bool {
        byte == 0x21 || (byte >= 0x23 && byte <= 0x7E)
    }
}

extension HTTPRequest {
    /// Whether this request's `If-None-Match` matches `etag` (answer 304).
    public func ifNoneMatchMatches(_ etag: ETag) -> Bool {
        etag.isMatched(byIfNoneMatch: header("If-None-Match"))
    }
}
