/// One result row, copied out of SQLite so it outlives the statement and crosses threads.
///
/// Reading a column by name or index either yields a value of the requested type or throws
/// an `SQLiteError` (`SQLITE_RANGE` for an unknown column, `SQLITE_MISMATCH` for a value of
/// another type) whose message names the column; a bad row never traps.
public struct SQLiteRow: Sendable, Hashable {
    /// The result columns' names, in order.
    public let columnNames: [String]
    /// The values, one per column, in the same order.
    public let values: [SQLiteValue]

    /// Creates a row; `values` and `columnNames` must have the same count.
    public init(columnNames: [String], values: [SQLiteValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    /// The value of the first column named `column`, or nil when there is no such column.
    public subscript(column: String) -> SQLiteValue? {
        columnNames.firstIndex(of: column).map { values[$0] }
    }

    /// Reads the column named `column` as `T`.
    public func value<T: SQLiteValueConvertible>(
        _ column: String, as type: T.Type = T.self
    ) throws(SQLiteError) -> T {
        guard let index = columnNames.firstIndex(of: column) else {
            throw SQLiteError(
                code: SQLiteError.range,
                message: "no column '\(column)' in row (\(columnNames.joined(separator: ", ")))")
        }
        return try decode(at: index, name: column, as: type)
    }

    /// Reads the column at zero-based `index` as `T`.
    public func value<T: SQLiteValueConvertible>(
        at index: Int, as type: T.Type = T.self
    ) throws(SQLiteError) -> T {
        guard values.indices.contains(index) else {
            throw SQLiteError(
                code: SQLiteError.range,
                message: "no column at index \(index) (row has \(values.count) columns)")
        }
        let name = columnNames.indices.contains(index) ? columnNames[index] : "#\(index)"
        return try decode(at: index, name: name, as: type)
    }

    private func decode<T: SQLiteValueConvertible>(
        at index: Int, name: String, as type: T.Type
    ) throws(SQLiteError) -> T {
        let stored = values[index]
        guard let value = T(sqliteValue: stored) else {
            throw SQLiteError(
                code: SQLiteError.mismatch,
                message: "column '\(name)' holds \(stored.typeName), expected \(T.self)")
        }
        return value
    }
}
