import Testing

/// A suite trait for tests that block their thread (real daemons, raw sockets, `waitUntil`):
/// each test runs on threads of its own (`ThreadPerJobExecutor`), never on the test runner's
/// cooperative threads, so the other tests and every time limit's timer go on while it waits.
/// (A test trait too: Swift Testing gives a recursive suite trait to each test of the suite.)
///
/// What it guarantees, for every suite that carries it (`@Suite(.ownThreads, …)`):
/// - A test's body, its child tasks and everything they call that is not isolated to an actor
///   run on threads no other test shares, from the first line and across every `await`;
///   blocking one delays only that test (`OwnThreadsTraitTests`).
/// - At most `suiteSlots` such suites run at once, and at most `testSlots` of their tests. A
///   suite waits for its slot before any of its tests starts, outside their time limits (Swift
///   Testing starts a test's time limit around the test, not around its suite), so however many
///   suites are queued, a test's time limit measures its own run plus at most a wait behind the
///   tests of the few suites admitted with it.
/// - Nested suites run in their enclosing suite's slot.
///
/// Without it, every blocking test held one of the two cooperative threads: a suite's tests ran
/// two at a time, the core's async tests waited behind them and passed their time limits, and
/// `make test` had to run the host's suites apart, and never beside a build.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    /// Suites admitted at once: enough that one suite's slow test leaves the others working.
    static let suiteSlots = AsyncSlots(count: 3)
    /// Tests running at once across those suites: each may start a daemon, and two CPUs serve
    /// them all, so more would only slow each down towards its time limit.
    static let testSlots = AsyncSlots(count: 4)

    @TaskLocal private static var insideAdmittedSuite = false

    public var isRecursive: Bool { true }

    /// A scope for the suite itself (its slot) and for each test case (its thread and slot);
    /// Swift Testing's default gives a recursive trait only the latter.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? self : nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if test.isSuite {
            if Self.insideAdmittedSuite { return try await function() }
            try await Self.suiteSlots.withSlot {
                try await Self.$insideAdmittedSuite.withValue(true) { try await function() }
            }
        } else {
            try await Self.testSlots.withSlot {
                try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
            }
        }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the suite's tests on threads of their own, a few suites at a time
    /// (`OwnThreadsTrait`): for tests that block on daemons, sockets or sleeps.
    public static var ownThreads: Self { Self() }
}
