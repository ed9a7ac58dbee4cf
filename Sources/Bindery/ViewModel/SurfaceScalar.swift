import BinderyProtocol
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value an input holds as one of the basic types with a rule of its own — `String`, `Int`,
/// `Double`, `Bool`, `Float` (a double), `Date` (an ISO 8601 string), `URL` (an absolute URL),
/// `UUID` (its string) — so a person types it as it reads (`set trip.departure
/// 2026-12-01T23:41:07Z`), and an optional of it takes `null` as well.
public protocol SurfaceScalar: SurfaceRepresentable, Sendable {
    /// The type it is typed and sent as.
    static var valueType: ValueType { get }
    /// What an input of it accepts when its view model declares nothing.
    static var defaultConstraint: InputConstraint { get }
    /// What a value must be beyond its type ("an ISO 8601 date …"), for errors; nil when the
    /// type says it all.
    static var expectation: String? { get }
    /// The value `surfaceValue` denotes (already of ``valueType``), or nil if it denotes none.
    init?(surfaceValue: SurfaceValue)
}

extension SurfaceScalar {
    public static var defaultConstraint: InputConstraint { .none }
    public static var expectation: String? { nil }
}

extension String: SurfaceScalar {
    public static var valueType: ValueType { .string }
    /// At most 4096 characters.
    public static var defaultConstraint: InputConstraint { .maxLength(4096) }
    public init?(surfaceValue: SurfaceValue) { if case let .string(s) = surfaceValue { self = s } else { return nil } }
}

extension Int: SurfaceScalar {
    public static var valueType: ValueType { .int }
    public init?(surfaceValue: SurfaceValue) { if case let .int(i) = surfaceValue { self = i } else { return nil } }
}

extension Double: SurfaceScalar {
    public static var valueType: ValueType { .double }
    public init?(surfaceValue: SurfaceValue) { if case let .double(d) = surfaceValue { self = d } else { return nil } }
}

extension Bool: SurfaceScalar {
    public static var valueType: ValueType { .bool }
    public init?(surfaceValue: SurfaceValue) { if case let .bool(b) = surfaceValue { self = b } else { return nil } }
}

extension Float: SurfaceScalar {
    public static var valueType: ValueType { .double }
    /// A double beyond `Float`'s range would be held as infinity, which JSON cannot carry: shown
    /// and stored as null, and refused when read back at the next start.
    public static var expectation: String? { "a double within ±\(Float.greatestFiniteMagnitude) (a Float)" }
    /// A negative double too small for a `Float` (-1e-60) is held as 0, as a positive one is:
    /// not as negative zero, which equals 0 yet is written `-0.0` (one value, one spelling).
    public init?(surfaceValue: SurfaceValue) {
        guard case let .double(d) = surfaceValue, Float(d).isFinite else { return nil }
        self = Float(d) == 0 ? 0 : Float(d)
    }
}

extension Date: SurfaceScalar {
    public static var valueType: ValueType { .string }
    public static var expectation: String? { "an ISO 8601 date and time such as 2026-12-01T23:41:07Z" }
    public init?(surfaceValue: SurfaceValue) {
        guard case let .string(s) = surfaceValue, let date = Date(surfaceText: s) else { return nil }
        self = date
    }
}

extension URL: SurfaceScalar {
    public static var valueType: ValueType { .string }
    public static var expectation: String? { "an absolute URL such as https://example.com/" }
    public init?(surfaceValue: SurfaceValue) {
        guard case let .string(s) = surfaceValue, let url = URL(string: s), url.scheme != nil else { return nil }
        self = url
    }
}

extension UUID: SurfaceScalar {
    public static var valueType: ValueType { .string }
    public static var expectation: String? { "a UUID such as 123E4567-E89B-12D3-A456-426614174000" }
    public init?(surfaceValue: SurfaceValue) {
        guard case let .string(s) = surfaceValue, let uuid = UUID(uuidString: s) else { return nil }
        self = uuid
    }
}
