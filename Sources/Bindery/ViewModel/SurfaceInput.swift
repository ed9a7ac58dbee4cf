import BinderyJSON
import BinderyProtocol
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A settable, typed input of a view model, backed by a `MutableProperty`.
///
/// Setting it from text or from a value of the wrong type or out of its constraint fails with
/// a `SurfaceError` naming the view model, the input and what was expected, and changes
/// nothing. A set must happen on the view model's scheduler, like every other change to it.
public struct SurfaceInput: Sendable {
    /// The input's name, unique within its view model.
    public let name: String
    /// The type of value it holds.
    public let type: ValueType
    /// Whether it also takes null, its none (an input of an optional ``SurfaceScalar``: `set
    /// trip.returning null`); an input of type `json` takes whatever its Codable form does.
    public let isOptional: Bool
    /// What values it accepts beyond its type.
    public let constraint: InputConstraint
    /// Its type as the view model's Swift code spells it, where ``type`` alone would hide it:
    /// `Date?`, `URL`, `SortOrder: relevance | newest | title`, `Plan` for a `json` input; nil
    /// for a plain string, int, double or bool (``type`` says it all).
    public let typeName: String?
    /// Whether its value is a secret, shown only to its owner (``secret()``).
    public private(set) var isSecret = false
    /// Its current value, then every change.
    public let producer: SignalProducer<SurfaceValue, Never>
    /// The property behind the input (so a host's restorable state leaves it to the input).
    let propertyIdentity: ObjectIdentifier
    private let read: @Sendable () -> SurfaceValue
    /// Writes a value ``accept`` converted (the property's own type, boxed).
    private let write: @Sendable (any Sendable) -> Void
    /// The value converted to the property's type, once, and as the input holds and shows it
    /// (a date with milliseconds, a dictionary in key order); nil when the property cannot
    /// hold it.
    private let convert: @Sendable (SurfaceValue) -> (converted: any Sendable, shown: SurfaceValue)?
    /// What a value must be beyond its type ("an ISO 8601 date …"), for errors; nil when the
    /// type says it all.
    private let expectation: String?

    private init<Value: Sendable>(_ name: String, _ type: ValueType, optional: Bool = false, _ constraint: InputConstraint,
                        _ property: MutableProperty<Value>,
                        from: @escaping @Sendable (SurfaceValue) -> Value?, to: @escaping @Sendable (Value) -> SurfaceValue,
                        expectation: String? = nil, typeName: String? = nil) {
        self.name = name
        self.type = type
        self.typeName = typeName
        self.isOptional = optional
        self.constraint = constraint
        self.expectation = expectation
        self.convert = { value in from(value).map { ($0, to($0)) } }
        self.producer = property.producer.map(to)
        self.propertyIdentity = ObjectIdentifier(property)
        self.read = { to(property.value) }
        self.write = { converted in if let converted = converted as? Value { property.value = converted } }
    }

    /// An input of a ``SurfaceScalar`` (a string, an int, a date, …), accepting what
    /// `constraint` (by default the type's ``SurfaceScalar/defaultConstraint``) admits.
    public static func scalar<Value: SurfaceScalar>(_ name: String, _ property: MutableProperty<Value>,
                                                    _ constraint: InputConstraint? = nil) -> SurfaceInput {
        SurfaceInput(name, Value.valueType, constraint ?? Value.defaultConstraint, property,
                     from: Value.init(surfaceValue:), to: \.surfaceValue, expectation: Value.expectation,
                     typeName: spelled(Value.self))
    }

    /// A scalar type's Swift name when the wire type hides it (a `Date`, a `URL`, a `UUID`,
    /// your own type, all sent as strings); nil for `String`, `Int`, `Double`, `Bool`, `Float`.
    static func spelled<Value: SurfaceScalar>(_ type: Value.Type) -> String? {
        guard Value.valueType == .string, Value.self != String.self else { return nil }
        return SwiftSpelling.of(Value.self)
    }

    /// An input of an optional ``SurfaceScalar``: a value as ``scalar(_:_:_:)`` takes it, or
    /// null for none.
    public static func optional<Wrapped: SurfaceScalar>(_ name: String, _ property: MutableProperty<Wrapped?>,
                                                        _ constraint: InputConstraint? = nil) -> SurfaceInput {
        SurfaceInput(name, Wrapped.valueType, optional: true, constraint ?? Wrapped.defaultConstraint, property,
                     from: { value -> Wrapped?? in value == .null ? .some(nil) : Wrapped(surfaceValue: value).map { .some($0) } },
                     to: \.surfaceValue, expectation: Wrapped.expectation,
                     typeName: spelled(Wrapped.self).map { $0 + "?" })
    }

