/// A Swift type that can be bound to an SQL parameter and read back from a column.
///
/// `init?(sqliteValue:)` returns nil when the stored value does not have a matching type or
/// does not fit (an integer too large for `Int32`, text where a number is expected); the
/// caller turns that into an `SQLiteError` naming the column. It never traps.
public protocol SQLiteValueConvertible: Sendable {
    /// The value to bind.
    var sqliteValue: SQLiteValue { get }
    /// Reads a value of this type, or nil when `sqliteValue` has another type or is out of range.
    init?(sqliteValue: SQLiteValue)
}

extension SQLiteValue: SQLiteValueConvertible {
    /// The value itself.
    public var sqliteValue: SQLiteValue { self }
    /// Always succeeds: any stored value is an `SQLiteValue`.
    public init?(sqliteValue: SQLiteValue) { self = sqliteValue }
}

extension String: SQLiteValueConvertible {
    /// Binds as text.
    public var sqliteValue: SQLiteValue { .text(self) }
    /// Reads text only; numbers and blobs are a type mismatch.
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self = text
    }
}

extension Int64: SQLiteValueConvertible {
    /// Binds as an integer.
    public var sqliteValue: SQLiteValue { .integer(self) }
    /// Reads integers only.
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue else { return nil }
        self = value
    }
}

extension Int: SQLiteValueConvertible {
    /// Binds as a 64-bit integer.
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    /// Reads integers that fit in `Int`.
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue, let exact = Int(exactly: value) else {
            return nil
        }
        self = exact
    }
}

extension Int32: SQLiteValueConvertible {
    /// Binds as an integer.
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    /// Reads integers that fit in `Int32`.
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue, let exact = Int32(exactly: value) else {
            return nil
        }
        self = exact
    }
}

extension Double: SQLiteValueConvertible {
    /// Binds as a real.
    public var sqliteValue: SQLiteValue { .real(self) }
    /// Reads reals, and integers (SQLite stores integral REAL values compactly).
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: SQLiteValueConvertible {
    /// Binds as 1 or 0.
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    /// Reads the integers 0 and 1 only.
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
}

extension Array: SQLiteValueConvertible where Element == UInt8 {
    /// Binds as a blob.
    public var sqliteValue: SQLiteValue { .blob(self) }
    /// Reads blobs only.
    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let bytes) = sqliteValue else { return nil }
        self = bytes
    }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
    /// Binds `nil` as NULL, anything else as the wrapped value.
    public var sqliteValue: SQLiteValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.sqliteValue
        }
    }
    /// Reads NULL as `nil`; any other value must be readable as `Wrapped`.
    public init?(sqliteValue: SQLiteValue) {
        if case .null = sqliteValue {
            self = .none
            return
        }
        guard let wrapped = Wrapped(sqliteValue: sqliteValue) else { return nil }
        self = .some(wrapped)
    }
}
