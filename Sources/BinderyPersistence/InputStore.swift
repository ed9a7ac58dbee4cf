#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery
import BinderyPrimitives
import BinderySQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The daemon's persisted view-model state, in `<state-dir>/state.sqlite`: the current value
/// of every input that ever changed (however it changed: a client's set, a command, a binding),
/// the other members a restart restores (``PersistedMember``), the event log (the newest
/// entries, bounded), and the last durable state version.
///
/// The file is opened in WAL mode with `synchronous = FULL`: when ``commit(_:)`` returns, the
/// whole batch is committed and fsynced in one transaction, so a daemon killed with `kill -9`
/// right after acknowledging a `set` still restores it; when it throws, none of the batch is
/// stored. One value per (view model, input); a later commit replaces it. Safe to call from
/// any thread (calls are serialised on one connection). The write-ahead log is kept small
/// (``OpenedStateFile``); ``replacement()`` tells whether the file at the path is still the
/// one open, and ``openFresh()`` starts a new one when it is not.
public final class InputStore: Sendable {
    /// The database file's name inside the state directory.
    public static let fileName = "state.sqlite"

    /// The open connection and the identity of the files it opened (nil: the file was found
    /// replaced and a fresh one could not be opened; every call fails until one can).
    private let opened: Lock<OpenedStateFile?>
    private let path: String
    private let busyTimeoutMilliseconds: Int32

