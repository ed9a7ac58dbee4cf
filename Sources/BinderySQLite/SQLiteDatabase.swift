import BinderyPrimitives
import CSQLite

/// A thread-safe SQLite connection: one handle behind a lock (the package's `Lock`, which
/// ThreadSanitizer sees in `make tsan`), so any thread may call it and calls are serialised.
/// Every method either succeeds or throws an `SQLiteError`; none traps on bad SQL, bad rows
/// or a bad file.
///
/// Files are opened in WAL mode (readers never block the writer). With
/// `synchronous: .full`, a write has been fsynced to the WAL when the call that committed it
/// returns, so it survives `kill -9` and power loss; `.normal` may lose the last commits on
/// power loss (never on a process crash) and is faster.
public final class SQLiteDatabase: Sendable {
    /// Where the database lives.
    public enum Location: Sendable, Equatable {
        /// A private in-memory database that disappears with this object.
        case memory
        /// A file at `path`, created if missing (its directory must exist).
        case file(path: String)
    }

    /// How hard SQLite works to make a commit durable (`PRAGMA synchronous`).
    public enum Synchronous: Sendable, Equatable {
        /// Commits survive a process crash; the latest may be lost on power loss.
        case normal
        /// Every commit is fsynced before it returns: survives crashes and power loss.
        case full
    }

    /// Options applied when the connection opens.
    public struct Options: Sendable, Equatable {
        /// Durability of commits; `.normal` by default.
        public var synchronous: Synchronous
        /// How long a statement waits for another process's lock before failing with
        /// `SQLITE_BUSY`, in milliseconds.
        public var busyTimeoutMilliseconds: Int32

        /// Creates options; the defaults suit a single-process reader/writer.
        public init(synchronous: Synchronous = .normal, busyTimeoutMilliseconds: Int32 = 5_000) {
            self.synchronous = synchronous
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        }
    }

    /// Where this database lives.
    public let location: Location
    private let connection: Lock<SQLiteConnection>

    /// Opens (creating if needed) the database at `location`. A file that is not an SQLite
    /// database fails here with `SQLiteError.notADatabase`, not on first use.
    public init(_ location: Location, options: Options = Options()) throws(SQLiteError) {
        self.location = location
        let path: String
        switch location {
        case .memory: path = ":memory:"
        case .file(let filePath): path = filePath
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError.last(on: handle, code: code)
            sqlite3_close_v2(handle)
            throw SQLiteError(
                code: error.extendedCode, message: "cannot open \(path): \(error.message)")
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds)
        let opened = SQLiteConnection(handle: handle)
        try Self.configure(opened, location: location, options: options)
        self.connection = Lock(opened)
    }

    private static func configure(
        _ connection: SQLiteConnection, location: Location, options: Options
    ) throws(SQLiteError) {
        // The first statement reads the header: this is where a garbage file is detected.
        if case .file = location {
            let mode = try connection.pragmaValue("PRAGMA journal_mode = WAL")
            guard mode == .text("wal") else {
                throw SQLiteError(
                    code: SQLiteError.generic,
                    message: "could not enable WAL mode (journal_mode is \(mode.map(String.init(describing:)) ?? "unknown"))")
            }
        }
        switch options.synchronous {
        case .normal: try connection.execute("PRAGMA synchronous = NORMAL")
        case .full: try connection.execute("PRAGMA synchronous = FULL")
        }
        try connection.execute("PRAGMA foreign_keys = ON")
    }

    /// Runs `body` with exclusive use of the connection; other threads wait until it returns.
    /// The connection is only valid inside `body`: keeping it past the return would bypass
    /// the lock, so `body` must not store it anywhere.
    public func withConnection<T: Sendable>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T {
        try connection.withLock { (connection) throws(SQLiteError) -> T in
            try body(connection)
        }
    }

    /// Runs `body` in a transaction holding the lock throughout: committed when it returns,
    /// rolled back when it throws. See `SQLiteConnection.transaction`.
    public func transaction<T: Sendable>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T {
        try withConnection { (connection) throws(SQLiteError) -> T in
            try connection.transaction(body)
        }
    }

    /// Runs one statement with bound parameters; see `SQLiteConnection.execute`.
    public func execute(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = []
    ) throws(SQLiteError) {
        try withConnection { (connection) throws(SQLiteError) in
            try connection.execute(sql, parameters)
        }
    }

    /// Runs one statement and returns its rows; see `SQLiteConnection.query`.
    public func query(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = []
    ) throws(SQLiteError) -> [SQLiteRow] {
        try withConnection { (connection) throws(SQLiteError) in
            try connection.query(sql, parameters)
        }
    }

    /// Runs one statement and maps each row; see `SQLiteConnection.query(_:_:as:)`.
    public func query<T: Sendable>(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = [],
        as transform: (SQLiteRow) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        try withConnection { (connection) throws(SQLiteError) in
            try connection.query(sql, parameters, as: transform)
        }
    }

    /// The first row of a statement, or nil; see `SQLiteConnection.queryFirst`.
    public func queryFirst(
        _ sql: StaticString, _ parameters: [any SQLiteValueConvertible] = []
    ) throws(SQLiteError) -> SQLiteRow? {
        try withConnection { (connection) throws(SQLiteError) in
            try connection.queryFirst(sql, parameters)
        }
    }

    /// Runs a parameterless multi-statement script; see `SQLiteConnection.executeScript`.
    public func executeScript(_ sql: StaticString) throws(SQLiteError) {
        try withConnection { (connection) throws(SQLiteError) in
            try connection.executeScript(sql)
        }
    }

    /// The schema version stored in the database header (`PRAGMA user_version`).
    public func userVersion() throws(SQLiteError) -> Int {
        try withConnection { (connection) throws(SQLiteError) in
            try connection.userVersion()
        }
    }

    /// Copies the write-ahead log into the database file and truncates the log to zero bytes,
    /// so a clean stop leaves one self-contained file. Throws ``SQLiteError/busy`` when
    /// another connection kept the log from being copied whole (a reader or writer still
    /// using it); the database itself is unchanged either way.
    public func checkpoint() throws(SQLiteError) {
        let result = try queryFirst("PRAGMA wal_checkpoint(TRUNCATE)")
        // One row (busy, log, checkpointed): busy is 1 when the checkpoint could not finish.
        if case let .integer(busy)? = result?.values.first, busy != 0 {
            throw SQLiteError(code: SQLiteError.busy, message: "the write-ahead log is in use by another connection")
        }
    }
}
