import CSQLite

/// SQLite's `SQLITE_TRANSIENT`: a macro Swift does not import. It tells SQLite to copy bound
/// text and blobs, so Swift's buffers only need to live for the duration of the bind call.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement of one connection; used only by `SQLiteConnection`, under the
/// connection's lock, and finalized when released.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    /// The result columns' names, shared by every row the statement yields.
    let columnNames: [String]

    /// Prepares exactly one statement; an empty string or trailing statements are an error,
    /// so no text beyond the first statement is silently ignored.
    init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
        var statement: OpaquePointer?
        var unparsedTail = ""
        let code = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(
                connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            if let tail { unparsedTail = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLiteError.last(on: connection, code: code)
        }
        guard let statement else {
            throw SQLiteError(code: SQLiteError.misuse, message: "empty SQL statement")
        }
        guard unparsedTail.allSatisfy(\.isWhitespace) else {
            sqlite3_finalize(statement)
            throw SQLiteError(
                code: SQLiteError.misuse,
                message: "more than one SQL statement in one call; use executeScript for scripts")
        }
        self.handle = statement
        self.connection = connection
        self.columnNames = (0..<sqlite3_column_count(statement)).map { index in
            sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "#\(index)"
        }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `parameters` to `?1…?n`; their number must match the statement's.
    func bind(_ parameters: [any SQLiteValueConvertible]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == parameters.count else {
            throw SQLiteError(
                code: SQLiteError.range,
                message: "statement has \(expected) parameters, \(parameters.count) given")
        }
        for (offset, parameter) in parameters.enumerated() {
            let code = bind(parameter.sqliteValue, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw SQLiteError.last(on: connection, code: code) }
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // Bound by length, so text containing NUL is stored whole; an empty buffer may have
            // no base address, which SQLite would read as NULL, hence the explicit "".
            var text = text
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, transientDestructor)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transientDestructor)
                }
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, !raw.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob(handle, index, base, Int32(raw.count), transientDestructor)
            }
        }
    }

    /// Steps to the next row: true when a row is available, false when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError.last(on: connection, code: code)
        }
    }

    /// Copies the current row out of SQLite.
    func currentRow() -> SQLiteRow {
        let values = (0..<Int32(columnNames.count)).map(columnValue)
        return SQLiteRow(columnNames: columnNames, values: values)
    }

    private func columnValue(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let bytes = columnBytes(text: true, index)
            if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
            return .blob(bytes)
        case SQLITE_BLOB:
            return .blob(columnBytes(text: false, index))
        default:
            return .null
        }
    }

    private func columnBytes(text: Bool, _ index: Int32) -> [UInt8] {
        // The pointer must be fetched before the length (SQLite's documented order).
        let pointer: UnsafeRawPointer? =
            text ? sqlite3_column_text(handle, index).map(UnsafeRawPointer.init)
                 : sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Ends the current execution so the statement holds no read or write lock.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
