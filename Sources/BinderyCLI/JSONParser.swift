/// Why a line is not JSON, with the byte offset where parsing stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public let reason: String
    /// The UTF-8 offset where it was found.
    public let offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 parser for one JSON text (the control protocol's lines). Nesting is
/// limited so hostile input cannot exhaust the stack.
public struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private static let maximumDepth = 256

    /// Parses `text` as exactly one JSON value (surrounding whitespace allowed).
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("trailing characters") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: position) }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1 }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting too deep") }
        guard let b = current else { throw error("unexpected end") }
        switch b {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        for expected in literal.utf8 {
            guard current == expected else { throw error("expected \(literal)") }
            position += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        position += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            if current == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") { position += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let d = current, isDigit(d) else { throw error("expected a digit") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let d = current, isDigit(d) else { throw error("expected a digit") }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let b = current, isDigit(b) { position += 1 }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ parser: JSONParser, into scalars: inout String.UnicodeScalarView, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let b = current else { throw error("unterminated string") }
            if b == UInt8(ascii: "\"") {
                flush(self, into: &scalars, upTo: position)
                position += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { position += 1; continue }
            flush(self, into: &scalars, upTo: position)
            position += 1
            guard let escape = current else { throw error("unterminated escape") }
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
            default: throw error("invalid escape")
            }
            runStart = position
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count,
              let v = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape") }
        position += 4
        return v
    }

    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else { return "\u{FFFD}" }
            position += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }
}
