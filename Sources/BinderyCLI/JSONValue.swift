/// A JSON value as the control protocol carries it. Numbers keep the text they were written
/// with, so `1` and `1.0` render as the daemon wrote them and large integers lose nothing.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were written; lookups take the first of a repeated key.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized)
    }

    /// A number value from an integer.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The member `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case let .string(s) = self { return s }
        return nil
    }

    /// The bool, if this is one.
    public var boolValue: Bool? {
        if case let .bool(b) = self { return b }
        return nil
    }

    /// The number as a Double, if this is a number.
    public var doubleValue: Double? {
        if case let .number(n) = self { return Double(n) }
        return nil
    }

    /// The number as an Int, if this is a number with an integral value.
    public var intValue: Int? {
        guard case let .number(n) = self else { return nil }
        if let i = Int(n) { return i }
        if let d = Double(n), d == d.rounded(), let i = Int(exactly: d) { return i }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case let .array(a) = self { return a }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [(String, JSONValue)]? {
        if case let .object(o) = self { return o }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Compact JSON text on one line (no spaces), as sent on the control socket.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): JSONValue.writeString(s, to: &out)
        case let .array(elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `s` as a JSON string literal with quotes; control characters escaped, Unicode kept.
    public static func quoted(_ s: String) -> String {
        var out = ""
        writeString(s, to: &out)
        return out
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
