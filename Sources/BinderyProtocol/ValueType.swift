import BinderyJSON

/// The type of a view-model value as a surface reports it (`describe`'s `type`), shared by the
/// core (what an input or a command argument accepts), the daemon (which parses what a person
/// typed) and binderyctl (which completes, checks and phrases errors by it).
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    /// `json`: any JSON value, for a value of a `Codable` type of the view model's own (its
    /// Codable form), an array or a dictionary.
    case string, int, double, bool, json

    /// How a message names the type: "a string", "an int", "a JSON value", ….
    public var phrase: String {
        switch self {
        case .int: return "an int"
        case .json: return "a JSON value"
        default: return "a \(rawValue)"
        }
    }

    /// What a value of this type must be, as a message says it: the type's ``phrase``, then
    /// `constraint` ("between 0 and 1"), then "or null" when `orNull`.
    public func expectation(constraint: String? = nil, orNull: Bool = false) -> String {
        phrase + (constraint.map { " \($0)" } ?? "") + (orNull ? " or null" : "")
    }

    /// `text`, as a person typed it, as a value of this type — the one rule for reading typed
    /// values, used by the daemon for `set` and `--set` and by binderyctl for `run`'s argument.
    /// Strings take the text as it is; the others ignore surrounding whitespace: ints take whole
    /// numbers that fit 64 bits; doubles any finite number in decimal notation other than
    /// negative zero (kept as typed when it is JSON number text); bools `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`, any case); json any
    /// JSON text. With `orNull` (an optional input), `null` is the JSON null.
    ///
    /// The error names `target` ("api.latencyMs"), or its `argument`, and what was expected,
    /// quoting at most an excerpt of `text` (``Excerpt``): "api.latencyMs expects an int
    /// between 0 and 60000, got "99999999999999999999", which is out of range".
    public func parse(_ text: String, for target: String, argument: String? = nil, constraint: String? = nil,
                      orNull: Bool = false) throws(ValueError) -> JSONValue
    {
        let trimmed = text.trimmingWhitespace
        if orNull, trimmed == "null" { return .null }
        func failure(_ note: String = "") -> ValueError {
            let expected = expectation(constraint: constraint, orNull: orNull)
            let got = Excerpt.quoted(text) + note
            if let argument { return ValueError(message: "\(target) expects \(argument) to be \(expected), got \(got)") }
            return ValueError(message: "\(target) expects \(expected), got \(got)")
        }
        switch self {
        case .string:
            return .string(text)
        case .int:
            guard let i = Int(trimmed) else {
                let digits = trimmed.drop { $0 == "-" || $0 == "+" }
                let isWholeNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
                throw failure(isWholeNumber ? ", which is out of range" : "")
            }
            return .int(i)
        case .double:
            // Decimal notation only: Swift's Double(_:) also reads hex floats ("0x1p-2"),
            // which JSON, and so every other client, cannot write.
            guard trimmed.utf8.allSatisfy({ Self.decimalBytes.contains($0) }), let d = Double(trimmed), d.isFinite else { throw failure() }
            // -0.0 equals 0.0 yet is written differently: one value, one spelling.
            guard !(d == 0 && d.sign == .minus) else { throw failure(", which is negative zero (write 0)") }
            if case .number? = try? JSONParser.parse(trimmed) { return .number(trimmed) }
            return .double(d)
        case .json:
            // Typed as JSON, quoted for binderyctl's shell-like words: set trip.booking '{"seat":"1A"}'.
            guard let value = try? JSONParser.parse(trimmed) else { throw failure() }
            return value
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw failure()
            }
        }
    }
}

extension ValueType {
    /// The bytes a decimal number may be written with.
    fileprivate static let decimalBytes = Set("0123456789+-.eE".utf8)
}

/// Why typed text is not a value of the expected type; the message names the target and the
/// expected type.
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The one-line message.
    public let message: String
    public var description: String { message }

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }
}

extension String {
    /// The string without leading and trailing whitespace (the one trim of typed text).
    public var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
