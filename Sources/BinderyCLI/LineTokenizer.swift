/// One word of a command line: its text after quotes and escapes are removed, and whether any
/// part of it was quoted (a quoted `""` is an empty word; a quoted `"&"` is not a trailing `&`).
public struct Token: Sendable, Hashable {
    /// The word's text, unquoted and unescaped.
    public let text: String
    /// Whether some part of the word was inside quotes.
    public let quoted: Bool

    /// A word as given.
    public init(_ text: String, quoted: Bool = false) {
        self.text = text
        self.quoted = quoted
    }
}

/// Why a line could not be split into words.
public enum TokenizeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unterminatedQuote(Character)
    case danglingBackslash
    case invalidEscape(String)

    public var description: String {
        switch self {
        case let .unterminatedQuote(q): return "unterminated \(q) quote: close it with \(q)"
        case .danglingBackslash: return "the line ends with a lone backslash"
        case let .invalidEscape(e): return "invalid escape '\(e)' (use \\n \\t \\r \\\\ \\\" \\' or \\u{hex})"
        }
    }
}

/// Splits a command line into words the way a shell user expects: words are separated by
/// spaces or tabs; `"…"` keeps spaces and understands `\n \t \r \\ \" \' \uHHHH \u{H…}`;
/// `'…'` is literal; outside quotes a backslash takes the next character literally. A word that
/// starts with `[` or `{` is JSON, taken as typed up to its closing bracket (quotes, spaces and
/// all): `set trip.tags ["a", "b"]`. Any Unicode text passes through unchanged (`set
/// compass.valueA 西`).
public enum LineTokenizer {
    /// The words of `line`, or why it is malformed.
    public static func tokenize(_ line: String) throws(TokenizeError) -> [Token] {
        var scanner = Scanner(Array(line.unicodeScalars))
        var tokens: [Token] = []
        while let token = try scanner.next(lenient: false) { tokens.append(token) }
        return tokens
    }

    /// The words of `line` even if it is unfinished (an open quote is closed, a trailing
    /// backslash dropped); used for completion, where the user is mid-word.
    public static func tokenizeLeniently(_ line: String) -> [Token] {
        var scanner = Scanner(Array(line.unicodeScalars))
        var tokens: [Token] = []
        while let token = try? scanner.next(lenient: true) { tokens.append(token) }
        return tokens
    }

    /// Scans Unicode scalars, not Characters: a combining mark after a quote, a backslash or a
    /// space would otherwise merge with it into one Character and hide it (`"x"` + U+0301
    /// would never close), and the words must carry exactly the scalars typed.
    private struct Scanner {
        let characters: [Unicode.Scalar]
        var index = 0

        init(_ characters: [Unicode.Scalar]) { self.characters = characters }

        mutating func next(lenient: Bool) throws(TokenizeError) -> Token? {
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
            guard index < characters.count else { return nil }
            if let json = jsonWord() { return Token(json) }
            var text = ""
            var quoted = false
            while index < characters.count {
                let c = characters[index]
                if c == " " || c == "\t" { break }
                index += 1
                switch c {
                case "\"":
                    quoted = true
                    try readDoubleQuoted(into: &text, lenient: lenient)
                case "'":
                    quoted = true
                    try readSingleQuoted(into: &text, lenient: lenient)
                case "\\":
                    guard index < characters.count else {
                        if lenient { return Token(text, quoted: quoted) }
                        throw .danglingBackslash
                    }
                    text.unicodeScalars.append(characters[index])
                    index += 1
                default:
                    text.unicodeScalars.append(c)
                }
            }
            return Token(text, quoted: quoted)
        }

        /// A word that starts with `[` or `{` and runs, as typed, to its closing bracket followed
        /// by a space or the end — a JSON array or object, whose quotes and spaces are its own
        /// (`set trip.tags ["a", "b"]`); nil (nothing consumed) for any other word, and for one
        /// whose brackets do not close there, which is then read the ordinary way.
        mutating func jsonWord() -> String? {
            guard characters[index] == "[" || characters[index] == "{" else { return nil }
            var depth = 0, inString = false, escaped = false
            var end = index
            while end < characters.count {
                let c = characters[end]
                end += 1
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                    continue
                }
                switch c {
                case "\"": inString = true
                case "[", "{": depth += 1
                case "]", "}": depth -= 1
                default: break
                }
                if depth == 0 { break }
            }
            guard depth == 0, !inString, end == characters.count || characters[end] == " " || characters[end] == "\t" else { return nil }
            var text = ""
            text.unicodeScalars.append(contentsOf: characters[index..<end])
            index = end
            return text
        }

        mutating func readSingleQuoted(into text: inout String, lenient: Bool) throws(TokenizeError) {
            while index < characters.count {
                let c = characters[index]
                index += 1
                if c == "'" { return }
                text.unicodeScalars.append(c)
            }
            if !lenient { throw .unterminatedQuote("'") }
        }

        mutating func readDoubleQuoted(into text: inout String, lenient: Bool) throws(TokenizeError) {
            while index < characters.count {
                let c = characters[index]
                index += 1
                if c == "\"" { return }
                if c != "\\" { text.unicodeScalars.append(c); continue }
                guard index < characters.count else { break }
                let e = characters[index]
                index += 1
                switch e {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "\\", "\"", "'": text.unicodeScalars.append(e)
                case "u": text.unicodeScalars.append(try readUnicodeEscape(lenient: lenient))
                default:
                    if lenient { text.unicodeScalars.append(e) } else { throw .invalidEscape("\\\(e)") }
                }
            }
            if !lenient { throw .unterminatedQuote("\"") }
        }

        /// `\uHHHH` (exactly four hex digits) or `\u{H…}` (one to eight).
        mutating func readUnicodeEscape(lenient: Bool) throws(TokenizeError) -> Unicode.Scalar {
            var hex = ""
            if index < characters.count, characters[index] == "{" {
                index += 1
                while index < characters.count, characters[index] != "}" { hex.unicodeScalars.append(characters[index]); index += 1 }
                if index < characters.count { index += 1 } else if !lenient { throw .invalidEscape("\\u{\(hex)") }
            } else {
                while hex.count < 4, index < characters.count, characters[index].properties.isASCIIHexDigit {
                    hex.unicodeScalars.append(characters[index]); index += 1
                }
                if hex.count != 4, !lenient { throw .invalidEscape("\\u\(hex)") }
            }
            guard (1...8).contains(hex.count), let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                if lenient { return "\u{FFFD}" }
                throw .invalidEscape("\\u{\(hex)}")
            }
            return scalar
        }
    }
}
