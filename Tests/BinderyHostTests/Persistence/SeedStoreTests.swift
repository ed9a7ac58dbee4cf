import BinderyPersistence
import BinderySQLite
import BinderyTestSupport
import Foundation
import Testing

/// The saved states of the view models' operators (`seeds`, docs/CONTRACTS.md §11): written in
/// a version's transaction, one row per slot replaced when it changes, a scope dropped whole
/// when its construction changed.
@Suite(.ownThreads, .timeLimit(.minutes(3))) struct SeedStoreTests {
    private func seed(_ slot: Int, _ json: String, scope: String = "view models") -> PersistedSeed {
        PersistedSeed(scope: scope, slot: slot, signature: "scan:Int", json: json)
    }

    @Test func slotStatesAreWrittenWithTheVersionReplacedBySlotAndDroppedByScope() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        var batch = StateBatch()
        batch.seeds = [seed(0, "1"), seed(1, "[2]"), seed(0, "7", scope: "other")]
        batch.version = 3
        try store.commit(batch, keepingEvents: 0)
        #expect(try store.loadSeeds()["view models"] == [seed(0, "1"), seed(1, "[2]")])
        #expect(try store.previousRun().version == 3)

        // Only what changed is written: slot 1 keeps its row.
        batch = StateBatch()
        batch.seeds = [seed(0, "2")]
        try store.commit(batch, keepingEvents: 0)
        #expect(try store.loadSeeds()["view models"] == [seed(0, "2"), seed(1, "[2]")])

        // A scope replaced keeps only what the batch writes for it; another scope is untouched.
        batch = StateBatch()
        batch.replacedSeedScopes = ["view models"]
        batch.seeds = [seed(0, "9")]
        try store.commit(batch, keepingEvents: 0)
        #expect(try store.loadSeeds() == ["view models": [seed(0, "9")], "other": [seed(0, "7", scope: "other")]])

        // A batch that fails stores none of its seeds.
        batch = StateBatch()
        batch.seeds = [seed(0, "10")]
        batch.inputs = [PersistedInput(viewModel: "vm", input: "", json: "1", changed: 4)]
        #expect(throws: StoreError.self) { try store.commit(batch, keepingEvents: 0) }
        #expect(try store.loadSeeds()["view models"] == [seed(0, "9")])
    }
}
