/// Why a call to one of Bindery's SQLite-backed stores (`Store`, the daemon's `InputStore`)
/// failed. Nothing was changed by a call that threw; `description` is one line.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite failed (bad file, full disk, a row of the wrong type, …).
    case database(SQLiteError)
    /// An argument was out of range (negative page, empty name, …); the message says which.
    case invalidArgument(String)
    /// The store's directory could not be created.
    case directory(path: String, reason: String)

    /// One line naming what failed.
    public var description: String {
        switch self {
        case .database(let error): "store: \(error)"
        case .invalidArgument(let message): "store: invalid argument: \(message)"
        case .directory(let path, let reason): "store: cannot create directory \(path): \(reason)"
        }
    }
}
