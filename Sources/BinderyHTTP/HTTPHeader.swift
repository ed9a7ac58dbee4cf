/// One HTTP header field as it appears on the wire: a name and its value.
///
/// Names compare case-insensitively wherever this module looks them up; the spelling given
/// here is the one sent.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name, e.g. `Content-Type`.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// A header with the given name and value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Whether this header's name equals `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        name.utf8.count == other.utf8.count
            && zip(name.utf8, other.utf8).allSatisfy { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}

/// ASCII helpers for protocol text, which is case-insensitive only in the ASCII range.
enum ASCII {
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace).
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
