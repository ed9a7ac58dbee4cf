import BinderyHistory
import BinderyJSON
import BinderyPersistence
import BinderySQLite
import BinderyTestSupport
import Foundation
import Testing

/// The version history under one byte budget (docs/HTTP.md, `/api/history`): memory and
/// `state.sqlite` drop their oldest checkpoints and versions past it, a start reads only the
/// newest rows, and a page of it is bounded whatever the history holds.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HistoryBudgetTests {
    /// Version `version`'s input `x` (`size` bytes of text ending in the version).
    private static func value(_ version: UInt64, size: Int) -> String {
        String(repeating: "v", count: max(0, size - 12)) + String(format: "%012llu", version)
    }

    private static func entry(_ version: UInt64, size: Int) -> [UInt8] {
        Array(#"{"vm":"a","part":"input","name":"x","value":"\#(value(version, size: size))"}"#.utf8)
    }

    private static func document(_ version: UInt64, size: Int) -> [UInt8] {
        Array(#"{"version":\#(version),"viewModels":{"a":{"inputs":{"x":"\#(value(version, size: size))"}}}}"#.utf8)
    }

    /// Versions 1…`count`, each setting `x` to `size` bytes, checkpointed as the host does it
    /// for `budget`: the rows the host saves, oldest first.
    private static func rows(count: UInt64, size: Int, budget: Int) -> [[InputStore.HistoryRow]] {
        var schedule = CheckpointSchedule(historyBudget: budget)
        return (1...count).map { version in
            let entries = [entry(version, size: size)]
            var rows: [InputStore.HistoryRow] = []
            if version > 1 { rows.append((version, false, Array("[".utf8) + entries[0] + Array("]".utf8))) }
            if schedule.isCheckpoint(version, restart: version == 1, entries: entries) {
                rows.append((version, true, document(version, size: size)))
            }
            return rows
        }
    }

    private static func x(_ document: JSONValue?) -> String? {
        document?["viewModels"]?["a"]?["inputs"]?["x"]?.stringValue
    }

    @Test func memoryKeepsTheNewestVersionsThatFitTheBudget() throws {
        let budget = 256 << 10
        var history = VersionHistory(byteBudget: budget)
        for version in Self.rows(count: 400, size: 10_000, budget: budget).joined() {
            history.appendSaved(version: version.version, checkpoint: version.checkpoint, json: version.json)
        }
        let oldest = try #require(history.oldest), newest = try #require(history.newest)
        #expect(newest == 400)
        #expect(history.keptBytes <= budget, "kept \(history.keptBytes) bytes of a \(budget)-byte budget")
        // About the budget's worth of 10 KB versions: far fewer than 400, more than a segment's.
        #expect(newest - oldest >= 12 && newest - oldest < 30, "kept versions \(oldest)–\(newest)")
        #expect(Self.x(history.document(at: oldest)) == Self.value(oldest, size: 10_000))
        #expect(Self.x(history.document(at: newest - 3)) == Self.value(newest - 3, size: 10_000))
        #expect(history.document(at: oldest - 1) == nil)
    }

    @Test func aPageIsBoundedAndPagesChainBackToTheOldest() throws {
        var history = VersionHistory(byteBudget: 64 << 20)
        for row in Self.rows(count: 300, size: 1_000, budget: 64 << 20).joined() {
            history.appendSaved(version: row.version, checkpoint: row.checkpoint, json: row.json)
        }
        // The newest page: the last 50 versions, its state the version before them.
        let newest = try #require(history.page(from: nil, to: nil, limit: 50))
        #expect(newest.from == 250 && newest.to == 300 && newest.versions.map(\.version) == Array(251...300))
        #expect(try Self.x(JSONParser.parse(newest.document)) == Self.value(250, size: 1_000))
        // About 20 KB of changes: 20 versions of about 1 KB, however large the limit.
        let small = try #require(history.page(from: 10, to: nil, limit: 1_000, byteCap: 20_000))
        #expect(small.from == 10 && small.versions.count >= 18 && small.versions.count <= 20)
        // A version larger than the cap still makes a page of one.
        #expect(history.page(from: 10, to: nil, limit: 5, byteCap: 1)?.versions.map(\.version) == [11])
        // Back from the newest to the oldest, each page ending where the later one starts.
        var to: UInt64? = nil
        var seen: [UInt64] = []
        while let page = history.page(from: nil, to: to, limit: 64) {
            seen = page.versions.map(\.version) + seen
            guard page.from > history.oldest! else { break }
            to = page.from
        }
        #expect(seen == Array(2...300))
        #expect(history.page(from: 301, to: nil, limit: 10) == nil)
    }

    @Test func theStoreKeepsTheBudgetAndAStartReadsOnlyTheNewestRows() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: URL(fileURLWithPath: directory.path("state")))
        let budget = 512 << 10
        for rows in Self.rows(count: 600, size: 8_000, budget: budget) {
            var batch = StateBatch()
            batch.history = rows
            batch.historyBudget = budget
            batch.version = rows[0].version
            try store.commit(batch, keepingEvents: 0)
        }
        let database = try SQLiteDatabase(.file(path: directory.path("state/" + InputStore.fileName)))
        let stored = try #require(try database.queryFirst("SELECT sum(length(json)) AS bytes, min(version) AS oldest FROM history"))
        let bytes = try stored.value("bytes", as: Int64.self)
        // Within the budget and the newest segment (a sixteenth of it) beside it.
        #expect(bytes <= Int64(budget + budget / 16 + 20_000), "state.sqlite keeps \(bytes) bytes of history")
        let oldest = try #require(try store.oldestKeptVersion())
        #expect(oldest > 400 && oldest < 560, "the oldest kept is \(oldest)")

        // The newest rows up to a size (a quarter here), or at least the newest checkpoint on
        // (what a start reads); older versions come from the store on demand.
        let newest = VersionHistory.loading(try store.loadHistory(newestBytes: budget / 4))
        #expect(newest.newest == 600 && newest.oldest! > oldest && 600 - newest.oldest! < 40)
        let start = VersionHistory.loading(try store.loadHistory(newestBytes: 0))
        #expect(start.newest == 600 && start.oldest! >= newest.oldest! && 600 - start.oldest! < 5)
        let older = VersionHistory.loading(try store.loadHistory(from: oldest + 3, through: oldest + 3))
        #expect(Self.x(older.document(at: oldest + 3)) == Self.value(oldest + 3, size: 8_000))
        #expect(VersionHistory.loading(try store.loadHistory(from: oldest - 1, through: oldest - 1)).document(at: oldest - 1) == nil)

        // A page's rows: about the cap's worth after its first version, read back or forward.
        let back = VersionHistory.loading(try store.loadHistoryPage(from: nil, through: 600, limit: 1_000, byteCap: 40_000))
        #expect(back.newest == 600 && back.page(from: nil, to: 600, limit: 1_000, byteCap: 40_000)!.versions.count <= 5)
        let forward = try store.loadHistoryPage(from: oldest, through: 600, limit: 3, byteCap: 1 << 20)
        #expect(forward.last?.version == oldest + 3 && forward.first?.version == oldest)
    }
}
