import CSQLite

/// An open SQLite connection, handed out only while `SQLiteDatabase` holds its lock.
///
/// SQL text is a `StaticString`: it can only be a literal in the source, so no statement is
/// ever assembled from runtime values — values travel exclusively as bound parameters
/// (`?` placeholders, in order). Prepared statements are cached per SQL text; since that
/// text is always a literal, the cache is bounded by the program's own statements.
/// Not `Sendable`: it is confined to the lock of the `SQLiteDatabase` that owns it.
public final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Takes ownership of an open handle; it is closed when the connection is released.
    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one statement with `parameters` bound to its `?` placeholders, discarding rows.
    public func execute(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = []
    ) throws(SQLiteError) {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        while try statement.step() {}
    }

    /// Runs one statement and returns every row it yields.
    public func query(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = []
    ) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        var rows: [SQLiteRow] = []
        while try statement.step() {
            rows.append(statement.currentRow())
        }
        return rows
    }

    /// Runs one statement and turns each row into a `T`; the first row that cannot be read
    /// fails the whole call with its `SQLiteError`.
    public func query<T>(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = [],
        as transform: (SQLiteRow) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        // Rows are copied out (and the statement reset) before `transform` runs, so a
        // transform may itself query, even with the same statement.
        let rows = try query(sql, parameters)
        var results: [T] = []
        results.reserveCapacity(rows.count)
        for row in rows {
            results.append(try transform(row))
        }
        return results
    }

    /// The first row the statement yields, or nil when it yields none.
    public func queryFirst(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = []
    ) throws(SQLiteError) -> SQLiteRow? {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        return try statement.step() ? statement.currentRow() : nil
    }

    /// Runs a script of several statements separated by `;`, with no parameters (DDL).
    public func executeScript(_ sql: StaticString) throws(SQLiteError) {
        try run(Self.text(of: sql))
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// Runs `body` atomically: everything it did is committed when it returns, and rolled
    /// back when it (or the commit) throws. Outside a transaction this is
    /// `BEGIN IMMEDIATE … COMMIT` (the write lock is taken up front, so two writers never
    /// deadlock upgrading read locks); inside one it is a savepoint, so transactions nest.
    public func transaction<T>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T {
        let outermost = !isInTransaction
        try run(outermost ? "BEGIN IMMEDIATE" : "SAVEPOINT bindery_nested")
        do {
            let result = try body(self)
            try run(outermost ? "COMMIT" : "RELEASE bindery_nested")
            return result
        } catch {
            // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL); then
            // ROLLBACK reports "no transaction is active", which changes nothing.
            if outermost {
                try? run("ROLLBACK")
            } else {
                try? run("ROLLBACK TO bindery_nested")
                try? run("RELEASE bindery_nested")
            }
            throw error
        }
    }

    /// The schema version stored in the database header (`PRAGMA user_version`).
    public func userVersion() throws(SQLiteError) -> Int {
        guard let row = try queryFirst("PRAGMA user_version") else {
            throw SQLiteError(code: SQLiteError.generic, message: "PRAGMA user_version returned no row")
        }
        return try row.value(at: 0)
    }

    /// Stores `version` in the database header. PRAGMA statements take no parameters; the
    /// text is built from an `Int` only, which cannot carry SQL.
    func setUserVersion(_ version: Int) throws(SQLiteError) {
        try run("PRAGMA user_version = \(version)")
    }

    /// Runs a PRAGMA whose single-row answer the caller checks (e.g. `journal_mode`).
    func pragmaValue(_ sql: StaticString) throws(SQLiteError) -> SQLiteValue? {
        try queryFirst(sql)?.values.first
    }

    private func prepared(_ sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
        let text = Self.text(of: sql)
        if let cached = statements[text] { return cached }
        let statement = try SQLiteStatement(sql: text, connection: handle)
        statements[text] = statement
        return statement
    }

    /// Executes trusted SQL text: literals of this file, or text built from an `Int`.
    private func run(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError.last(on: handle, code: code) }
    }

    private static func text(of sql: StaticString) -> String {
        sql.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}
