import BinderyJSON

/// Why a typed word is not a value of the input's type; the message names the expected type.
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Turns a typed word into the JSON value `set` or `run` sends, by the target's type.
public enum ValueParser {
    /// `token` as a value of `type` for `target` (e.g. "api.latencyMs", used in errors).
    /// Strings take the word as typed (quoted or not); ints take whole numbers; doubles any
    /// finite number; bools `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`). An unknown
    /// type (nil) sends the word as a string and lets the daemon judge it.
    public static func parse(_ token: Token, as type: ValueType?, for target: String, constraint: String? = nil)
        throws(ValueError) -> JSONValue
    {
        let text = token.text
        let trimmed = text.trimmingWhitespace
        func failure() -> ValueError {
            let range = constraint.map { " \($0)" } ?? ""
            return ValueError(message: "invalid value \(JSONEscaping.minimal.quoted(Excerpt.of(text))) for \(target): expected \(type?.phrase ?? "a value")\(range)")
        }
        switch type {
        case nil, .string?:
            return .string(text)
        case .int?:
            guard let i = Int(trimmed) else { throw failure() }
            return .int(i)
        case .double?:
            guard let d = Double(trimmed), d.isFinite else { throw failure() }
            if case .number? = try? JSONParser.parse(trimmed) { return .number(trimmed) }
            return .double(d)
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
