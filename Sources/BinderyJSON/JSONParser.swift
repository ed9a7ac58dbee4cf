/// A strict RFC 8259 JSON parser for untrusted input: control-protocol lines, request
/// bodies, persisted values, the daemon's replies.
///
/// Guarantees: never traps on any input; the whole input must be exactly one value with
/// optional whitespace around it; rejects invalid UTF-8, control characters in strings, lone
/// surrogates, numbers that are not finite as a `Double` (`1e400`), and nesting deeper than
/// ``maximumDepth`` (so hostile input cannot exhaust the stack). Numbers keep their text;
/// objects keep every member in order (see ``JSONValue``). Errors name the byte offset.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    /// Whether `bytes` came from a `String`, so string contents need no UTF-8 validation.
    private let isKnownValidUTF8: Bool
    private var index = 0

    private init(_ bytes: [UInt8], isKnownValidUTF8: Bool) {
        self.bytes = bytes
        self.isKnownValidUTF8 = isKnownValidUTF8
    }

    /// Parses `bytes` as exactly one JSON value.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes, isKnownValidUTF8: false)
        return try parser.parseDocument()
    }

    /// Parses `text` as exactly one JSON value.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(Array(text.utf8), isKnownValidUTF8: true)
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(reason, at: offset ?? index)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        for offset in 0..<literal.utf8CodeUnitCount {
            guard index + offset < bytes.count else { throw failure("unexpected end of input", at: bytes.count) }
            guard bytes[index + offset] == literal.utf8Start[offset] else {
                throw failure("unexpected character", at: index + offset)
            }
        }
        index += literal.utf8CodeUnitCount
    }

    /// Steps over a container's opening bracket; true when `closing` follows at once (the
    /// container is empty and consumed).
    private mutating func openContainer(depth: Int, closing: UInt8) throws(JSONParseError) -> Bool {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        index += 1
        skipWhitespace()
        guard current == closing else { return false }
        index += 1
        return true
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        if try openContainer(depth: depth, closing: UInt8(ascii: "}")) { return .object([]) }
        var members: [(key: String, value: JSONValue)] = []
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        if try openContainer(depth: depth, closing: UInt8(ascii: "]")) { return .array([]) }
        var items: [JSONValue] = []
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                try appendRun(runStart..<index, to: &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try appendRun(runStart..<index, to: &scalars)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw failure("control character in string")
            default:
                index += 1
            }
        }
    }

    /// Appends the unescaped bytes `run` of a string, rejecting invalid UTF-8 at the first
    /// byte that is not part of a valid sequence.
    private func appendRun(_ run: Range<Int>, to scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
        guard !run.isEmpty else { return }
        let slice = bytes[run]
        if isKnownValidUTF8 {
            scalars.append(contentsOf: String(decoding: slice, as: UTF8.self).unicodeScalars)
            return
        }
        var decoder = UTF8()
        var iterator = slice.makeIterator()
        var offset = run.lowerBound
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return
            case .error:
                throw failure("not valid UTF-8", at: offset)
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            let first = try parseHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("lone surrogate", at: escapeStart)
                }
                index += 2
                let second = try parseHex4()
                guard (0xDC00..<0xE000).contains(second) else { throw failure("lone surrogate", at: escapeStart) }
                // A high and a low surrogate always combine to a valid scalar.
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("lone surrogate", at: escapeStart) }
            return scalar
        default:
            throw failure("bad escape", at: index - 1)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("unterminated string") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure("bad number", at: start) }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipRequiredDigits() else { throw failure("bad number", at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipRequiredDigits() else { throw failure("bad number", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw failure("number out of range", at: start) }
        return .number(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Skips one or more digits; false when there is none.
    private mutating func skipRequiredDigits() -> Bool {
        guard let byte = current, Self.isDigit(byte) else { return false }
        skipDigits()
        return true
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }
}
