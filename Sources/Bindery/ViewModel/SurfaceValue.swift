import BinderyJSON
import BinderyProtocol
// memcmp, from the platform's C library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain data a view model shows through its surface: what outputs hold, what inputs accept,
/// what commands produce. It has the shape of JSON, so hosts can encode it without knowing
/// the view model.
///
/// Equality is exact (``SurfaceValue/==(_:_:)``): strings are equal only when they hold the
/// same Unicode scalars, so "did it change" decisions never skip a different spelling.
public enum SurfaceValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([SurfaceValue])
    case record(SurfaceRecord)

    /// The name of the value's kind, for error messages: "null", "bool", "int", ….
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "double"
        case .string: return "string"
        case .list: return "list"
        case .record: return "record"
        }
    }
}

extension SurfaceValue {
    /// Whether `a` and `b` hold the same value, strings compared by their Unicode scalars (their
    /// UTF-8 bytes), not by Swift's canonical equivalence: "cafe\u{301}" and "caf\u{E9}" differ,
    /// and so do "\u{C5}" and "\u{212B}". A host decides whether an input or output changed,
    /// and whether a value is already stored, with this, so a value is kept and shown exactly
    /// as it was sent. Doubles compare as `Double` does (0.0 == -0.0; NaN equals nothing).
    public static func == (a: SurfaceValue, b: SurfaceValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return SurfaceValue.sameScalars(x, y)
        case let (.list(x), .list(y)): return x == y
        case let (.record(x), .record(y)): return x == y
        default: return false
        }
    }

    /// Hashes what ``==(_:_:)`` compares: a string by its UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(b): hasher.combine(1); hasher.combine(b)
        case let .int(i): hasher.combine(2); hasher.combine(i)
        case let .double(d): hasher.combine(3); hasher.combine(d)
        case let .string(s): hasher.combine(4); Self.hashScalars(s, into: &hasher)
        case let .list(items): hasher.combine(5); hasher.combine(items)
        case let .record(record): hasher.combine(6); hasher.combine(record)
        }
    }

    /// Whether `a` and `b` are the same sequence of Unicode scalars (byte for byte in UTF-8).
    /// The one rule for comparing surface strings; `String ==` is canonical equivalence.
    public static func sameScalars(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        // memcmp: faster than `String ==` itself (which normalizes unless both are known NFC).
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
        }
    }

    /// Feeds `s`'s UTF-8 bytes and length to `hasher` (consistent with ``sameScalars(_:_:)``).
    static func hashScalars(_ s: String, into hasher: inout Hasher) {
        var s = s
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(s.utf8.count)
    }
}

/// A record: named fields in a fixed order (the order a view model declares them in, which is
/// the order views show them in).
public struct SurfaceRecord: Sendable, Hashable {
    /// One named field. Fields are equal when their names have the same Unicode scalars and
    /// their values are equal (``SurfaceValue/==(_:_:)``).
    public struct Field: Sendable, Hashable {
        /// The field's name.
        public let name: String
        /// The field's value.
        public let value: SurfaceValue

        /// A field called `name` holding `value`.
        public init(_ name: String, _ value: SurfaceValue) {
            self.name = name
            self.value = value
        }

        public static func == (a: Field, b: Field) -> Bool {
            SurfaceValue.sameScalars(a.name, b.name) && a.value == b.value
        }

        public func hash(into hasher: inout Hasher) {
            SurfaceValue.hashScalars(name, into: &hasher)
            hasher.combine(value)
        }
    }

    /// The fields, in order.
    public let fields: [Field]

    /// A record of `fields`, in the order given.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// The value of the field called `name`, if there is one.
    public subscript(name: String) -> SurfaceValue? {
        fields.first { $0.name == name }?.value
    }
}

extension SurfaceRecord: ExpressibleByDictionaryLiteral {
    /// A record of the given fields, in the order written.
    public init(dictionaryLiteral elements: (String, SurfaceValue)...) {
        self.init(elements.map { Field($0.0, $0.1) })
    }
}

extension SurfaceValue: CustomStringConvertible {
    /// A compact, JSON-like rendering for people: strings quoted, lists in brackets.
    public var description: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return String(b)
        case let .int(i): return String(i)
        case let .double(d): return d == d.rounded() && abs(d) < 1e15 ? String(format1: d) : String(d)
        case let .string(s): return JSONEscaping.minimal.quoted(s)
        case let .list(items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case let .record(record):
            return "{" + record.fields.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }
}

extension SurfaceValue {
    /// The value as an error message quotes it back (BinderyProtocol' ``Excerpt`` rule): whole
    /// when short, else its first characters and its size — `"xxxx…" (5,000 characters)`.
    public var excerpt: String {
        if case let .string(s) = self { return Excerpt.quoted(s) }
        return Excerpt.of(description)
    }
}

private extension String {
    /// `d` with one decimal, for whole doubles ("1.0"), so they read as doubles.
    init(format1 d: Double) {
        self = String(Int(d)) + ".0"
    }
}
