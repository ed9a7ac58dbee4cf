import BinderyProtocol

/// The type of a surface value (BinderyProtocol' one definition, shared with the daemon and
/// binderyctl), named here so a view model's code needs only `import Bindery` (to conform a type
/// of its own to ``SurfaceScalar``, say).
public typealias ValueType = BinderyProtocol.ValueType

extension ValueType {
    /// `value` as this type, if it is one: an int is accepted for a double, and a whole double
    /// for an int; json accepts any value (its input's type decides); nothing else is converted.
    /// A double is never negative zero: it equals 0 yet is written `-0.0`, so one state would
    /// have two spellings.
    public func accept(_ value: SurfaceValue) -> SurfaceValue? {
        switch (self, value) {
        case let (.double, .double(d)) where d == 0 && d.sign == .minus:
            return nil
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.json, _):
            return value
        case let (.double, .int(i)):
            return .double(Double(i))
        case let (.int, .double(d)):
            guard d == d.rounded(), let i = Int(exactly: d) else { return nil }
            return .int(i)
        default:
            return nil
        }
    }
}