    /// The connection, or a `storage` error when no file is open.
    func openDatabase() throws(StoreError) -> SQLiteDatabase {
        guard let database = opened.withLock({ $0?.database }) else {
            throw StoreError.database(SQLiteError(code: SQLiteError.cannotOpen,
                                                  message: "\(Self.fileName) is not open: a fresh file could not be created yet"))
        }
        return database
    }

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
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        opened = Lock(try OpenedStateFile(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
    }

    /// How the file at the store's path differs from the one this store has open: deleted,
    /// replaced by another file, or truncated (also its write-ahead log deleted or replaced);
    /// nil when it is the same file. A few `stat` calls: cheap enough for every commit.
    public func replacement() -> String? {
        guard let file = opened.withLock({ $0 }) else { return "not open" }
        return file.replacement()
    }

    /// Closes the open file, moves whatever now lies at the store's path aside (to
    /// `state.sqlite.replaced-<seconds>`, or `…-<seconds>-2` when that is taken, with its -wal
    /// and -shm), and opens a fresh, empty
    /// database there. After a failure no file is open and every call fails until this
    /// succeeds.
    public func openFresh() throws(StoreError) {
        try opened.withLock { (file) throws(StoreError) in
            file = nil  // closes the old connection before anything at the path moves
            let suffixes = ["", "-wal", "-shm"]
            let path = path
            let aside = path + SideFileName.unusedTag(".replaced-\(Int(Date().timeIntervalSince1970))") { tag in suffixes.map { path + tag + $0 } }
            for suffix in suffixes where FileManager.default.fileExists(atPath: path + suffix) {
                guard rename(path + suffix, aside + suffix) == 0 else {
                    throw StoreError.database(SQLiteError(code: SQLiteError.cannotOpen,
                                                          message: "cannot move \(path + suffix) aside: \(String(cString: strerror(errno)))"))
                }
            }
            file = try OpenedStateFile(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    /// Stores every input of `batch` in ONE transaction, replacing earlier values, and returns
    /// only once it is committed to disk; `changed` orders the rows for restoring (a later
    /// change has a larger number). Throws and stores nothing of the batch when any part
    /// fails. Empty names or an empty `json` are an `invalidArgument` error.
    public func commit(_ batch: [PersistedInput]) throws(StoreError) {
        var state = StateBatch()
        state.inputs = batch
        try commit(state, keepingEvents: 0)
    }

    /// Writes `batch` in ONE transaction — its inputs and members (replacing earlier values),
    /// its events (then only the newest `keepingEvents` are kept; 0 keeps all), and its version
    /// as the last durable one — and returns only once it is committed to disk. Throws and
    /// stores nothing of it when any part fails.
    public func commit(_ batch: StateBatch, keepingEvents: Int) throws(StoreError) {
        let database = try openDatabase()
        for input in batch.inputs {
            guard !input.viewModel.isEmpty else { throw StoreError.invalidArgument("view model name is empty") }
            guard !input.input.isEmpty else {
                throw StoreError.invalidArgument("input name is empty (view model \(input.viewModel))")
            }
            guard !input.json.isEmpty else {
                throw StoreError.invalidArgument("JSON value of \(input.viewModel).\(input.input) is empty")
            }
        }
        guard !batch.inputs.isEmpty || !batch.members.isEmpty || !batch.listEdits.isEmpty || !batch.events.isEmpty
            || !batch.history.isEmpty || !batch.seeds.isEmpty || !batch.replacedSeedScopes.isEmpty || batch.version > 0 else { return }
        do {
            try database.transaction { (connection) throws(SQLiteError) in
                for input in batch.inputs {
                    try connection.execute(
                        """
                        INSERT INTO inputs (view_model, input, json, changed) VALUES (?, ?, ?, ?)
                        ON CONFLICT (view_model, input) DO UPDATE SET json = excluded.json, changed = excluded.changed
                        """,
                        [input.viewModel, input.input, input.json, Int64(clamping: input.changed)])
                }
                for member in batch.members {
                    try connection.execute(
                        """
                        INSERT INTO members (view_model, kind, name, json) VALUES (?, ?, ?, ?)
                        ON CONFLICT (view_model, kind, name) DO UPDATE SET json = excluded.json
                        """,
                        [member.viewModel, member.kind.rawValue, member.name, member.json])
                }
                for list in batch.listEdits {
                    for edit in list.edits { try Self.apply(edit, to: list.viewModel, list.name, connection) }
                }
                try Self.write(seeds: batch.seeds, replacing: batch.replacedSeedScopes, connection)
                for event in batch.events {
                    try connection.execute("INSERT INTO events (version, json) VALUES (?, ?)",
                                           [Int64(clamping: event.version), String(decoding: event.json, as: UTF8.self)])
                }
                if !batch.events.isEmpty, keepingEvents > 0 {
                    try connection.execute("DELETE FROM events WHERE seq <= (SELECT max(seq) FROM events) - ?", [Int64(keepingEvents)])
                }
                for row in batch.history {
                    try connection.execute("INSERT OR REPLACE INTO history (version, checkpoint, json, bytes) VALUES (?, ?, ?, ?)",
                                           [Int64(clamping: row.version), Int64(row.checkpoint ? 1 : 0), String(decoding: row.json, as: UTF8.self),
                                            Int64(row.json.count)])
                }
                // The history's rule: older checkpoints and their versions go once the rows
                // from a newer checkpoint on fill the budget; the newest checkpoint stays.
                if batch.history.contains(where: \.checkpoint), batch.historyBudget > 0 {
                    try connection.execute("""
                        DELETE FROM history WHERE version < coalesce(
                            (SELECT min(version) FROM (SELECT version, checkpoint, sum(bytes) OVER (ORDER BY version DESC, checkpoint DESC) AS total
                                FROM history) WHERE checkpoint = 1 AND total <= ?),
                            (SELECT max(version) FROM history WHERE checkpoint = 1))
                        """, [Int64(clamping: batch.historyBudget)])
                }
                if batch.version > 0 {
                    try connection.execute(
                        "INSERT INTO meta (key, value) VALUES ('version', ?) ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)",
                        [Int64(clamping: batch.version)])
                }
            }
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Applies one edit to a stored list's rows (positions from 0; no uniqueness to keep while
    /// rows shift).
    private static func apply(_ edit: ListChange<String>, to viewModel: String, _ name: String,
                              _ connection: SQLiteConnection) throws(SQLiteError) {
        switch edit {
        case let .replaced(rows):
            // The member's row says the list was saved (as rows: its own JSON is an empty list),
            // so a list saved empty comes back empty rather than as it starts.
            try connection.execute(
                """
                INSERT INTO members (view_model, kind, name, json) VALUES (?, 'store', ?, '[]')
                ON CONFLICT (view_model, kind, name) DO UPDATE SET json = excluded.json
                """, [viewModel, name])
            try connection.execute("DELETE FROM list_rows WHERE view_model = ? AND name = ?", [viewModel, name])
            try insert(rows, at: 0, viewModel, name, connection)
        case let .inserted(rows, index):
            try connection.execute(
                "UPDATE list_rows SET position = position + ? WHERE view_model = ? AND name = ? AND position >= ?",
                [Int64(rows.count), viewModel, name, Int64(index)])
            try insert(rows, at: index, viewModel, name, connection)
        case let .removed(range):
            try connection.execute(
                "DELETE FROM list_rows WHERE view_model = ? AND name = ? AND position >= ? AND position < ?",
                [viewModel, name, Int64(range.lowerBound), Int64(range.upperBound)])
            try connection.execute(
                "UPDATE list_rows SET position = position - ? WHERE view_model = ? AND name = ? AND position >= ?",
                [Int64(range.count), viewModel, name, Int64(range.upperBound)])
        case let .updated(row, index):
            try connection.execute("UPDATE list_rows SET json = ? WHERE view_model = ? AND name = ? AND position = ?",
                                   [row, viewModel, name, Int64(index)])
        }
    }

    private static func insert(_ rows: [String], at index: Int, _ viewModel: String, _ name: String,
                               _ connection: SQLiteConnection) throws(SQLiteError) {
        for (offset, row) in rows.enumerated() {
            try connection.execute("INSERT INTO list_rows (view_model, name, position, json) VALUES (?, ?, ?, ?)",
                                   [viewModel, name, Int64(index + offset), row])
        }
    }

    /// Every stored list's rows as JSON texts, in order, by "view model" and list name.
    public func loadLists() throws(StoreError) -> [String: [String: [String]]] {
        let database = try openDatabase()
        do {
            var lists: [String: [String: [String]]] = [:]
            for row in try database.query("SELECT view_model, name, json FROM list_rows ORDER BY view_model, name, position") {
                lists[try row.value("view_model"), default: [:]][try row.value("name"), default: []].append(try row.value("json"))
            }
            return lists
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
        let database = try openDatabase()
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

    /// Every saved member (inputs aside), by view model, kind and name; a row of a kind this
    /// build does not know is left out.
    public func loadMembers() throws(StoreError) -> [PersistedMember] {
        let database = try openDatabase()
        do {
            var members: [PersistedMember] = []
            for row in try database.query("SELECT view_model, kind, name, json FROM members ORDER BY view_model, kind, name") {
                guard let kind = PersistedMember.Kind(rawValue: try row.value("kind")) else { continue }
                members.append(PersistedMember(viewModel: try row.value("view_model"), kind: kind,
                                               name: try row.value("name"), json: try row.value("json")))
            }
            return members
        } catch {
            throw StoreError.database(error)
        }
    }

    /// The newest `count` saved events, oldest first: their version and JSON object.
    public func loadEvents(newest count: Int) throws(StoreError) -> [(version: UInt64, json: [UInt8])] {
        let database = try openDatabase()
        do {
            var events: [(version: UInt64, json: [UInt8])] = []
            for row in try database.query("SELECT version, json FROM events ORDER BY seq DESC LIMIT ?", [Int64(max(0, count))]).reversed() {
                events.append((UInt64(max(0, try row.value("version", as: Int64.self))), Array(try row.value("json", as: String.self).utf8)))
            }
            return events
        } catch {
            throw StoreError.database(error)
        }
    }

    /// What the file says about the previous run: the last durable version (0 for a new file)
    /// and whether that run stopped cleanly (``markCleanStop(at:)`` at that version).
    public func previousRun() throws(StoreError) -> (version: UInt64, cleanStop: Bool) {
        let database = try openDatabase()
        do {
            let version = try database.queryFirst("SELECT value FROM meta WHERE key = 'version'")
            let stop = try database.queryFirst("SELECT value FROM meta WHERE key = 'clean_stop'")
            let last = UInt64(max(0, try version?.value("value", as: Int64.self) ?? 0))
            let stopped = try stop.map { row throws(SQLiteError) in UInt64(max(0, try row.value("value", as: Int64.self))) }
            return (last, stopped == last)
        } catch {
            throw StoreError.database(error)
        }
    }

    /// The identity of this file's versions (the change feed's id, ``ViewModelHost/feedID``): a
    /// random positive 63-bit number drawn the first time it is asked for and kept in the
    /// file, so it stays the same across restarts and differs for another file — a new state
    /// directory, or a fresh one `--reset-state` started — whose versions may repeat these.
    public func feedIdentity() throws(StoreError) -> UInt64 {
        let database = try openDatabase()
        do {
            try database.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('feed', ?)", [Int64.random(in: 1...Int64.max)])
            let row = try database.queryFirst("SELECT value FROM meta WHERE key = 'feed'")
            return UInt64(max(0, try row?.value("value", as: Int64.self) ?? 0))
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Records that the run stopped cleanly with `version` as its last (nothing after it).
    public func markCleanStop(at version: UInt64) throws(StoreError) {
        let database = try openDatabase()
        do {
            try database.execute(
                "INSERT INTO meta (key, value) VALUES ('clean_stop', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [Int64(clamping: version)])
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Forgets the clean-stop mark (a run has started: until it stops cleanly, a restart is a
    /// crash recovery).
    public func clearCleanStop() throws(StoreError) {
        let database = try openDatabase()
        do {
            try database.execute("DELETE FROM meta WHERE key = 'clean_stop'")
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Copies the write-ahead log into the database file and truncates it (a clean stop
    /// leaves one self-contained file). Fails when another connection holds it open busy.
    public func checkpoint() throws(StoreError) {
        let database = try openDatabase()
        do {
            try database.checkpoint()
        } catch {
            throw StoreError.database(error)
        }
    }
}
