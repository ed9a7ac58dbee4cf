import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// `.ownThreads`, which every suite here carries: a test's body and its child tasks run on
/// threads of their own, from the first line and across awaits, never on the test runner's
/// cooperative threads; and at most four such tests run at once, however many start together.
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct OwnThreadsTraitTests {
    /// The calling thread's name, as the kernel keeps it.
    private static func threadName() throws -> String {
        try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aTestRunsOnAThreadOfItsOwnAcrossAwaits() async throws {
        let first = try Self.threadName()
        try await Task.sleep(nanoseconds: 1_000_000)
        let afterAnAwait = try Self.threadName()
        async let fromAChildTask = Self.threadName()
        let inAChildTask = try await fromAChildTask
        try await Task.sleep(nanoseconds: 1_000_000)
        let afterAnother = try Self.threadName()
        #expect([first, afterAnAwait, inAChildTask, afterAnother] == Array(repeating: "bindery-test", count: 4))
    }

    private static let running = Mutex((now: 0, most: 0, finished: 0))

    @Test(arguments: 0..<12) func atMostFourRunAtOnce(_ index: Int) {
        Self.running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
        usleep(50_000)  // blocking, as a test waiting on a daemon does
        let counts = Self.running.withLock { running in
            running.now -= 1
            running.finished += 1
            return running
        }
        #expect(counts.most <= 4, "\(counts.most) tests ran at once")
    }
}
