import Bindery
import BinderyHost
import BinderyJSON
import BinderyModels
import BinderyPersistence
import BinderyPrimitives
import BinderySQLite
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// The host's group commit and failure handling in-process, with a real state database and a
/// second connection to it as the other writer.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct GroupCommitTests {
    private func makeHost(_ directory: TemporaryDirectory, busyTimeoutMilliseconds: Int32 = 2_000) throws -> (ViewModelHost, GreeterViewModel) {
        let store = try InputStore(stateDirectory: directory.url, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let scheduler = QueueScheduler(name: "test.group-commit")
        let model = scheduler.queue.sync { GreeterViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: store)
        #expect(host.start().isEmpty)
        return (host, model)
    }

    private func commits(_ host: ViewModelHost) -> Int {
        let text = host.metrics.render(stateVersion: 0, controlClients: 0, httpResponses: [:])
        let line = text.split(separator: "\n").first { $0.hasPrefix("bindery_state_commits_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? -1
    }

    @Test(.timeLimit(.minutes(2)))
    func setsAppliedTogetherAreCommittedInOneTransaction() throws {
        let directory = try TemporaryDirectory()
        let (host, _) = try makeHost(directory)
        let commitsAtStart = commits(host)
        let results = Lock<[Result<(value: SurfaceValue, version: UInt64), HostFailure>]>([])
        let done = DispatchSemaphore(value: 0)
        // 50 sets in one scheduler turn: one batch.
        host.scheduler.queue.sync {
            for index in 0..<50 {
                host.set(viewModel: "greeter", input: index % 2 == 0 ? "name" : "step", value: index % 2 == 0 ? .string("n\(index)") : .int(index % 10)) { result in
                    results.withLock { $0.append(result) }
                    done.signal()
                }
            }
        }
        for _ in 0..<50 { _ = done.wait(timeout: .now() + 10) }
        let all = results.withLock { $0 }
        #expect(all.count == 50 && all.allSatisfy { if case .success = $0 { true } else { false } })
        #expect(commits(host) - commitsAtStart == 1)
        host.stop()
        let stored = try InputStore(stateDirectory: directory.url).loadAll().inputs
        #expect(stored.map(\.json).sorted() == ["\"n48\"", "9"])
    }

    @Test(.timeLimit(.minutes(2)))
    func aFailedCommitPutsTheDurableValueBackAndAnswersStorage() throws {
        let directory = try TemporaryDirectory()
        let (host, model) = try makeHost(directory, busyTimeoutMilliseconds: 50)
        let first = Completion<Result<(value: SurfaceValue, version: UInt64), HostFailure>>()
        host.set(viewModel: "greeter", input: "name", value: .string("kept")) { first.fulfil($0) }
        guard case .success? = first.wait() else { Issue.record("first set failed"); return }

        // Another writer holds the write lock: the next commit fails with "database is locked".
        let other = try SQLiteDatabase(.file(path: directory.path(InputStore.fileName)))
        try other.withConnection { (connection) throws(SQLiteError) in
            try connection.executeScript("BEGIN IMMEDIATE")
        }
        let second = Completion<Result<(value: SurfaceValue, version: UInt64), HostFailure>>()
        host.set(viewModel: "greeter", input: "name", value: .string("lost")) { second.fulfil($0) }
        guard case let .failure(failure)? = second.wait() else { Issue.record("a set was acknowledged without its commit"); return }
        #expect(failure.code == .storage)
        #expect(failure.message.contains("database is locked"))
        #expect(host.scheduler.queue.sync { model.name.value } == "kept")
        try other.withConnection { (connection) throws(SQLiteError) in
            try connection.executeScript("ROLLBACK")
        }
        host.stop()
        let stored = try InputStore(stateDirectory: directory.url).loadAll().inputs
        #expect(stored.map(\.json) == ["\"kept\""])
    }

    /// A change applied while a commit that writes the whole state into a fresh file is due is
    /// saved as applied: that commit waits until the host has recorded the change with its
    /// own version (taken at once, it held the new value encoded as the old one, and the
    /// change's own version then wrote nothing: a restart lost an acknowledged set).
    @Test(.timeLimit(.minutes(2)))
    func aChangeAppliedWhileTheWholeStateIsDueIsSavedAsApplied() throws {
        let directory = try TemporaryDirectory()
        let (host, model) = try makeHost(directory)
        // A set with a reply: the next batch, with no reply waiting, then waits briefly (at
        // most 2 ms) for more sets before it starts.
        let first = Completion<Result<(value: SurfaceValue, version: UInt64), HostFailure>>()
        host.set(viewModel: "greeter", input: "name", value: .string("kept")) { first.fulfil($0) }
        guard case .success? = first.wait() else { Issue.record("the first set failed"); return }
        for suffix in ["", "-wal", "-shm"] { unlink(directory.path(InputStore.fileName) + suffix) }
        host.scheduler.queue.sync { model.name.value = "applied" }
        // Its version is recorded by now, and its commit waits for company.
        host.scheduler.queue.sync {}
        host.scheduler.queue.sync {
            // The waiting commit becomes due while the scheduler is busy here, so it is
            // queued before the flush of the change made next.
            usleep(100_000)
            model.name.value = "unflushed"
        }
        host.stop()
        let stored = try InputStore(stateDirectory: directory.url).loadAll().inputs
        #expect(stored.map(\.json) == ["\"unflushed\""])
    }
}
