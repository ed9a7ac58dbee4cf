import BinderyNames
import BinderyJSON
import BinderyNames

/// Why a typed word is not a value of the input's type; the message names the expected type.
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Turns a typed word into the JSON value `set` or `run` sends, by the target's type.
public enum ValueParser {
    /// `token` as a value of `type` for `target` (e.g. "api.latencyMs"), or for the argument
    /// called `argument` of the command `target`. Strings take the word as typed (quoted or
    /// not); ints take whole numbers that fit 64 bits; doubles any finite number; bools
    /// `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`); json any JSON text (the daemon
    /// decodes it to the input's own type). An unknown type (nil) sends the
    /// word as a string and lets the daemon judge it. Errors are worded as the daemon's:
    /// "api.latencyMs expects an int between 0 and 60000, got "abc"", and quote at most an
    /// excerpt of what was typed.
    public static func parse(_ token: Token, as type: ValueType?, for target: String, argument: String? = nil,
                             constraint: String? = nil) throws(ValueError) -> JSONValue
    {
        let text = token.text
        let trimmed = text.trimmingWhitespace
        func failure(_ note: String = "") -> ValueError {
            let expected = (type?.phrase ?? "a value") + (constraint.map { " \($0)" } ?? "")
            let got = Excerpt.quoted(text, quote: JSONEscaping.minimal.quoted) + note
            if let argument { return ValueError(message: "\(target) expects \(argument) to be \(expected), got \(got)") }
            return ValueError(message: "\(target) expects \(expected), got \(got)")
        }
        switch type {
        case nil, .string?:
            return .string(text)
        case .int?:
            guard let i = Int(trimmed) else {
                let digits = trimmed.drop { $0 == "-" || $0 == "+" }
                let isWholeNumber = !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
                throw failure(isWholeNumber ? ", which is out of range" : "")
            }
            return .int(i)
        case .double?:
            guard let d = Double(trimmed), d.isFinite else { throw failure() }
            if case .number? = try? JSONParser.parse(trimmed) { return .number(trimmed) }
            return .double(d)
        case .json?:
            // Typed as JSON, quoted for the shell-like tokenizer: set trip.booking '{"seat":"1A"}'.
            guard let value = try? JSONParser.parse(trimmed) else { throw failure() }
            return value
        case .bool?:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw failure()
            }
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
