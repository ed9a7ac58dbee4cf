/// A Swift value a surface can show: it knows its `SurfaceValue`.
public protocol SurfaceRepresentable: SendableMetatype {
    /// The value as plain data.
    var surfaceValue: SurfaceValue { get }
}

extension SurfaceValue: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { self }
}

extension String: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { .string(self) }
}

extension Int: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { .int(self) }
}

extension Double: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { .double(self) }
}

extension Bool: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { .bool(self) }
}

extension Optional: SurfaceRepresentable where Wrapped: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { map(\.surfaceValue) ?? .null }
}

extension Array: SurfaceRepresentable where Element: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { .list(map(\.surfaceValue)) }
}

extension SurfaceRecord: SurfaceRepresentable {
    public var surfaceValue: SurfaceValue { .record(self) }
}

extension SurfaceRepresentable where Self: Encodable {
    /// A `Codable` struct or enum needs no `surfaceValue` of its own: declare
    /// `extension Account: SurfaceRepresentable {}` and it shows its Codable form, as
    /// ``SurfaceValueEncoder`` has it (a record of its fields; dates as ISO 8601, raw-value enums
    /// as their raw value) — what a property or an action of it shows without the declaration.
    public var surfaceValue: SurfaceValue { SurfaceValueEncoder.encodeCodableForm(self) }
}

extension SurfaceRepresentable where Self: RawRepresentable & Encodable, RawValue: SurfaceRepresentable {
    /// A `Codable` enum with raw values shows its raw value (its Codable form too): without
    /// this, it would match both the default above and the raw-value one, and compile with neither.
    public var surfaceValue: SurfaceValue { rawValue.surfaceValue }
}