    /// An input of an enum with raw values (a `String` or an `Int`, say), typed as its raw
    /// value (`set trip.pace brisk`); a raw value no case has is refused, naming the cases when
    /// the enum is `CaseIterable`.
    public static func rawValue<Value: RawRepresentable & Sendable>(_ name: String, _ property: MutableProperty<Value>,
                                                         _ constraint: InputConstraint? = nil) -> SurfaceInput
        where Value.RawValue: SurfaceScalar
    {
        rawValue(name, property, constraint, raw: Value.RawValue.self)
    }

    /// ``rawValue(_:_:_:)`` for an enum whose raw value is known to be the scalar `raw` only
    /// when the program runs (discovery).
    static func rawValue<Value: RawRepresentable & Sendable>(_ name: String, _ property: MutableProperty<Value>,
                                                  _ constraint: InputConstraint?, raw: any SurfaceScalar.Type) -> SurfaceInput {
        @Sendable func shown(_ value: Value) -> SurfaceValue { (value.rawValue as? any SurfaceRepresentable)?.surfaceValue ?? .null }
        let cases = (Value.self as? any CaseIterable.Type).map { type in
            func all<C: CaseIterable>(_ type: C.Type) -> [String] { C.allCases.compactMap { ($0 as? Value).map { shown($0).description } } }
            return all(type)
        }
        let expectation = cases.map { "one of " + $0.joined(separator: ", ") } ?? "a raw value of \(Value.self)"
        return SurfaceInput(name, raw.valueType, constraint ?? .none, property,
                            from: { value in raw.init(surfaceValue: value).flatMap { ($0 as? Value.RawValue).flatMap(Value.init(rawValue:)) } },
                            to: shown, expectation: expectation,
                            typeName: SwiftSpelling.of(Value.self) + (cases.map { ": " + $0.map(Self.unquoted).joined(separator: " | ") } ?? ""))
    }

    /// A case's raw value as the code spells it: a string without its JSON quotes.
    static func unquoted(_ shown: String) -> String {
        guard shown.count >= 2, shown.first == "\"", shown.last == "\"",
              case let .string(text)? = try? SurfaceValue(json: JSONParser.parse(shown)) else { return shown }
        return text
    }

    /// A string input.
    public static func string(_ name: String, _ property: MutableProperty<String>, _ constraint: InputConstraint = .maxLength(4096)) -> SurfaceInput {
        scalar(name, property, constraint)
    }

    /// An integer input.
    public static func int(_ name: String, _ property: MutableProperty<Int>, _ constraint: InputConstraint = .none) -> SurfaceInput {
        scalar(name, property, constraint)
    }

    /// A floating-point input.
    public static func double(_ name: String, _ property: MutableProperty<Double>, _ constraint: InputConstraint = .none) -> SurfaceInput {
        scalar(name, property, constraint)
    }

    /// A floating-point input held as a `Float` (sent and shown as a double).
    public static func float(_ name: String, _ property: MutableProperty<Float>, _ constraint: InputConstraint = .none) -> SurfaceInput {
        scalar(name, property, constraint)
    }

    /// A date input: an ISO 8601 string ("2026-12-01T23:41:07Z"); anything else is refused.
    public static func date(_ name: String, _ property: MutableProperty<Date>) -> SurfaceInput {
        scalar(name, property)
    }

    /// A URL input: an absolute URL with a scheme; anything else is refused.
    public static func url(_ name: String, _ property: MutableProperty<URL>) -> SurfaceInput {
        scalar(name, property)
    }

    /// A UUID input: its canonical string; anything else is refused.
    public static func uuid(_ name: String, _ property: MutableProperty<UUID>) -> SurfaceInput {
        scalar(name, property)
    }

    /// An input of a `Codable` type of your own — or an array, a dictionary — set
    /// as JSON in its Codable form (a record for a struct, a list for an array, the raw value
    /// for an enum; dates, URLs, … nested as ``SurfaceScalar`` shows them) and shown the same
    /// way; a value that does not decode to a `Value` is refused.
    public static func codable<Value: Codable & Sendable>(_ name: String, _ property: MutableProperty<Value>) -> SurfaceInput {
        SurfaceInput(name, .json, .none, property, from: { SurfaceValueDecoder.decode(Value.self, from: $0) },
                     to: { SurfaceValueEncoder.encode($0) }, expectation: codableExpectation(Value.self),
                     typeName: SwiftSpelling.of(Value.self))
    }

