import Bindery
import BinderyPersistence
import BinderySQLite
import BinderyTestSupport
import Testing

/// The group commit's state machine alone: no database, no threads. Each test feeds it events
/// as the host and the writer would, and reads the actions it returns (summarised as text).
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct GroupCommitStateMachineTests {
    private static let fault = StorageFault(.database(SQLiteError(code: 13, message: "database or disk is full")))

    /// Version `number` as a flush records it: one logged event and one history row, a
    /// publication, a waiter per `waiters`, and `input` 0 of view model 0 at `value` if given.
    private func version(_ number: UInt64, waiters: Int = 1, value: Int? = nil) -> GroupCommit.Batch {
        var batch = GroupCommit.Batch()
        if let value {
            batch.record(GroupCommit.Key(viewModel: 0, input: 0), value: .int(value),
                         persisted: PersistedInput(viewModel: "vm", input: "a", json: String(value), changed: number))
        }
        batch.record(version: number, events: [Array("e\(number)".utf8)], history: [(false, Array("[]".utf8))]) {}
        for _ in 0..<waiters { batch.whenDurable { _ in } }
        return batch
    }

    /// The actions as text: a write names its versions (of its history rows), publications,
    /// waiters, events' versions, inputs, and whether it carries the whole state.
    private func describe(_ actions: [GroupCommit.Action]) -> [String] {
        actions.map { action in
            switch action {
            case let .write(batch):
                "write v\(batch.version) history \(batch.history.map(\.version)) events \(batch.events.map(\.version)) "
                    + "publications \(batch.publications.count) waiters \(batch.waiters.count) inputs \(batch.inputs.count)"
                    + (batch.whole ? " whole" : "")
            case .checkFile: "checkFile"
            case let .fileReplaced(how): "fileReplaced \(how)"
            case .recordWholeState: "recordWholeState"
            case let .delay(nanoseconds, _): "delay \(nanoseconds)"
            case let .retry(nanoseconds): "retry \(nanoseconds)"
            case let .publish(publications): "publish \(publications.count)"
            case let .reply(waiters, fault): "reply \(waiters.count) " + (fault == nil ? "durable" : "failed")
            case .committed: "committed"
            case let .putBack(_, durable, members): "putBack durable \(durable.count) members \(members.map(\.name).sorted())"
            case let .held(fault): "held \(fault.cause)"
            case .stopped: "stopped"
            }
        }
    }

    private func generation(_ actions: [GroupCommit.Action]) -> UInt64? {
        for case let .delay(_, generation) in actions { return generation }
        return nil
    }

    @Test func aVersionIsWrittenAfterTheFileCheckAndShownOnlyOnceDurable() {
        var commit = GroupCommit()
        #expect(describe(commit.versionRecorded(version(1))) == ["checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v1 history [1] events [1] publications 1 waiters 1 inputs 0"])
        #expect(describe(commit.commitEnded(tookNanoseconds: 0)) == ["publish 1", "reply 1 durable", "committed"])
    }

    @Test func versionsRecordedDuringACommitAreMergedIntoTheNextWithTheirHistory() {
        var commit = GroupCommit()
        _ = commit.versionRecorded(version(1))
        _ = commit.fileChecked(replaced: nil)
        #expect(commit.versionRecorded(version(2)).isEmpty)
        #expect(commit.versionRecorded(version(3)).isEmpty)
        #expect(describe(commit.commitEnded(tookNanoseconds: 0)) == ["publish 1", "reply 1 durable", "committed", "checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v3 history [2, 3] events [2, 3] publications 2 waiters 2 inputs 0"])
    }

    @Test func anInputRecordedWithItsDurableValueIsNotWritten() {
        var commit = GroupCommit()
        commit.assumeDurable(GroupCommit.Key(viewModel: 0, input: 0), .int(7))
        _ = commit.versionRecorded(version(1, value: 7))
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v1 history [1] events [1] publications 1 waiters 1 inputs 0"])
        _ = commit.commitEnded(tookNanoseconds: 0)
        _ = commit.versionRecorded(version(2, value: 8))
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v2 history [2] events [2] publications 1 waiters 1 inputs 1"])
        // Back to the durable value while the change away from it is in flight: written.
        _ = commit.versionRecorded(version(3, value: 7))
        _ = commit.commitEnded(tookNanoseconds: 0)
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v3 history [3] events [3] publications 1 waiters 1 inputs 1"])
    }

    @Test func aCommitWaitsForAsManyWaitersAsTheLastBatchHadButNotLong() {
        var commit = GroupCommit()
        _ = commit.versionRecorded(version(1, waiters: 2))
        _ = commit.fileChecked(replaced: nil)
        _ = commit.versionRecorded(version(2, waiters: 1))
        // 3 clients were active; 1 is pending: wait half the commit's 1 ms for the others.
        let ended = commit.commitEnded(tookNanoseconds: 1_000_000)
        #expect(describe(ended) == ["publish 1", "reply 2 durable", "committed", "delay 500000"])
        #expect(commit.versionRecorded(version(3, waiters: 1)).isEmpty)
        // The third waiter fills the batch: it starts at once, and the delay then does nothing.
        #expect(describe(commit.versionRecorded(version(4, waiters: 1))) == ["checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v4 history [2, 3, 4] events [2, 3, 4] publications 3 waiters 3 inputs 0"])
        #expect(commit.delayEnded(generation: generation(ended)!).isEmpty)
    }

    @Test func aFailedCommitDropsItsBatchAndEverythingAfterAndPutsTheInputsBack() {
        var commit = GroupCommit()
        let key = GroupCommit.Key(viewModel: 0, input: 0)
        commit.assumeDurable(key, .int(1))
        var first = version(1, value: 2)
        first.record(GroupCommit.MemberKey(viewModel: 0, kind: .store, name: "cart"), GroupCommit.MemberRow(viewModel: "vm") { "[]" })
        _ = commit.versionRecorded(first)
        _ = commit.fileChecked(replaced: nil)
        var second = version(2)
        second.record(GroupCommit.MemberKey(viewModel: 0, kind: .command, name: "buy"), GroupCommit.MemberRow(viewModel: "vm") { "{}" })
        _ = commit.versionRecorded(second)
        let failed = commit.commitFailed(Self.fault, tookNanoseconds: 0)
        #expect(describe(failed) == ["putBack durable 1 members [\"buy\", \"cart\"]", "reply 2 failed"])
        if case let .putBack(_, durable, _)? = failed.first { #expect(durable[key] == .int(1)) }
        // Nothing is left pending; the next version is written on its own, its input included.
        _ = commit.versionRecorded(version(2, value: 2))
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v2 history [2] events [2] publications 1 waiters 1 inputs 1"])
    }

    @Test func aHeldBatchKeepsItsVersionsHistoryRowsAndPublicationsUntilItCommits() {
        var commit = GroupCommit()
        commit.holdFailedBatches()
        _ = commit.versionRecorded(version(1, waiters: 0))
        _ = commit.fileChecked(replaced: nil)
        // A view model that drives itself keeps changing while the start's version is held.
        _ = commit.versionRecorded(version(2, waiters: 0))
        #expect(describe(commit.commitFailed(Self.fault, tookNanoseconds: 0)) == ["held diskFull", "retry 1000000000"])
        #expect(describe(commit.versionRecorded(version(3, waiters: 0))) == ["checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v3 history [1, 2, 3] events [1, 2, 3] publications 3 waiters 0 inputs 0"])
        #expect(describe(commit.commitFailed(Self.fault, tookNanoseconds: 0)) == ["held diskFull", "retry 1000000000"])
        #expect(describe(commit.retryDue()) == ["checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v3 history [1, 2, 3] events [1, 2, 3] publications 3 waiters 0 inputs 0"])
        #expect(describe(commit.commitEnded(tookNanoseconds: 0)) == ["publish 3", "reply 0 durable", "committed"])
        // Once one commit succeeded, a failure drops its batch as usual, and a late retry does nothing.
        #expect(commit.retryDue().isEmpty)
        _ = commit.versionRecorded(version(4))
        _ = commit.fileChecked(replaced: nil)
        #expect(describe(commit.commitFailed(Self.fault, tookNanoseconds: 0)) == ["putBack durable 0 members []", "reply 1 failed"])
    }

    @Test func aReplacedFileGetsTheWholeStateUntilOneSuchCommitSucceeds() {
        var commit = GroupCommit()
        let key = GroupCommit.Key(viewModel: 0, input: 1)
        commit.assumeDurable(key, .string("kept"))
        commit.assumeStored(key, PersistedInput(viewModel: "vm", input: "b", json: "\"kept\"", changed: 1))
        _ = commit.versionRecorded(version(5))
        #expect(describe(commit.fileChecked(replaced: "deleted")) == ["fileReplaced deleted", "recordWholeState"])
        var whole = GroupCommit.Batch()
        whole.recordLoggedEvents([(3, Array("old".utf8)), (4, Array("older".utf8))], version: 4)
        // Every stored input row goes in; the log before the version's own events.
        #expect(describe(commit.wholeStateRecorded(whole)) == ["write v5 history [5] events [3, 4, 5] publications 1 waiters 1 inputs 1 whole"])
        #expect(describe(commit.commitFailed(Self.fault, tookNanoseconds: 0)) == ["putBack durable 1 members []", "reply 1 failed"])
        // Still owed: the next version asks for the whole state again, without a file check.
        #expect(describe(commit.versionRecorded(version(5))) == ["recordWholeState"])
        #expect(describe(commit.wholeStateRecorded(whole)) == ["write v5 history [5] events [3, 4, 5] publications 1 waiters 1 inputs 1 whole"])
        #expect(describe(commit.commitEnded(tookNanoseconds: 0)) == ["publish 1", "reply 1 durable", "committed"])
        // Written: the next version is checked and written as usual.
        _ = commit.versionRecorded(version(6))
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v6 history [6] events [6] publications 1 waiters 1 inputs 0"])
    }

    @Test func aStopWritesWhatIsPendingAtOnceChecksTheFileAndIsStopped() {
        var commit = GroupCommit()
        _ = commit.versionRecorded(version(1, waiters: 2))
        _ = commit.fileChecked(replaced: nil)
        _ = commit.versionRecorded(version(2))
        #expect(commit.stopAsked().isEmpty)
        // Draining: no wait for more waiters.
        #expect(describe(commit.commitEnded(tookNanoseconds: 1_000_000)) == ["publish 1", "reply 2 durable", "committed", "checkFile"])
        _ = commit.fileChecked(replaced: nil)
        // Nothing left: the file is checked once more, then the drain is done.
        #expect(describe(commit.commitEnded(tookNanoseconds: 0)) == ["publish 1", "reply 1 durable", "committed", "checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["stopped"])
        #expect(describe(commit.stopAsked()) == ["stopped"])
    }

    @Test func aStopGivesAHeldBatchOneMoreTryThenDropsItWithoutPuttingBack() {
        var commit = GroupCommit()
        commit.holdFailedBatches()
        _ = commit.versionRecorded(version(1))
        _ = commit.fileChecked(replaced: nil)
        _ = commit.commitFailed(Self.fault, tookNanoseconds: 0)
        #expect(describe(commit.stopAsked()) == ["checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["write v1 history [1] events [1] publications 1 waiters 1 inputs 0"])
        #expect(describe(commit.commitFailed(Self.fault, tookNanoseconds: 0)) == ["reply 1 failed", "checkFile"])
        #expect(describe(commit.fileChecked(replaced: nil)) == ["stopped"])
        #expect(commit.retryDue().isEmpty)
    }

    @Test func aFileReplacedAtTheStopGetsTheWholeStateBeforeTheStopIsDone() {
        var commit = GroupCommit()
        #expect(describe(commit.stopAsked()) == ["checkFile"])
        #expect(describe(commit.fileChecked(replaced: "truncated")) == ["fileReplaced truncated", "recordWholeState"])
        var whole = GroupCommit.Batch()
        whole.recordLoggedEvents([(1, Array("e".utf8))], version: 1)
        #expect(describe(commit.wholeStateRecorded(whole)) == ["write v1 history [] events [1] publications 0 waiters 0 inputs 0 whole"])
        #expect(describe(commit.commitEnded(tookNanoseconds: 0)) == ["publish 0", "reply 0 durable", "committed", "stopped"])
    }
}
