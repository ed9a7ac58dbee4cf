/// One SQLite value, as stored in a column or bound to a parameter.
///
/// SQLite has five storage classes; this enum has exactly one case for each. Text is always
/// valid UTF-8: text read from the database that is not valid UTF-8 is surfaced as `.blob`
/// of its bytes rather than silently repaired.
public enum SQLiteValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit IEEE floating-point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// The storage class's name as SQL spells it, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}
