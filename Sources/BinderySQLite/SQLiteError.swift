import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failure reported by SQLite, or detected while turning a row into Swift values.
///
/// `code` is SQLite's primary result code (`SQLITE_NOTADB`, `SQLITE_CONSTRAINT`, …),
/// `extendedCode` the extended one when SQLite gave it (else equal to `code`). Errors Bindery
/// detects itself use the closest SQLite code: a column of the wrong type is
/// `SQLITE_MISMATCH`, a missing column or a wrong parameter count `SQLITE_RANGE`, a misused
/// API `SQLITE_MISUSE`. `description` is always a single line.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's primary result code (the low 8 bits of `extendedCode`).
    public let code: Int32
    /// SQLite's extended result code, e.g. `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public let extendedCode: Int32
    /// What went wrong, as SQLite (or Bindery) phrased it, on one line.
    public let message: String

    /// Creates an error from a result code and a message; newlines in `message` become spaces.
    public init(code: Int32, message: String) {
        self.extendedCode = code
        self.code = code & 0xFF
        self.message = Self.oneLine(message)
    }

    /// `SQLITE_NOTADB`: the file exists but is not an SQLite database.
    public static let notADatabase: Int32 = SQLITE_NOTADB
    /// `SQLITE_CORRUPT`: the database file is damaged.
    public static let corrupt: Int32 = SQLITE_CORRUPT
    /// `SQLITE_MISMATCH`: a value does not have the type the caller asked for.
    public static let mismatch: Int32 = SQLITE_MISMATCH
    /// `SQLITE_RANGE`: a column name/index or a parameter count does not fit the statement.
    public static let range: Int32 = SQLITE_RANGE
    /// `SQLITE_CONSTRAINT`: a UNIQUE, NOT NULL, CHECK or foreign-key constraint failed.
    public static let constraint: Int32 = SQLITE_CONSTRAINT
    /// `SQLITE_ERROR`: generic error (bad SQL, or a schema this build cannot handle).
    public static let generic: Int32 = SQLITE_ERROR
    /// `SQLITE_MISUSE`: the API was used in a way SQLite does not allow.
    public static let misuse: Int32 = SQLITE_MISUSE
    /// `SQLITE_CANTOPEN`: the database file could not be opened.
    public static let cannotOpen: Int32 = SQLITE_CANTOPEN
    /// Another connection holds the database (or its write-ahead log) busy.
    public static let busy: Int32 = SQLITE_BUSY

    /// "SQLite error 26 (file is not a database): …" — one line.
    public var description: String {
        let name = String(cString: sqlite3_errstr(extendedCode))
        if name == message {
            return "SQLite error \(code): \(message)"
        }
        return "SQLite error \(code) (\(name)): \(message)"
    }

    /// The connection's current error, as SQLite reports it after a failed call.
    static func last(on handle: OpaquePointer?, code: Int32) -> SQLiteError {
        guard let handle else {
            return SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)))
        }
        let extended = sqlite3_extended_errcode(handle) == 0 ? code : sqlite3_extended_errcode(handle)
        var message = String(cString: sqlite3_errmsg(handle))
        // For I/O failures SQLite's message is generic ("disk I/O error"); the operating
        // system's reason (read-only file system, no space left) is what a person acts on.
        let systemError = sqlite3_system_errno(handle)
        if systemError != 0, [SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL, SQLITE_READONLY].contains(extended & 0xFF) {
            message += " (\(String(cString: strerror(systemError))))"
        }
        return SQLiteError(code: extended, message: message)
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
