import Bindery
import Dispatch
import Synchronization
import Testing

/// Executions started, from whichever thread the hop delivers on.
private final class StartCount: Sendable {
    private let count = Synchronization.Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// Issue 41: the restoring cause survives every hop a view model's work can take in the core —
/// `QueueScheduler` (its own queue, or plain `DispatchQueue`s, serial or concurrent, it runs
/// on), `TestScheduler`, `UIScheduler`, `ImmediateScheduler` and the async bridge (a `Task`,
/// sleeping on a scheduler or not) — so a restore starts no `Action` bound to work that hopped
/// there. Each test also sets the same input under a client's cause and sees the action start:
/// the hop does deliver, and only the restoring cause keeps the action from running.
@Suite(.timeLimit(.minutes(1))) struct RestoringCauseHopTests {
    init() { RunCause.startTracking() }

    /// Binds an action to `query` through `hop`; sets `query` under `.restoring`, then under a
    /// client's set, waiting after each until the hop has delivered; returns the executions
    /// each started.
    private func startsThrough(_ hop: (Signal<String, Never>) -> Signal<String, Never>,
                               deliver: () async -> Void = {}) async -> (restored: Int, set: Int) {
        let query = MutableProperty("")
        let starts = StartCount()
        let lookup = Action<String, String, Never> { value in
            starts.add()
            return SignalProducer(value: value)
        }
        let hopped = hop(query.signal)
        lookup <~ hopped
        // Observed after the binding, so a value seen here has already been applied to the action.
        var delivered = hopped.values.makeAsyncIterator()
        RunCause.with(.restoring) { query.value = "13800138001" }
        await deliver()
        #expect(await delivered.next() == "13800138001")
        let restored = starts.value
        RunCause.with(.named("set", detail: "login.phone")) { query.value = "13800138002" }
        await deliver()
        #expect(await delivered.next() == "13800138002")
        return (restored, starts.value - restored)
    }

    @Test func aQueueSchedulersOwnQueueKeepsTheRestoringCause() async {
        let starts = await startsThrough { $0.observe(on: QueueScheduler(name: "hop.own-queue")) }
        #expect(starts.restored == 0)
        #expect(starts.set == 1)
    }

    @Test func dispatchQueuesWorkStartedThroughQueueSchedulerKeepsTheRestoringCause() async {
        let concurrent = DispatchQueue(label: "hop.concurrent", attributes: .concurrent)
        for scheduler in [QueueScheduler(queue: .global()), QueueScheduler(internalQueue: concurrent)] {
            let starts = await startsThrough { $0.observe(on: scheduler) }
            #expect(starts.restored == 0)
            #expect(starts.set == 1)
            // After a delay too: a deadline on the queue, not only its next turn.
            let delayed = await startsThrough { $0.delay(0.001, on: scheduler) }
            #expect(delayed.restored == 0)
            #expect(delayed.set == 1)
        }
    }

    @Test func aTestSchedulerKeepsTheRestoringCause() async {
        let scheduler = TestScheduler()
        let starts = await startsThrough({ $0.observe(on: scheduler) }, deliver: { scheduler.advance() })
        #expect(starts.restored == 0)
        #expect(starts.set == 1)
    }

    @Test func anImmediateSchedulerKeepsTheRestoringCause() async {
        let starts = await startsThrough { $0.observe(on: ImmediateScheduler()) }
        #expect(starts.restored == 0)
        #expect(starts.set == 1)
    }

    /// Set from a thread other than the main one, so the UI scheduler queues the delivery on
    /// the main queue rather than running it at once.
    @Test func aUISchedulerKeepsTheRestoringCause() async {
        let starts = await Task.detached {
            await self.startsThrough { $0.observe(on: UIScheduler()) }
        }.value
        #expect(starts.restored == 0)
        #expect(starts.set == 1)
    }

    /// A value made by async work (`SignalProducer { try await … }`, the bridge
    /// `Action(execute:)` uses) arrives from a task on another thread.
    @Test func theAsyncBridgesTaskKeepsTheRestoringCause() async {
        let starts = await startsThrough { signal in
            signal.flatMap(.latest) { value in
                SignalProducer { () async throws -> String in
                    await Task.yield()
                    return value
                }.flatMapError { _ in .empty }
            }
        }
        #expect(starts.restored == 0)
        #expect(starts.set == 1)
    }

    /// Async work that sleeps on a scheduler resumes from the scheduler's timer, and still runs
    /// under the cause it started under.
    @Test func asyncWorkSleepingOnASchedulerKeepsTheRestoringCause() async {
        let scheduler = QueueScheduler(name: "hop.sleep")
        let starts = await startsThrough { signal in
            signal.flatMap(.latest) { value in
                SignalProducer { () async throws -> String in
                    try await scheduler.sleep(for: .milliseconds(1))
                    return value
                }.flatMapError { _ in .empty }
            }
        }
        #expect(starts.restored == 0)
        #expect(starts.set == 1)
    }

    /// What an async action's work starts after an `await` is attributed to that action, as
    /// what synchronous work starts is.
    @Test func anAsyncActionsWorkIsAttributedToItAcrossAwaits() async throws {
        let seen = Synchronization.Mutex<[RunCause?]>([])
        let follow = Action<Void, Void, Never> { _ in .empty }
        let watching = follow.isExecuting.signal.observeValues { executing in
            if executing { seen.withLock { $0.append(RunCause.current) } }
        }
        let fetch = Action<Void, Int, Swift.Error> { () async throws -> Int in
            await Task.yield()
            follow.apply().start()
            return 1
        }
        _ = try await fetch.apply().values.first { _ in true }
        #expect(seen.withLock { $0 } == [.action(fetch.runIdentity)])
        watching?.dispose()
    }
}