    /// What a value of a `Codable` type must be, as a refusal says it: "Plan as JSON (its
    /// Codable form)" (for a ``codable(_:_:)`` input and a command's `Codable` argument alike).
    static func codableExpectation(_ type: Any.Type) -> String {
        "\(type) as JSON (its Codable form)"
    }

    /// A boolean input.
    public static func bool(_ name: String, _ property: MutableProperty<Bool>) -> SurfaceInput {
        scalar(name, property)
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

    /// Checks `value` against the input's type and constraint and returns it as the input will
    /// hold and show it ("2026-12-02T10:00:00Z" as "2026-12-02T10:00:00.000Z"), or throws the
    /// error a person would need to correct it.
    public func validate(_ value: SurfaceValue, viewModel: String) throws(SurfaceError) -> SurfaceValue {
        try accept(value, viewModel: viewModel).value
    }

    /// ``validate(_:viewModel:)``, keeping the value converted to the property's own type, so
    /// ``set(accepted:)`` writes it without converting it again (a `codable` input's value is
    /// decoded once per set).
    public func accept(_ value: SurfaceValue, viewModel: String) throws(SurfaceError) -> AcceptedValue {
        if isOptional, value == .null {
            guard let null = convert(.null) else { return AcceptedValue(value: .null, converted: nil, input: propertyIdentity) }
            return AcceptedValue(value: null.shown, converted: null.converted, input: propertyIdentity)
        }
        guard let accepted = type.accept(value) else {
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(type.expectation(orNull: isOptional)), got \(value.kindName) \(shown(value))")
        }
        guard constraint.admits(accepted) else {
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(type.expectation(constraint: constraintText, orNull: isOptional)), got \(shown(value))")
        }
        guard let converted = convert(accepted) else {
            let expected = expectation.map { $0 + (isOptional ? " or null" : "") } ?? type.expectation(orNull: isOptional)
            throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(expected), got \(shown(value))")
        }
        return AcceptedValue(value: converted.shown, converted: converted.converted, input: propertyIdentity)
    }

    /// Parses `text` as the input's type (``ValueType/parse(_:for:argument:constraint:orNull:)``,
    /// the rule binderyctl shares) and checks it, or throws. The message quotes at most an
    /// excerpt of `text`: "api.latencyMs expects an int between 0 and 60000, got
    /// "99999999999999999999", which is out of range".
    public func parse(_ text: String, viewModel: String) throws(SurfaceError) -> SurfaceValue {
        try acceptParsing(text, viewModel: viewModel).value
    }

    /// ``parse(_:viewModel:)``, keeping the converted value for ``set(accepted:)``.
    public func acceptParsing(_ text: String, viewModel: String) throws(SurfaceError) -> AcceptedValue {
        let parsed: JSONValue
        do {
            parsed = try type.parse(text, for: "\(viewModel).\(name)", constraint: constraintText, orNull: isOptional)
        } catch {
            // The parser quotes what it could not read; a secret's text is never repeated.
            guard !isSecret else {
                throw SurfaceError(.invalidValue, "\(viewModel).\(name) expects \(type.expectation(constraint: constraintText, orNull: isOptional)), got \(Self.secretNotQuoted)")
            }
            throw SurfaceError(.invalidValue, error.message)
        }
        return try accept(SurfaceValue(json: parsed), viewModel: viewModel)
    }

    /// How a refused value appears in a message: an excerpt, or for a secret input only that
    /// it is not repeated (a refusal lands in logs and scripts' output).
    private func shown(_ value: SurfaceValue) -> String {
        isSecret ? Self.secretNotQuoted : value.excerpt
    }

    /// What a message says instead of a secret input's refused value.
    static let secretNotQuoted = "a value not repeated here (the input is secret)"

    /// The constraint as messages say it, or nil when there is none.
    private var constraintText: String? { constraint == .none ? nil : constraint.description }

    /// Validates `value` and, if it is acceptable, sets it; throws and changes nothing
    /// otherwise. Returns the value as stored.
    @discardableResult
    public func set(_ value: SurfaceValue, viewModel: String) throws(SurfaceError) -> SurfaceValue {
        let accepted = try accept(value, viewModel: viewModel)
        set(accepted: accepted)
        return accepted.value
    }

    /// Sets a value ``accept(_:viewModel:)`` or ``acceptParsing(_:viewModel:)`` of this input
    /// returned, as it was converted then: neither checked nor converted again (a host
    /// accepts off the view model's scheduler, then applies on it). A value another input
    /// accepted is a programming error, and is ignored.
    public func set(accepted: AcceptedValue) {
        guard accepted.input == propertyIdentity, let converted = accepted.converted else { return }
        write(converted)
    }
}
