import Bindery
import BinderyHost
import BinderyModels
import BinderyPersistence
import BinderySQLite
import BinderyTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct InputStoreBatchTests {
    @Test func aBatchIsOneTransactionAndLoadsInChangeOrder() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        try store.commit([
            PersistedInput(viewModel: "compass", input: "valueB", json: "\"b\"", changed: 7),
            PersistedInput(viewModel: "compass", input: "valueA", json: "\"a\"", changed: 9),
            PersistedInput(viewModel: "api", input: "latencyMs", json: "5", changed: 8),
        ])
        #expect(try store.loadAll().inputs.map(\.input) == ["valueB", "latencyMs", "valueA"])
        // A batch with a bad row stores none of it.
        #expect(throws: StoreError.self) {
            try store.commit([
                PersistedInput(viewModel: "compass", input: "valueB", json: "\"changed\"", changed: 10),
                PersistedInput(viewModel: "compass", input: "", json: "1", changed: 10),
            ])
        }
        #expect(try store.loadAll().inputs.first { $0.input == "valueB" }?.json == "\"b\"")
    }

    /// A stored list is saved row by row: random edits, committed in random batches, load as
    /// the list the same edits make in memory (a list saved empty comes back empty).
    @Test func listEditsLoadAsTheListTheyMake() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        var random = SplitMix64(seed: UInt64.random(in: 1...UInt64.max))
        var list: [String] = []
        var edits: [ListChange<String>] = []
        for step in 0..<300 {
            let row = "\"r\(step)\""
            let edit: ListChange<String>
            switch (random.next() % 10, list.count) {
            case (0, _): edit = .replaced((0..<Int(random.next() % 5)).map { "\"s\(step).\($0)\"" })
            case (1...3, let count) where count > 0:
                let start = Int(random.next() % UInt64(count))
                edit = .removed(start..<min(count, start + 1 + Int(random.next() % 3)))
            case (4...5, let count) where count > 0: edit = .updated(row, at: Int(random.next() % UInt64(count)))
            case (_, let count): edit = .inserted([row, row + " "], at: Int(random.next() % UInt64(count + 1)))
            }
            edit.apply(to: &list)
            edits.append(edit)
            if random.next() % 4 == 0 || step == 299 {
                var batch = StateBatch()
                batch.listEdits = [("products", "cells", edits)]
                try store.commit(batch, keepingEvents: 0)
                edits = []
                #expect(try (store.loadLists()["products"]?["cells"] ?? []) == list, "after step \(step)")
            }
        }
        var emptied = StateBatch()
        emptied.listEdits = [("products", "cells", [.replaced([])])]
        try store.commit(emptied, keepingEvents: 0)
        #expect(try store.loadLists()["products"]?["cells"] == nil)
        #expect(try store.loadMembers() == [PersistedMember(viewModel: "products", kind: .store, name: "cells", json: "[]")])
    }

    @Test func aBatchKeepsItsVersionMembersAndTheNewestEvents() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try InputStore(stateDirectory: directory.url)
            #expect(try store.previousRun().version == 0)
            for version in UInt64(1)...5 {
                var batch = StateBatch()
                batch.version = version
                batch.members = [PersistedMember(viewModel: "products", kind: .store, name: "lastPage", json: "\(version)")]
                batch.events = [(version, Array("{\"v\":\(version)}".utf8))]
                try store.commit(batch, keepingEvents: 3)
            }
            var older = StateBatch()
            older.version = 2
            try store.commit(older, keepingEvents: 3)  // never lowers the version
            try store.markCleanStop(at: 5)
        }
        let reopened = try InputStore(stateDirectory: directory.url)
        #expect(try reopened.previousRun() == (5, true))
        #expect(try reopened.loadMembers() == [PersistedMember(viewModel: "products", kind: .store, name: "lastPage", json: "5")])
        #expect(try reopened.loadEvents(newest: 10).map(\.version) == [3, 4, 5])
        #expect(try reopened.loadEvents(newest: 2).map(\.version) == [4, 5])
        try reopened.clearCleanStop()
        #expect(try reopened.previousRun() == (5, false))
    }
}
