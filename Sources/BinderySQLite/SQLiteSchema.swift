/// A database schema as an ordered list of migrations, tracked with `PRAGMA user_version`.
///
/// `migrate` reads the version in the file and applies every later migration in order,
/// all inside one transaction: a database is either left at its old version, untouched, or
/// brought to `latestVersion`; never half-migrated. A file whose version is newer than
/// this schema knows (written by a later build) is refused rather than guessed at.
public struct SQLiteSchema: Sendable {
    /// The migrations, versions 1, 2, 3, … in order.
    public let migrations: [SQLiteMigration]

    /// Creates a schema. The versions must be exactly 1…n in order — a programming error
    /// in the schema's own source otherwise, caught by the first test that opens it.
    public init(_ migrations: [SQLiteMigration]) {
        precondition(
            migrations.map(\.version) == Array(1..<(migrations.count + 1)),
            "SQLiteSchema migrations must be numbered 1…n in order")
        self.migrations = migrations
    }

    /// The version a fully migrated database has.
    public var latestVersion: Int {
        migrations.last?.version ?? 0
    }

    /// Brings the database to `latestVersion` and returns the version it had before
    /// (0 for a new, empty database). Runs as one transaction (a savepoint when the caller
    /// already opened one, so the caller can add work — e.g. fixtures — atomically).
    @discardableResult
    public func migrate(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
        try connection.transaction { (connection) throws(SQLiteError) -> Int in
            let found = try connection.userVersion()
            guard (0...latestVersion).contains(found) else {
                throw SQLiteError(
                    code: SQLiteError.generic,
                    message: "database schema version \(found) is not one this build knows (0…\(latestVersion))")
            }
            for migration in migrations where migration.version > found {
                try migration.apply(to: connection)
                try connection.setUserVersion(migration.version)
            }
            return found
        }
    }

    /// Migrates through the database's lock; see `migrate(_:)` on a connection.
    @discardableResult
    public func migrate(_ database: SQLiteDatabase) throws(SQLiteError) -> Int {
        try database.withConnection { (connection) throws(SQLiteError) -> Int in
            try migrate(connection)
        }
    }
}
