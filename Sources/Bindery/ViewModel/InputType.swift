import FoundationEssentials

/// The type of a view-model input, which decides what text and values it accepts.
public enum InputType: String, Sendable, Hashable, CaseIterable {
    /// `json`: any JSON value, for an input of a `Codable` type of your own (its Codable form).
    case string, int, double, bool, json

    /// Parses `text` as this type. Strings take the text as it is; ints and doubles take
    /// decimal numbers; bools take `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`);
    /// json takes JSON text.
    public func parse(_ text: String) -> SurfaceValue? {
        switch self {
        case .json: return try? JSONDecoder().decode(SurfaceValue.self, from: Data(text.utf8))
        case .string: return .string(text)
        case .int: return Int(text.trimmed).map(SurfaceValue.int)
        case .double:
            guard let d = Double(text.trimmed), d.isFinite else { return nil }
            return .double(d)
        case .bool:
            switch text.trimmed.lowercased() {
            case "true", "1", "yes", "on": return .bool(true)
            case "false", "0", "no", "off": return .bool(false)
            default: return nil
            }
        }
    }

    /// `value` as this type, if it is one: an int is accepted for a double, and a whole double
    /// for an int; json accepts any value (its input's type decides); nothing else is converted.
    public func accept(_ value: SurfaceValue) -> SurfaceValue? {
        switch (self, value) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.json, _):
            return value
        case let (.double, .int(i)):
            return .double(Double(i))
        case let (.int, .double(d)):
            guard d == d.rounded(), let i = Int(exactly: d) else { return nil }
            return .int(i)
        default:
            return nil
        }
    }
}

/// What values an input accepts beyond its type: a numeric range, a maximum length.
public struct InputConstraint: Sendable, Hashable, CustomStringConvertible {
    let lower: Double?
    let upper: Double?
    let maxLength: Int?

    /// No constraint.
    public static let none = InputConstraint(lower: nil, upper: nil, maxLength: nil)

    /// Numbers within `range`.
    public static func range(_ range: ClosedRange<Double>) -> InputConstraint {
        InputConstraint(lower: range.lowerBound, upper: range.upperBound, maxLength: nil)
    }

    /// Strings of at most `count` characters, counted as Unicode scalars (not grapheme
    /// clusters, which have no size bound: one letter may carry any number of combining marks),
    /// so an admitted string holds at most `4 × count` bytes of UTF-8.
    public static func maxLength(_ count: Int) -> InputConstraint {
        InputConstraint(lower: nil, upper: nil, maxLength: count)
    }

    /// Whether `value` satisfies the constraint.
    public func admits(_ value: SurfaceValue) -> Bool {
        switch value {
        case let .int(i): return admits(number: Double(i))
        case let .double(d): return admits(number: d)
        case let .string(s): return maxLength.map { s.unicodeScalars.count <= $0 } ?? true
        default: return true
        }
    }

    private func admits(number: Double) -> Bool {
        (lower.map { number >= $0 } ?? true) && (upper.map { number <= $0 } ?? true)
    }

    /// How the constraint reads in an error message: "between 0 and 1", "at most 200 characters".
    public var description: String {
        var parts: [String] = []
        switch (lower, upper) {
        case let (l?, u?): parts.append("between \(Self.format(l)) and \(Self.format(u))")
        case let (l?, nil): parts.append("at least \(Self.format(l))")
        case let (nil, u?): parts.append("at most \(Self.format(u))")
        case (nil, nil): break
        }
        if let maxLength { parts.append("at most \(maxLength) characters") }
        return parts.joined(separator: ", ")
    }

    private static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

private extension String {
    var trimmed: Substring {
        var s = self[...]
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return s
    }
}

private extension Int {
    init?(_ text: Substring) { self.init(String(text)) }
}

private extension Double {
    init?(_ text: Substring) { self.init(String(text)) }
}
