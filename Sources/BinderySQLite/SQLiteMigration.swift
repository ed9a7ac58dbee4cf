/// One step of a schema: what turns a database at `version - 1` into one at `version`.
public struct SQLiteMigration: Sendable {
    /// The schema version this step produces (1 for the first).
    public let version: Int
    /// What the step does, for logs and errors.
    public let summary: String
    private let body: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void

    /// A step running arbitrary statements on the connection (inside the migration's
    /// transaction).
    public init(
        version: Int, summary: String,
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Void
    ) {
        self.version = version
        self.summary = summary
        self.body = body
    }

    /// A step that runs one parameterless DDL script.
    public static func script(version: Int, summary: String, _ sql: StaticString) -> SQLiteMigration {
        SQLiteMigration(version: version, summary: summary) { (connection) throws(SQLiteError) in
            try connection.executeScript(sql)
        }
    }

    func apply(to connection: SQLiteConnection) throws(SQLiteError) {
        do {
            try body(connection)
        } catch {
            throw SQLiteError(
                code: error.extendedCode,
                message: "migration to schema version \(version) (\(summary)) failed: \(error.message)")
        }
    }
}
