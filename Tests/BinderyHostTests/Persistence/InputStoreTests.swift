import Bindery
import BinderyHost
import BinderyModels
import BinderyPersistence
import BinderyPrimitives
import BinderySQLite
import BinderyTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct InputStoreTests {
    @Test func savedInputsComeBackAfterReopening() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try InputStore(stateDirectory: directory.url)
            try store.save(viewModel: "login", input: "mobilePhone", json: #""13800138000""#)
            try store.save(viewModel: "api", input: "latencyMs", json: "0")
            try store.save(viewModel: "api", input: "failureRate", json: "0.25")
            try store.save(viewModel: "api", input: "latencyMs", json: "250")
            #expect(try store.loadAll().inputs.count == 3)
        }
        let reopened = try InputStore(stateDirectory: directory.url)
        let loaded = try reopened.loadAll()
        #expect(loaded.unreadable == [])
        #expect(loaded.inputs == [
            PersistedInput(viewModel: "api", input: "failureRate", json: "0.25"),
            PersistedInput(viewModel: "api", input: "latencyMs", json: "250"),
            PersistedInput(viewModel: "login", input: "mobilePhone", json: #""13800138000""#),
        ])
    }

    @Test func aNewStateDirectoryIsCreatedAndStartsEmpty() throws {
        let directory = try TemporaryDirectory()
        let stateDirectory = directory.url.appending(path: "var/lib/bindery", directoryHint: .isDirectory)
        let store = try InputStore(stateDirectory: stateDirectory)
        #expect(try store.loadAll() == LoadedInputs(inputs: [], unreadable: []))
        let file = stateDirectory.appending(path: InputStore.fileName).path(percentEncoded: false)
        #expect(FileManager.default.fileExists(atPath: file))
        let database = try SQLiteDatabase(.file(path: file))
        #expect(try database.queryFirst("PRAGMA journal_mode")?.value(at: 0, as: String.self) == "wal")
    }

    @Test func emptyNamesOrValuesAreRejectedAndStoreNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        #expect(throws: StoreError.self) { try store.save(viewModel: "", input: "query", json: "\"x\"") }
        #expect(throws: StoreError.self) { try store.save(viewModel: "books", input: "", json: "\"x\"") }
        #expect(throws: StoreError.self) { try store.save(viewModel: "books", input: "query", json: "") }
        #expect(try store.loadAll().inputs.isEmpty)
    }

    @Test func unreadableRowsAreSkippedAndReported() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        try store.save(viewModel: "books", input: "query", json: #""swift""#)
        // Another writer (a hand edit, an older build) left rows the daemon cannot use.
        let path = directory.url.appending(path: InputStore.fileName).path(percentEncoded: false)
        let editor = try SQLiteDatabase(.file(path: path))
        try editor.execute(
            "INSERT INTO inputs (view_model, input, json) VALUES (?, ?, ?)",
            ["tweets", "username", [0xFF, 0x00, 0x01] as [UInt8]])
        try editor.execute(
            "INSERT INTO inputs (view_model, input, json) VALUES (?, ?, CAST(? AS TEXT))",
            ["compass", "valueA", [0xC3, 0x28] as [UInt8]])
        let loaded = try store.loadAll()
        #expect(loaded.inputs == [PersistedInput(viewModel: "books", input: "query", json: #""swift""#)])
        #expect(loaded.unreadable.count == 2)
        #expect(loaded.unreadable.allSatisfy { $0.rowID > 0 && $0.reason.contains("json") && !$0.reason.contains("\n") })
    }

    @Test func aGarbageStateFileIsATypedError() throws {
        let directory = try TemporaryDirectory()
        try Data(repeating: 0xA5, count: 2048).write(to: directory.url.appending(path: InputStore.fileName))
        let error = #expect(throws: StoreError.self) { try InputStore(stateDirectory: directory.url) }
        guard case .database(let sqliteError) = error else {
            Issue.record("expected a database error, got \(String(describing: error))")
            return
        }
        #expect(sqliteError.code == SQLiteError.notADatabase)
    }

    @Test func concurrentSavesFromSeveralThreadsAreAllKept() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        let failures = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<25 {
                do {
                    try store.save(viewModel: "vm\(thread)", input: "input\(index)", json: "\(thread * 100 + index)")
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let reopened = try InputStore(stateDirectory: directory.url)
        let loaded = try reopened.loadAll().inputs
        #expect(loaded.count == 100)
        #expect(loaded.allSatisfy { input in
            guard let thread = Int(input.viewModel.dropFirst(2)), let index = Int(input.input.dropFirst(5)) else {
                return false
            }
            return input.json == "\(thread * 100 + index)"
        })
    }
}
