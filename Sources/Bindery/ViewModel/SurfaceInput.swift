import BinderyNames
import FoundationEssentials

/// A settable, typed input of a view model, backed by a `MutableProperty`.
///
/// Setting it from text or from a value of the wrong type or out of its constraint fails with
/// a `SurfaceError` naming the view model, the input and what was expected, and changes
/// nothing. A set must happen on the view model's scheduler, like every other change to it.
public struct SurfaceInput: Sendable {
    /// The input's name, unique within its view model.
    public let name: String
    /// The type of value it holds.
    public let type: InputType
    /// What values it accepts beyond its type.
    public let constraint: InputConstraint
    /// Whether its value is a secret, shown only to its owner (``secret()``).
    public private(set) var isSecret = false
    /// Its current value, then every change.
    public let producer: SignalProducer<SurfaceValue, Never>
    /// The property behind the input (so a host's restorable state leaves it to the input).
    let propertyIdentity: ObjectIdentifier
    private let read: @Sendable () -> SurfaceValue
    private let write: @Sendable (SurfaceValue) -> Void
    private let converts: @Sendable (SurfaceValue) -> Bool
    /// What a value must be beyond its type ("an ISO 8601 date …"), for errors; nil when the
    /// type says it all.
    private let expectation: String?

    private init<Value>(_ name: String, _ type: InputType, _ constraint: InputConstraint, _ property: MutableProperty<Value>,
                        from: @escaping @Sendable (SurfaceValue) -> Value?, to: @escaping @Sendable (Value) -> SurfaceValue,
                        expectation: String? = nil) {
        self.name = name
        self.type = type
        self.constraint = constraint
        self.expectation = expectation
        self.converts = { from($0) != nil }
        self.producer = property.producer.map(to)
        self.propertyIdentity = ObjectIdentifier(property)
        self.read = { to(property.value) }
        self.write = { value in if let converted = from(value) { property.value = converted } }
    }

    /// A string input.
    public static func string(_ name: String, _ property: MutableProperty<String>, _ constraint: InputConstraint = .maxLength(4096)) -> SurfaceInput {
        SurfaceInput(name, .string, constraint, property, from: { if case let .string(s) = $0 { s } else { nil } }, to: SurfaceValue.string)
    }

    /// An integer input.
    public static func int(_ name: String, _ property: MutableProperty<Int>, _ constraint: InputConstraint = .none) -> SurfaceInput {
        SurfaceInput(name, .int, constraint, property, from: { if case let .int(i) = $0 { i } else { nil } }, to: SurfaceValue.int)
    }

    /// A floating-point input.
    public static func double(_ name: String, _ property: MutableProperty<Double>, _ constraint: InputConstraint = .none) -> SurfaceInput {
        SurfaceInput(name, .double, constraint, property, from: { if case let .double(d) = $0 { d } else { nil } }, to: SurfaceValue.double)
    }

    /// A floating-point input held as a `Float` (sent and shown as a double).
    public static func float(_ name: String, _ property: MutableProperty<Float>, _ constraint: InputConstraint = .none) -> SurfaceInput {
        SurfaceInput(name, .double, constraint, property, from: { if case let .double(d) = $0 { Float(d) } else { nil } }, to: { .double(Double($0)) })
    }

    /// A date input: an ISO 8601 string ("2026-12-01T23:41:07Z"); anything else is refused.
    public static func date(_ name: String, _ property: MutableProperty<Date>) -> SurfaceInput {
        SurfaceInput(name, .string, .none, property, from: { if case let .string(s) = $0 { Date(surfaceText: s) } else { nil } },
                     to: \.surfaceValue, expectation: "an ISO 8601 date and time such as 2026-12-01T23:41:07Z")
    }

    /// A URL input: an absolute URL with a scheme; anything else is refused.
    public static func url(_ name: String, _ property: MutableProperty<URL>) -> SurfaceInput {
        SurfaceInput(name, .string, .none, property, from: {
            if case let .string(s) = $0, let url = URL(string: s), url.scheme != nil { url } else { nil }
        }, to: \.surfaceValue, expectation: "an absolute URL such as https://example.com/")
    }

