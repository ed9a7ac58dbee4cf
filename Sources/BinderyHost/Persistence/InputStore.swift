#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BinderyModels

/// The daemon's persisted view-model inputs, in `<state-dir>/state.sqlite`.
///
/// The file is opened in WAL mode with `synchronous = FULL`: when `save` returns, the value
/// is committed and fsynced, so a daemon killed with `kill -9` right after acknowledging a
/// `set` still restores it. One value per (view model, input); saving again replaces it.
/// Safe to call from any thread.
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
    ])

    private let database: SQLiteDatabase

    /// Opens (creating if needed) `state.sqlite` in `stateDirectory`, creating the directory
    /// too. Fails with `StoreError.database` when the file is not a database or has a newer
    /// schema than this build knows.
    public init(stateDirectory: URL) throws(StoreError) {
        let directoryPath = stateDirectory.path(percentEncoded: false)
        do {
            try FileManager.default.createDirectory(
                at: stateDirectory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.directory(path: directoryPath, reason: "\(error)")
        }
        let path = stateDirectory.appending(path: Self.fileName).path(percentEncoded: false)
        do {
            database = try SQLiteDatabase(.file(path: path), options: .init(synchronous: .full))
            try Self.schema.migrate(database)
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Stores `json` as the value of `viewModel`.`input`, replacing any earlier value, and
    /// returns only once that is committed to disk. Empty names or an empty `json` are an
    /// `invalidArgument` error and store nothing.
    public func save(viewModel: String, input: String, json: String) throws(StoreError) {
        guard !viewModel.isEmpty else { throw StoreError.invalidArgument("view model name is empty") }
        guard !input.isEmpty else {
            throw StoreError.invalidArgument("input name is empty (view model \(viewModel))")
        }
        guard !json.isEmpty else {
            throw StoreError.invalidArgument("JSON value of \(viewModel).\(input) is empty")
        }
        do {
            try database.execute(
                """
                INSERT INTO inputs (view_model, input, json) VALUES (?, ?, ?)
                ON CONFLICT (view_model, input) DO UPDATE SET json = excluded.json
                """,
                [viewModel, input, json])
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Every stored input, ordered by view model then input. A row that cannot be read is
    /// left out of `inputs` and reported in `unreadable`; only a failure of the file
    /// itself throws.
    public func loadAll() throws(StoreError) -> LoadedInputs {
        let rows: [SQLiteRow]
        do {
            rows = try database.query(
                "SELECT rowid, view_model, input, json FROM inputs ORDER BY view_model, input, rowid")
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
                    json: try row.value("json")))
            } catch {
                let rowID = (try? row.value("rowid", as: Int64.self)) ?? -1
                unreadable.append(UnreadableInputRow(rowID: rowID, reason: error.description))
            }
        }
        return LoadedInputs(inputs: inputs, unreadable: unreadable)
    }
}
