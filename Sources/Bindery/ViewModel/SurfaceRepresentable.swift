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
