import BinderyNames

/// Plain data a view model shows through its surface: what outputs hold, what inputs accept,
/// what commands produce. It has the shape of JSON, so hosts can encode it without knowing
/// the view model.
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

/// A record: named fields in a fixed order (the order a view model declares them in, which is
/// the order views show them in).
public struct SurfaceRecord: Sendable, Hashable {
    /// One named field.
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
        case let .string(s): return Excerpt.doubleQuoted(s)
        case let .list(items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case let .record(record):
            return "{" + record.fields.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }
}

extension SurfaceValue {
    /// The value as an error message quotes it back (BinderyNames' ``Excerpt`` rule): whole
    /// when short, else its first characters and its size — `"xxxx…" (5,000 characters)`.
    public var excerpt: String {
        if case let .string(s) = self { return Excerpt.quoted(s) }
        return Excerpt.of(description)
    }
}

extension SurfaceValue: Decodable {
    /// A value read from JSON (`InputType.json` parses text with it): an object's members in
    /// key order, since JSON decoders do not keep the text's order.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
            self = .record(SurfaceRecord(try keys.map { SurfaceRecord.Field($0.stringValue, try object.decode(SurfaceValue.self, forKey: $0)) }))
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [SurfaceValue] = []
            while !array.isAtEnd { items.append(try array.decode(SurfaceValue.self)) }
            self = .list(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let b = try? single.decode(Bool.self) { self = .bool(b) }
            else if let i = try? single.decode(Int.self) { self = .int(i) }
            else if let d = try? single.decode(Double.self) { self = .double(d) }
            else { self = .string(try single.decode(String.self)) }
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

private extension String {
    /// `d` with one decimal, for whole doubles ("1.0"), so they read as doubles.
    init(format1 d: Double) {
        self = String(Int(d)) + ".0"
    }
}
