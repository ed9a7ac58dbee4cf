#if canImport(FoundationEssentials)
import BinderySQLite
import FoundationEssentials
#else
import Foundation
#endif

/// Bindery's Model layer: accounts, products, users and tweets, books, and the login's
/// remembered credentials, in one SQLite database.
///
/// Opening migrates the file forward to `Store.schemaVersion` and, for a new database,
/// inserts `StoreFixtures` in the same transaction. Every method is safe to call from any
/// thread (calls are serialised on one connection), returns plain `Sendable` values, and
/// reports failure as a `StoreError` — bad arguments included; it never traps.
public final class Store: Sendable {
    /// The schema version a store file has once opened by this build.
    public static let schemaVersion = StoreSchema.schema.latestVersion
    /// The database file's name inside the directory given to `init(directory:)`.
    public static let fileName = "bindery.sqlite"

    private let database: SQLiteDatabase

    /// Opens the store in `directory` (creating the directory and `bindery.sqlite` if
    /// needed), or a private in-memory store when `directory` is nil. Fails with
    /// `StoreError.database` when the file is not a database or its schema is newer than
    /// this build knows.
    public init(directory: URL?) throws(StoreError) {
        let location: SQLiteDatabase.Location
        if let directory {
            let path = directory.path(percentEncoded: false)
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreError.directory(path: path, reason: "\(error)")
            }
            location = .file(path: directory.appending(path: Self.fileName).path(percentEncoded: false))
        } else {
            location = .memory
        }
        do {
            database = try SQLiteDatabase(location, options: .init(synchronous: .full))
            try database.withConnection { (connection) throws(SQLiteError) in
                try connection.transaction { (connection) throws(SQLiteError) in
                    let previousVersion = try StoreSchema.schema.migrate(connection)
                    if previousVersion == 0 {
                        try StoreFixtures.insert(into: connection)
                    }
                }
            }
        } catch {
            throw StoreError.database(error)
        }
    }

    /// The account with this exact phone number, or nil.
    public func account(phone: String) throws(StoreError) -> Account? {
        try read { (connection) throws(SQLiteError) in
            try connection.queryFirst(
                "SELECT phone, verification_code, name, avatar_url FROM accounts WHERE phone = ?",
                [phone]
            ).map(Account.init(row:))
        }
    }

    /// Page `page` (0-based) of the catalogue in id order, at most `pageSize` products; empty
    /// past the end. `page` must be ≥ 0 and `pageSize` ≥ 1.
    public func products(page: Int, pageSize: Int) throws(StoreError) -> [Product] {
        guard page >= 0 else { throw StoreError.invalidArgument("page must be ≥ 0, got \(page)") }
        guard pageSize >= 1 else {
            throw StoreError.invalidArgument("pageSize must be ≥ 1, got \(pageSize)")
        }
        let (offset, overflow) = page.multipliedReportingOverflow(by: pageSize)
        guard !overflow else {
            throw StoreError.invalidArgument("page \(page) × pageSize \(pageSize) is out of range")
        }
        return try read { (connection) throws(SQLiteError) in
            try connection.query(
                "SELECT id, title FROM products ORDER BY id LIMIT ? OFFSET ?",
                [pageSize, offset], as: Product.init(row:))
        }
    }

    /// How many products the catalogue has.
    public func productCount() throws(StoreError) -> Int {
        try count { (connection) throws(SQLiteError) in
            try connection.queryFirst("SELECT count(*) FROM products")
        }
    }

    /// The user with this username (case-insensitive), or nil.
    public func user(username: String) throws(StoreError) -> User? {
        try read { (connection) throws(SQLiteError) in
            try connection.queryFirst(
                "SELECT username, full_name, avatar_url FROM users WHERE username = ?",
                [username]
            ).map(User.init(row:))
        }
    }

    /// Every username, in alphabetical order (for "no such user" messages).
    public func usernames() throws(StoreError) -> [String] {
        try read { (connection) throws(SQLiteError) in
            try connection.query("SELECT username FROM users ORDER BY username", [], as: { (row) throws(SQLiteError) -> String in try row.value("username") })
        }
    }

    /// At most `limit` of the user's tweets in id order, skipping the first `offset`; empty for
    /// an unknown user or past the end. `offset` and `limit` must be ≥ 0.
    public func tweets(username: String, offset: Int, limit: Int) throws(StoreError) -> [Tweet] {
        guard offset >= 0 else { throw StoreError.invalidArgument("offset must be ≥ 0, got \(offset)") }
        guard limit >= 0 else { throw StoreError.invalidArgument("limit must be ≥ 0, got \(limit)") }
        return try read { (connection) throws(SQLiteError) in
            try connection.query(
                """
                SELECT tweets.id, users.username, users.full_name, users.avatar_url, tweets.content
                FROM tweets JOIN users ON users.username = tweets.username
                WHERE tweets.username = ? ORDER BY tweets.id LIMIT ? OFFSET ?
                """,
                [username, limit, offset], as: Tweet.init(row:))
        }
    }

    /// How many tweets the user has (0 for an unknown user).
    public func tweetCount(username: String) throws(StoreError) -> Int {
        try count { (connection) throws(SQLiteError) in
            try connection.queryFirst("SELECT count(*) FROM tweets WHERE username = ?", [username])
        }
    }

    /// Books whose title or author contains `query`, ignoring ASCII case, ordered by title.
    /// `%`, `_` and `\` in the query are literal characters, not wildcards; an empty query
    /// matches every book.
    public func books(matching query: String) throws(StoreError) -> [Book] {
        let pattern = "%" + Self.escapedForLike(query) + "%"
        return try read { (connection) throws(SQLiteError) in
            try connection.query(
                """
                SELECT id, title, author, year FROM books
                WHERE title LIKE ?1 ESCAPE '\\' OR author LIKE ?1 ESCAPE '\\'
                ORDER BY title COLLATE NOCASE, id
                """,
                [pattern], as: Book.init(row:))
        }
    }

    /// The phone and code the login last remembered, or nil if it never did.
    public func savedCredentials() throws(StoreError) -> (phone: String, code: String)? {
        try read { (connection) throws(SQLiteError) -> SavedCredentials? in
            let rows = try connection.query(
                "SELECT key, value FROM settings WHERE key IN ('login.phone', 'login.code')")
            var values: [String: String] = [:]
            for row in rows {
                values[try row.value("key")] = try row.value("value")
            }
            guard let phone = values["login.phone"], let code = values["login.code"] else {
                return nil
            }
            return SavedCredentials(phone: phone, code: code)
        }.map { ($0.phone, $0.code) }
    }

    /// Remembers phone and code for the login's fill-up, replacing what was saved; both are
    /// written in one transaction, so a reader never sees one without the other.
    public func saveCredentials(phone: String, code: String) throws(StoreError) {
        do {
            try database.transaction { (connection) throws(SQLiteError) in
                for (key, value) in [("login.phone", phone), ("login.code", code)] {
                    try connection.execute(
                        """
                        INSERT INTO settings (key, value) VALUES (?, ?)
                        ON CONFLICT(key) DO UPDATE SET value = excluded.value
                        """,
                        [key, value])
                }
            }
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Copies the write-ahead log into the database file and truncates it, so a clean stop
    /// leaves one self-contained `bindery.sqlite`. Fails (`StoreError.database`, code busy)
    /// when another connection keeps the log in use; nothing is lost either way.
    public func checkpoint() throws(StoreError) {
        do {
            try database.checkpoint()
        } catch {
            throw StoreError.database(error)
        }
    }

    /// `LIKE` has two wildcards, `%` and `_`; escaping them (and the escape character
    /// itself) with `\` makes every character of `text` match only itself.
    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return escaped
    }

    private struct SavedCredentials: Sendable {
        let phone: String
        let code: String
    }

    private func read<T: Sendable>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> T
    ) throws(StoreError) -> T {
        do {
            return try database.withConnection(body)
        } catch {
            throw StoreError.database(error)
        }
    }

    private func count(
        _ body: (SQLiteConnection) throws(SQLiteError) -> SQLiteRow?
    ) throws(StoreError) -> Int {
        try read { (connection) throws(SQLiteError) -> Int in
            guard let row = try body(connection) else { return 0 }
            return try row.value(at: 0)
        }
    }
}
