import Bindery
import BinderyHost
import BinderyPrimitives
import BinderyTestSupport
import Dispatch
import Synchronization
import Testing

/// Long-polls of the host (`awaitVersion`, behind `/api/changes?since=V&wait=S`): polls arriving
/// together share their timeout timers, and each is still answered exactly once — by the first
/// change, or with the current version when its own timeout passes.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct LongPollDeadlineTests {
    /// Counts answers per poll and signals each one.
    final class Answers: Sendable {
        private let counts = Lock<[Int: [UInt64]]>([:])
        private let semaphore = DispatchSemaphore(value: 0)

        func record(_ poll: Int, _ version: UInt64) {
            counts.withLock { $0[poll, default: []].append(version) }
            semaphore.signal()
        }

        /// Waits (bounded by a safety timeout, never asserted on) for `count` answers.
        func wait(for count: Int) {
            for _ in 0..<count { _ = semaphore.wait(timeout: .now() + 10) }
        }

        func of(_ poll: Int) -> [UInt64] { counts.withLock { $0[poll] ?? [] } }
    }

    private func makeHost() -> (ViewModelHost, GreeterViewModel) {
        startedHost(queue: "test.deadlines") { GreeterViewModel() }
    }

    @Test func manyPollsArrivingTogetherAreEachAnsweredOnceWhenTheyTimeOut() {
        let (host, _) = makeHost()
        let version = host.version
        let answers = Answers()
        for poll in 0..<500 {
            host.awaitVersion(after: version, timeout: 0.05) { answers.record(poll, $0) }
        }
        answers.wait(for: 500)
        #expect((0..<500).allSatisfy { answers.of($0) == [version] })
        #expect(host.waitingPolls == 0)
    }

    @Test func aShortTimeoutDoesNotAnswerALongerPollAndAChangeAnswersItOnce() {
        let (host, model) = makeHost()
        let version = host.version
        let answers = Answers()
        host.awaitVersion(after: version, timeout: 60) { answers.record(0, $0) }
        host.awaitVersion(after: version, timeout: 0.01) { answers.record(1, $0) }
        answers.wait(for: 1)
        #expect(answers.of(1) == [version])
        #expect(answers.of(0).isEmpty)
        #expect(host.waitingPolls == 1)

        host.scheduler.queue.async { model.name.value = "changed" }
        answers.wait(for: 1)
        #expect(answers.of(0) == [version + 1])
        #expect(host.waitingPolls == 0)
    }

    @Test func aPollAnsweredByAChangeIsNotAnsweredAgainWhenItsTimeoutPasses() {
        let (host, model) = makeHost()
        let version = host.version
        let answers = Answers()
        host.awaitVersion(after: version, timeout: 0.05) { answers.record(0, $0) }
        host.scheduler.queue.async { model.name.value = "changed" }
        answers.wait(for: 1)
        // A later poll with the same timeout shares nothing with the answered one: once it
        // has timed out, the first poll's deadline has passed too.
        host.awaitVersion(after: host.version, timeout: 0.1) { answers.record(1, $0) }
        answers.wait(for: 1)
        #expect(answers.of(0) == [version + 1])
        #expect(answers.of(1) == [version + 1])
    }
}
