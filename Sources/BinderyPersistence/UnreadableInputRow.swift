/// A row of the input table that could not be read (wrong column type, text that is not
/// UTF-8, …) and was therefore skipped by `InputStore.loadAll()`.
public struct UnreadableInputRow: Sendable, Hashable {
    /// The row's SQLite rowid, to find it with the sqlite3 shell.
    public let rowID: Int64
    /// Why it could not be read, one line.
    public let reason: String

    /// Creates a report of one skipped row.
    public init(rowID: Int64, reason: String) {
        self.rowID = rowID
        self.reason = reason
    }
}
