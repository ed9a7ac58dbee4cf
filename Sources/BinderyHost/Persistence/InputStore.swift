#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BinderySQLite

/// The daemon's persisted view-model state, in `<state-dir>/state.sqlite`: the current value
/// of every input that ever changed (however it changed: a client's set, a command, a binding),
/// and the reserved range of state versions.
///
/// The file is opened in WAL mode with `synchronous = FULL`: when ``commit(_:)`` returns, the
/// whole batch is committed and fsynced in one transaction, so a daemon killed with `kill -9`
/// right after acknowledging a `set` still restores it; when it throws, none of the batch is
/// stored. One value per (view model, input); a later commit replaces it. Safe to call from
/// any thread (calls are serialised on one connection).
public final class InputStore: Sendable {
    /// The database file's name inside the state directory.
    public static let fileName = "state.sqlite"

    /// The schema of the state file, version by version (append only).
    static let schema = SQLiteSchema([
        .script(version: 1, summary: "inputs table", """
            CREATE TABLE inputs (
                view_model TEXT NOT NULL,
                input      TEXT NOT NULL,
                json       TEXT NOT NULL,
                PRIMARY KEY (view_model, input)
            );
            """),
        .script(version: 2, summary: "change order of inputs, reserved state versions", """
            ALTER TABLE inputs ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
            """),
    ])

    private let database: SQLiteDatabase

    /// Opens (creating if needed) `state.sqlite` in `stateDirectory`, creating the directory
    /// too. Fails with `StoreError.database` when the file is not a database or has a newer
    /// schema than this build knows. A commit waits up to `busyTimeoutMilliseconds` for
    /// another process's lock before failing with "database is locked".
    public init(stateDirectory: URL, busyTimeoutMilliseconds: Int32 = 2_000) throws(StoreError) {
        let directoryPath = stateDirectory.path(percentEncoded: false)
        do {
            try FileManager.default.createDirectory(
                at: stateDirectory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.directory(path: directoryPath, reason: "\(error)")
        }
        let path = stateDirectory.appending(path: Self.fileName).path(percentEncoded: false)
        do {
            database = try SQLiteDatabase(
                .file(path: path), options: .init(synchronous: .full, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
            try Self.schema.migrate(database)
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Stores every input of `batch` in ONE transaction, replacing earlier values, and returns
    /// only once it is committed to disk; `changed` orders the rows for restoring (a later
    /// change has a larger number). Throws and stores nothing of the batch when any part
    /// fails. Empty names or an empty `json` are an `invalidArgument` error.
    public func commit(_ batch: [PersistedInput]) throws(StoreError) {
        for input in batch {
            guard !input.viewModel.isEmpty else { throw StoreError.invalidArgument("view model name is empty") }
            guard !input.input.isEmpty else {
                throw StoreError.invalidArgument("input name is empty (view model \(input.viewModel))")
            }
            guard !input.json.isEmpty else {
                throw StoreError.invalidArgument("JSON value of \(input.viewModel).\(input.input) is empty")
            }
        }
        guard !batch.isEmpty else { return }
        do {
            try database.transaction { (connection) throws(SQLiteError) in
                for input in batch {
                    try connection.execute(
                        """
                        INSERT INTO inputs (view_model, input, json, changed) VALUES (?, ?, ?, ?)
                        ON CONFLICT (view_model, input) DO UPDATE SET json = excluded.json, changed = excluded.changed
                        """,
                        [input.viewModel, input.input, input.json, Int64(clamping: input.changed)])
                }
            }
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Stores one input; see ``commit(_:)``.
    public func save(viewModel: String, input: String, json: String, changed: UInt64 = 0) throws(StoreError) {
        try commit([PersistedInput(viewModel: viewModel, input: input, json: json, changed: changed)])
    }

    /// Every stored input, in the order they last changed (then by view model and input). A
    /// row that cannot be read is left out of `inputs` and reported in `unreadable`; only a
    /// failure of the file itself throws.
    public func loadAll() throws(StoreError) -> LoadedInputs {
        let rows: [SQLiteRow]
        do {
            rows = try database.query(
                "SELECT rowid, view_model, input, json, changed FROM inputs ORDER BY changed, view_model, input, rowid")
        } catch {
            throw StoreError.database(error)
        }
        var inputs: [PersistedInput] = []
        var unreadable: [UnreadableInputRow] = []
        for row in rows {
            do {
                inputs.append(PersistedInput(
                    viewModel: try row.value("view_model"),
                    input: try row.value("input"),
                    json: try row.value("json"),
                    changed: UInt64(max(0, try row.value("changed", as: Int64.self)))))
            } catch {
                let rowID = (try? row.value("rowid", as: Int64.self)) ?? -1
                unreadable.append(UnreadableInputRow(rowID: rowID, reason: error.description))
            }
        }
        return LoadedInputs(inputs: inputs, unreadable: unreadable)
    }

    /// Reserves the state versions of a new run: returns the first version not reserved by
    /// any earlier run (0 for a new file) and durably marks `count` versions from there as
    /// taken, so versions never repeat across restarts, even after `kill -9`.
    public func reserveVersions(_ count: UInt64) throws(StoreError) -> UInt64 {
        do {
            return try database.transaction { (connection) throws(SQLiteError) -> UInt64 in
                let row = try connection.queryFirst("SELECT value FROM meta WHERE key = 'version_ceiling'")
                let start = UInt64(max(0, try row?.value("value", as: Int64.self) ?? 0))
                try connection.execute(
                    "INSERT INTO meta (key, value) VALUES ('version_ceiling', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    [Int64(clamping: start &+ count)])
                return start
            }
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Extends the reservation so every version up to `ceiling` (exclusive) is taken.
    public func reserveVersions(upTo ceiling: UInt64) throws(StoreError) {
        do {
            try database.execute(
                "INSERT INTO meta (key, value) VALUES ('version_ceiling', ?) ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)",
                [Int64(clamping: ceiling)])
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Copies the write-ahead log into the database file and truncates it (a clean stop
    /// leaves one self-contained file). Fails when another connection holds it open busy.
    public func checkpoint() throws(StoreError) {
        do {
            try database.checkpoint()
        } catch {
            throw StoreError.database(error)
        }
    }
}
