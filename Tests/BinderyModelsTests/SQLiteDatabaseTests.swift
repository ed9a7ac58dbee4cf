import BinderySQLite
import BinderyModels
import BinderyTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(2))) struct SQLiteDatabaseTests {
    private func tableDatabase() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(.memory)
        try database.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)")
        return database
    }

    @Test func valuesRoundTripThroughBoundParameters() throws {
        let database = try tableDatabase()
        let name = "it's \"quoted\"; DROP TABLE items; -- 名前"
        try database.execute(
            "INSERT INTO items (id, name, score, data) VALUES (?, ?, ?, ?)",
            [1, name, 2.5, [0, 255, 7] as [UInt8]])
        let row = try #require(try database.queryFirst("SELECT id, name, score, data FROM items"))
        #expect(try row.value("id", as: Int.self) == 1)
        #expect(try row.value("name", as: String.self) == name)
        #expect(try row.value("score", as: Double.self) == 2.5)
        #expect(try row.value("data", as: [UInt8].self) == [0, 255, 7])
        #expect(try database.query("SELECT count(*) FROM items").first?.value(at: 0, as: Int.self) == 1)
    }

    @Test func textWithNULAndEmptyTextAreNotNull() throws {
        let database = try tableDatabase()
        try database.execute("INSERT INTO items (id, name) VALUES (1, ?)", ["a\u{0}b"])
        try database.execute("INSERT INTO items (id, name) VALUES (2, ?)", [""])
        try database.execute("INSERT INTO items (id, name) VALUES (3, ?)", [String?.none])
        let names = try database.query("SELECT name FROM items ORDER BY id") { (row) throws(SQLiteError) in
            try row.value("name", as: String?.self)
        }
        #expect(names == ["a\u{0}b", "", nil])
    }

    @Test func aColumnOfTheWrongTypeIsATypedError() throws {
        let database = try tableDatabase()
        try database.execute("INSERT INTO items (id, name, score) VALUES (1, ?, ?)", [42, "high"])
        let row = try #require(try database.queryFirst("SELECT id, name, score FROM items"))
        let error = #expect(throws: SQLiteError.self) { try row.value("score", as: Double.self) }
        #expect(error?.code == SQLiteError.mismatch)
        #expect(error?.description.contains("score") == true)
        #expect(error?.description.contains("\n") == false)
        // Text affinity stored the integer as text: reading it as Int is a mismatch too.
        #expect(throws: SQLiteError.self) { try row.value("name", as: Int.self) }
        let missing = #expect(throws: SQLiteError.self) { try row.value("nope", as: Int.self) }
        #expect(missing?.code == SQLiteError.range)
        #expect(throws: SQLiteError.self) { try row.value(at: 9, as: Int.self) }
    }

    @Test func invalidUTF8IsReadAsBytesNotRepairedText() throws {
        let database = try tableDatabase()
        try database.execute("INSERT INTO items (id, name) VALUES (1, CAST(? AS TEXT))", [[0xFF, 0xFE] as [UInt8]])
        let row = try #require(try database.queryFirst("SELECT name FROM items"))
        #expect(row["name"] == .blob([0xFF, 0xFE]))
        #expect(throws: SQLiteError.self) { try row.value("name", as: String.self) }
    }

    @Test func integerRangeIsCheckedNotTruncated() throws {
        let database = try SQLiteDatabase(.memory)
        let row = try #require(try database.queryFirst("SELECT ? AS big", [Int64.max]))
        #expect(try row.value("big", as: Int64.self) == .max)
        #expect(throws: SQLiteError.self) { try row.value("big", as: Int32.self) }
        #expect(throws: SQLiteError.self) { try row.value("big", as: Bool.self) }
    }

    @Test func badSQLParameterCountsAndScriptsAreTypedErrors() throws {
        let database = try tableDatabase()
        #expect(throws: SQLiteError.self) { try database.execute("SELEC nonsense") }
        let count = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO items (id) VALUES (?)", [1, 2])
        }
        #expect(count?.code == SQLiteError.range)
        let script = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO items (id) VALUES (1); DELETE FROM items")
        }
        #expect(script?.code == SQLiteError.misuse)
        #expect(try database.query("SELECT id FROM items").isEmpty)
        let constraint = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO items (id) VALUES (?)", [1])
            try database.execute("INSERT INTO items (id) VALUES (?)", [1])
        }
        #expect(constraint?.code == SQLiteError.constraint)
    }

    @Test func transactionCommitsOrRollsBackAsAWhole() throws {
        let database = try tableDatabase()
        try database.transaction { (connection) throws(SQLiteError) in
            try connection.execute("INSERT INTO items (id) VALUES (1)")
            try connection.execute("INSERT INTO items (id) VALUES (2)")
        }
        #expect(throws: SQLiteError.self) {
            try database.transaction { (connection) throws(SQLiteError) in
                try connection.execute("INSERT INTO items (id) VALUES (3)")
                try connection.execute("INSERT INTO items (id) VALUES (1)")  // duplicate key
            }
        }
        let ids = try database.query("SELECT id FROM items ORDER BY id") { (row) throws(SQLiteError) in
            try row.value("id", as: Int.self)
        }
        #expect(ids == [1, 2])
        #expect(try database.withConnection { $0.isInTransaction } == false)
    }

    @Test func nestedTransactionRollsBackOnlyItsOwnWork() throws {
        let database = try tableDatabase()
        try database.transaction { (connection) throws(SQLiteError) in
            try connection.execute("INSERT INTO items (id) VALUES (1)")
            do throws(SQLiteError) {
                try connection.transaction { (connection) throws(SQLiteError) in
                    try connection.execute("INSERT INTO items (id) VALUES (2)")
                    try connection.execute("INSERT INTO items (id) VALUES (1)")
                }
            } catch {
                #expect(error.code == SQLiteError.constraint)
            }
            try connection.execute("INSERT INTO items (id) VALUES (3)")
        }
        let ids = try database.query("SELECT id FROM items ORDER BY id") { (row) throws(SQLiteError) in
            try row.value("id", as: Int.self)
        }
        #expect(ids == [1, 3])
    }

    @Test func fileDatabaseUsesWALAndRequestedSynchronous() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(
            .file(path: directory.path("wal.sqlite")), options: .init(synchronous: .full))
        #expect(try database.queryFirst("PRAGMA journal_mode")?.value(at: 0, as: String.self) == "wal")
        #expect(try database.queryFirst("PRAGMA synchronous")?.value(at: 0, as: Int.self) == 2)
    }

    @Test func garbageFileIsATypedErrorAtOpen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("garbage.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: directory.file("garbage.sqlite"))
        let error = #expect(throws: SQLiteError.self) { try SQLiteDatabase(.file(path: path)) }
        #expect(error?.code == SQLiteError.notADatabase)
    }

    @Test func missingDirectoryIsATypedErrorAtOpen() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) {
            try SQLiteDatabase(.file(path: directory.path("no/such/dir/db.sqlite")))
        }
        #expect(error?.code == SQLiteError.cannotOpen)
    }

    @Test func schemaRefusesAVersionItDoesNotKnow() throws {
        let database = try SQLiteDatabase(.memory)
        let schema = SQLiteSchema([
            .script(version: 1, summary: "t", "CREATE TABLE t (x INTEGER)"),
        ])
        #expect(try schema.migrate(database) == 0)
        #expect(try schema.migrate(database) == 1)
        try database.execute("PRAGMA user_version = 7")
        #expect(throws: SQLiteError.self) { try schema.migrate(database) }
        #expect(try database.userVersion() == 7)
    }

    @Test func aFailingMigrationLeavesTheDatabaseAtItsOldVersion() throws {
        let database = try SQLiteDatabase(.memory)
        let schema = SQLiteSchema([
            .script(version: 1, summary: "t", "CREATE TABLE t (x INTEGER)"),
            .script(version: 2, summary: "broken", "CREATE TABLE u (y INTEGER); CREATE TABLE t (x INTEGER)"),
        ])
        let error = #expect(throws: SQLiteError.self) { try schema.migrate(database) }
        #expect(error?.message.contains("version 2") == true)
        #expect(try database.userVersion() == 0)
        #expect(try database.query("SELECT name FROM sqlite_master").isEmpty)
    }
}
