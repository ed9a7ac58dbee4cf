import BinderySQLite

/// Why the state database could not be written, as a client and an operator need to hear it:
/// the cause first (`database is locked`, `disk full`, `read-only`, …), then SQLite's own words.
///
/// This is the one place that maps SQLite's result codes to the `storage` error's causes.
public struct StorageFault: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cause, in the words the protocol documents.
    public enum Cause: String, Sendable, Hashable {
        case locked = "database is locked"
        case diskFull = "disk full"
        case readOnly = "read-only"
        case ioError = "I/O error"
        case corrupt = "database is corrupt"
        case other = "database error"
    }

    /// The cause.
    public let cause: Cause
    /// SQLite's (or the store's) description, one line.
    public let detail: String

    /// Classifies a store failure.
    public init(_ error: StoreError) {
        detail = error.description
        guard case let .database(sqlite) = error else {
            cause = .other
            return
        }
        switch sqlite.code {
        case 5, 6: cause = .locked          // SQLITE_BUSY, SQLITE_LOCKED
        case 13: cause = .diskFull          // SQLITE_FULL
        case 8: cause = .readOnly           // SQLITE_READONLY
        case 11, 26: cause = .corrupt       // SQLITE_CORRUPT, SQLITE_NOTADB
        case 10, 14:                        // SQLITE_IOERR, SQLITE_CANTOPEN: the OS's reason tells
            let text = sqlite.message.lowercased()
            if text.contains("no space") || text.contains("quota") {
                cause = .diskFull
            } else if text.contains("read-only") || text.contains("readonly") || text.contains("permission denied") {
                cause = .readOnly
            } else {
                cause = .ioError
            }
        default: cause = .other
        }
    }

    /// "disk full (store: SQLite error 13 …)": the cause first, one line.
    public var description: String { "\(cause.rawValue) (\(detail))" }
}