    /// A UUID input: its canonical string; anything else is refused.
    public static func uuid(_ name: String, _ property: MutableProperty<UUID>) -> SurfaceInput {
        SurfaceInput(name, .string, .none, property, from: { if case let .string(s) = $0 { UUID(uuidString: s) } else { nil } },
                     to: \.surfaceValue, expectation: "a UUID such as 123E4567-E89B-12D3-A456-426614174000")
    }

    /// An input of a `Codable` type of your own, set as JSON in its Codable form (a record for a
    /// struct, a list for an array, the raw value for an enum) and shown the same way; a value
    /// that does not decode to a `Value` is refused.
    public static func codable<Value: Codable & Sendable>(_ name: String, _ property: MutableProperty<Value>) -> SurfaceInput {
        SurfaceInput(name, .json, .none, property, from: { SurfaceValueDecoder.decode(Value.self, from: $0) },
                     to: { SurfaceValueEncoder.encode($0) }, expectation: "\(Value.self) as JSON (its Codable form)")
    }

    /// A boolean input.
    public static func bool(_ name: String, _ property: MutableProperty<Bool>) -> SurfaceInput {
        SurfaceInput(name, .bool, .none, property, from: { if case let .bool(b) = $0 { b } else { nil } }, to: SurfaceValue.bool)
    }

    /// The current value.
    public var value: SurfaceValue { read() }

    /// This input, marked as holding a secret (``SurfaceDeclaration/secret(_:)``): a host
    /// shows others only whether it is set (``SurfaceValue/secretMasked``).
    public func secret() -> SurfaceInput {
        var copy = self
        copy.isSecret = true
        return copy
    }

    /// Checks `value` against the input's type and constraint and returns it in the input's
    /// type, or throws the error a person would need to correct it.
    public func validate(_ value: SurfaceValue, viewModel: String) throws(SurfaceError) -> SurfaceValue {
        guard let accepted = type.accept(value) else {
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(type.article) \(type.rawValue), got \(value.kindName) \(value.excerpt)")
        }
        guard constraint.admits(accepted) else {
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(type.article) \(type.rawValue) \(constraint), got \(value.excerpt)")
        }
        guard converts(accepted) else {
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(expectation ?? "\(type.article) \(type.rawValue)"), got \(value.excerpt)")
        }
        return accepted
    }

    /// Parses `text` as the input's type and checks it, or throws. The message quotes at most
    /// the first 40 characters of `text`: "api.latencyMs expects an int between 0 and 60000, got
    /// "99999999999999999999", which is out of range".
    public func parse(_ text: String, viewModel: String) throws(SurfaceError) -> SurfaceValue {
        guard let parsed = type.parse(text) else {
            let expected = "\(type.article) \(type.rawValue)" + (constraint == .none ? "" : " \(constraint)")
            let note = type == .int && Self.isWholeNumber(text) ? ", which is out of range" : ""
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(expected), got \(Excerpt.quoted(text))\(note)")
        }
        return try validate(parsed, viewModel: viewModel)
    }

    /// Validates `value` and, if it is acceptable, sets it; throws and changes nothing
    /// otherwise. Returns the value as stored.
    @discardableResult
    public func set(_ value: SurfaceValue, viewModel: String) throws(SurfaceError) -> SurfaceValue {
        let accepted = try validate(value, viewModel: viewModel)
        write(accepted)
        return accepted
    }

    /// Sets a value that ``validate(_:viewModel:)`` or ``parse(_:viewModel:)`` of this input
    /// returned, without checking it again (a host validates off the view model's scheduler,
    /// then applies on it). Any other value is a programming error: one the input's property
    /// cannot hold is ignored.
    public func set(validated value: SurfaceValue) {
        write(value)
    }

    private static func isWholeNumber(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while trimmed.first?.isWhitespace == true { trimmed = trimmed.dropFirst() }
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        let digits = trimmed.drop { $0 == "-" || $0 == "+" }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension InputType {
    /// "a" or "an", for messages.
    var article: String { self == .int ? "an" : "a" }
}
