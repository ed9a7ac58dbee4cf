/// A JSON value, as the control protocol, the HTTP API and persisted values carry it.
///
/// Numbers keep the exact text they were written with (`0.25`, `1.0`, `-2.5e1`,
/// `12345678901234567890`), so a value read and written again is the same text: binderyctl
/// shows numbers as the daemon wrote them and an echoed request `id` is the client's own.
/// ``intValue`` and ``doubleValue`` read a number's value.
///
/// Objects keep every member in the order written, duplicates included, so writing an object
/// reproduces it. Looking a key up (``subscript(_:)``) returns the **last** member with that
/// key, as JavaScript's `JSON.parse` does (docs/PROTOCOL.md).
///
/// Equality is structural and exact: numbers compare by their text (`1` and `1.0` differ, as
/// the daemon's int and double values differ), objects member by member in order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as its JSON text. The parser only makes valid JSON number text of a finite
    /// value; build numbers from Swift values with ``int(_:)`` and ``double(_:)``.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in written order, duplicate keys included.
    case object([(key: String, value: JSONValue)])

    /// The number `value`, written in decimal.
    public static func int(_ value: Int) -> JSONValue {
        .number(String(value))
    }

    /// The number `value` in Swift's shortest round-trip form (`0.25`, `1.0`, `1e+20`); `null`
    /// when `value` is not finite, the only JSON an infinity or NaN can be.
    public static func double(_ value: Double) -> JSONValue {
        value.isFinite ? .number(String(value)) : .null
    }

    /// The value of member `key` if this is an object that has one (the last, if repeated).
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        if case let .bool(flag) = self { return flag }
        return nil
    }

    /// The number as an `Int` if it is a whole number an `Int` holds exactly (`42`, `-7`, and
    /// also `1.0` or `1e3`); nil for fractions, out-of-range numbers and non-numbers.
    public var intValue: Int? {
        guard case let .number(text) = self else { return nil }
        if let integer = Int(text) { return integer }
        return Double(text).flatMap { Int(exactly: $0) }
    }

    /// The number as the nearest `Double`, if this is a number.
    public var doubleValue: Double? {
        guard case let .number(text) = self else { return nil }
        return Double(text)
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case let .array(items) = self { return items }
        return nil
    }

    /// The members in written order, if this is an object.
    public var objectValue: [(key: String, value: JSONValue)]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name of the value's JSON type, for error messages ("must be a string, got a number").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(flag): hasher.combine(flag)
        case let .number(text): hasher.combine(text)
        case let .string(text): hasher.combine(text)
        case let .array(items): hasher.combine(items)
        case let .object(members):
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}
