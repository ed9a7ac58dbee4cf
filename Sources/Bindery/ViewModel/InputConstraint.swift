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
