/// Splits Swift source into ``SwiftToken``s: enough of Swift's lexical grammar that no
/// comment and no string literal is ever read as code. Comments (`//`, `/* */`, nested block
/// comments) are skipped; a string literal — single-line, multi-line `"""`, raw `#"…"#` with
/// any number of `#`, with interpolations holding further strings and comments — is one token.
/// Unterminated comments and strings end at the end of the source (the compiler reports
/// them; the scanner only must not loop or crash). Regex literals (`/…/`, `#/…/#`) are not
/// recognised: their characters are read as operators, so a `"` inside one would open a string.
struct SwiftLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var lineStarted = false

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// Every token of `source`, in order.
    static func tokens(of source: String) -> [SwiftToken] {
        var lexer = SwiftLexer(source)
        var tokens: [SwiftToken] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// The next token, or nil at the end of the source.
    mutating func next() -> SwiftToken? {
        skipTrivia()
        guard let first = peek() else { return nil }
        let startsLine = !lineStarted
        lineStarted = true
        let start = position
        let kind: SwiftToken.Kind
        switch first {
        case "`":
            position += 1
            let nameStart = position
            while let scalar = peek(), scalar != "`", scalar != "\n" { position += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
            if peek() == "`" { position += 1 }
            return SwiftToken(kind: .identifier(escaped: true), text: name, startsLine: startsLine)
        case "\"":
            skipString(hashes: 0)
            return SwiftToken(kind: .string, text: "", startsLine: startsLine)
        case "#":
            var hashes = 0
            while peek(hashes) == "#" { hashes += 1 }
            if peek(hashes) == "\"" {
                position += hashes
                skipString(hashes: hashes)
                return SwiftToken(kind: .string, text: "", startsLine: startsLine)
            }
            position += 1
            while let scalar = peek(), Self.isIdentifierBody(scalar) { position += 1 }
            kind = .pound
        case "@":
            position += 1
            while let scalar = peek(), Self.isIdentifierBody(scalar) { position += 1 }
            kind = .attribute
        case "{", "}", "(", ")", "[", "]", ",", ":", ";":
            position += 1
            kind = .punctuation
        default:
            if Self.isIdentifierHead(first) || (first == "$" && peek(1).map(Self.isIdentifierBody) == true) {
                position += 1
                while let scalar = peek(), Self.isIdentifierBody(scalar) { position += 1 }
                kind = .identifier(escaped: false)
            } else if first.properties.numericType != nil, first.isASCII {
                skipNumber()
                kind = .number
            } else if first == "." && !(peek(1).map(Self.isOperatorCharacter) ?? false) {
                position += 1
                kind = .operator
            } else if Self.isOperatorCharacter(first) {
                // `/*` and `//` inside a run start a comment, which ends the operator.
                position += 1
                while let scalar = peek(), Self.isOperatorCharacter(scalar),
                      !(scalar == "/" && (peek(1) == "/" || peek(1) == "*")) {
                    position += 1
                }
                kind = .operator
            } else {
                position += 1   // anything else (a stray backslash, an emoji) stands alone
                kind = .operator
            }
        }
        return SwiftToken(kind: kind, text: String(String.UnicodeScalarView(scalars[start..<position])), startsLine: startsLine)
    }

    /// Skips whitespace and comments, noting each line break.
    private mutating func skipTrivia() {
        while let scalar = peek() {
            if scalar == "\n" {
                lineStarted = false
                position += 1
            } else if scalar.properties.isWhitespace {
                position += 1
            } else if scalar == "/" && peek(1) == "/" {
                while let character = peek(), character != "\n" { position += 1 }
            } else if scalar == "/" && peek(1) == "*" {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Skips a block comment, counting nested `/* */` pairs as Swift does.
    private mutating func skipBlockComment() {
        var depth = 0
        while let scalar = peek() {
            if scalar == "/" && peek(1) == "*" {
                depth += 1
                position += 2
            } else if scalar == "*" && peek(1) == "/" {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                if scalar == "\n" { lineStarted = false }
                position += 1
            }
        }
    }

    /// Skips a string literal whose opening `#`s (`hashes` of them) are already consumed, from
    /// its first `"`: `"…"` or `"""…"""`, closed by as many `#`s, escapes and interpolations
    /// (`\(…)`, or `\#(…)` in a raw string) written with the same `#`s.
    private mutating func skipString(hashes: Int) {
        let quotes = peek(1) == "\"" && peek(2) == "\"" ? 3 : 1
        position += quotes
        while let scalar = peek() {
            if scalar == "\\" && (0..<hashes).allSatisfy({ peek(1 + $0) == "#" }) {
                position += 1 + hashes
                if peek() == "(" {
                    position += 1
                    skipInterpolation()
                } else if peek() != nil {
                    position += 1
                }
            } else if scalar == "\"" && (0..<quotes).allSatisfy({ peek($0) == "\"" })
                        && (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" }) {
                position += quotes + hashes
                return
            } else if scalar == "\n" && quotes == 1 {
                return   // an unterminated single-line string ends with its line
            } else {
                position += 1
            }
        }
    }

    /// Skips an interpolation's code up to its closing `)`, lexing it so that a `)` inside a
    /// string or comment of the interpolation does not end it.
    private mutating func skipInterpolation() {
        var depth = 1
        let wasStarted = lineStarted
        while let token = next() {
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            if depth == 0 { break }
        }
        lineStarted = wasStarted
    }

    /// Skips a number literal: digits, `_`, a hex, octal or binary prefix, a fraction and an
    /// exponent (`1_000`, `0x1F`, `2.5e-3`), but not the `.` of a range (`1..<3`).
    private mutating func skipNumber() {
        while let scalar = peek() {
            if Self.isIdentifierBody(scalar) {
                let exponent = (scalar == "e" || scalar == "E" || scalar == "p" || scalar == "P")
                position += 1
                if exponent, let sign = peek(), sign == "-" || sign == "+" { position += 1 }
            } else if scalar == ".", let after = peek(1), after.properties.numericType != nil, after.isASCII {
                position += 1
            } else {
                return
            }
        }
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierHead(scalar) || (scalar.properties.numericType != nil && scalar.isASCII)
    }

    static func isOperatorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        "/=-+!*%<>&|^~?.".unicodeScalars.contains(scalar)
    }
}
