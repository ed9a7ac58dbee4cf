// ReactiveSwift's schedulers and the operators that deliver on them, written as ReactiveSwift
// code: `UIScheduler`, `QueueScheduler`'s initialisers and default QoS, `TestScheduler`'s
// relative scheduling and async forms, `lazyMap(on:)`, `throttle(while:on:)`,
// `retry(upTo:interval:on:)`, and the rule that a disposed run is interrupted on the scheduler.
import Bindery
import Dispatch
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftSchedulingAPITests {
    @Test func queueSchedulersAndTheirDefaults() {
        #expect(QueueScheduler(name: "default-qos").queue.qos == .unspecified, "work inherits its scheduler's QoS")
        let queue = DispatchQueue(label: "internal")
        #expect(QueueScheduler(internalQueue: queue).queue === queue)
        #expect(QueueScheduler.main.queue.label == DispatchQueue.main.label)
    }

    @MainActor @Test func uiSchedulerRunsOnTheMainQueue() async {
        var ranAtOnce = false
        UIScheduler().schedule { ranAtOnce = true }
        #expect(ranAtOnce, "scheduled from the main queue with nothing queued: runs at once")

        let mainQueue = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainQueue, value: 1)
        let scheduler = UIScheduler()
        let onMainQueue = await Task.detached { () -> Bool in
            await withCheckedContinuation { continuation in
                scheduler.schedule { continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueue) == 1) }
            }
        }.value
        #expect(onMainQueue, "scheduled from elsewhere: runs on the main queue")
    }

    @Test func testSchedulerRelativeScheduling() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        scheduler.schedule(after: .seconds(2)) { ran.append("two") }
        scheduler.schedule(after: .seconds(1), interval: .seconds(1)) { ran.append("tick") }
        scheduler.advance(by: .seconds(2))
        #expect(ran == ["tick", "tick", "two"] || ran == ["tick", "two", "tick"])
    }

    @Test func intervalScalingSaturates() {
        #expect((DispatchTimeInterval.seconds(Int.max) * 10).timeInterval == .infinity)
        #expect((DispatchTimeInterval.seconds(Int.max) * 0.01).timeInterval > 0)
        #expect((DispatchTimeInterval.seconds(1) * 0.25).timeInterval == 0.25)
    }

    @Test func lazyMapTransformsOnlyTheLatestValue() {
        let scheduler = TestScheduler()
        let (signal, observer) = Signal<Int, Never>.pipe()
        var transformed: [Int] = []
        var values: [Int] = []
        signal.lazyMap(on: scheduler) { value -> Int in transformed.append(value); return value * 2 }.observeValues { values.append($0) }
        observer.send(value: 1)
        observer.send(value: 2)
        #expect(transformed.isEmpty)
        scheduler.advance()
        #expect(transformed == [2])
        #expect(values == [4])
    }

    @Test func throttleWhileHoldsTheLatestValue() {
        let shouldThrottle = MutableProperty(false)
        let (signal, observer) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        signal.throttle(while: shouldThrottle, on: ImmediateScheduler()).observeValues { values.append($0) }
        observer.send(value: 1)
        shouldThrottle.value = true
        observer.send(value: 2)
        observer.send(value: 3)
        #expect(values == [1])
        shouldThrottle.value = false
        #expect(values == [1, 3])
    }

    @Test func retryWithAnInterval() {
        let scheduler = TestScheduler()
        var starts = 0
        let failing = SignalProducer<Int, APIError> { observer, _ in
            starts += 1
            observer.send(error: .invalid)
        }
        var failed = false
        failing.retry(upTo: 2, interval: 1, on: scheduler).startWithFailed { _ in failed = true }
        #expect(starts == 1)
        scheduler.advance(by: .seconds(1))
        #expect(starts == 2)
        scheduler.advance(by: .seconds(1))
        #expect(starts == 3)
        #expect(failed)
    }

    @Test func aDisposedRunIsInterruptedOnTheScheduler() {
        let scheduler = TestScheduler()
        var interrupted = false
        let disposable = SignalProducer<Int, Never>(0..<10).observe(on: scheduler).startWithInterrupted { interrupted = true }
        disposable.dispose()
        #expect(!interrupted, "not on the disposing thread")
        #expect(disposable.isDisposed)
        scheduler.run()
        #expect(interrupted)
    }

    @MainActor @Test func asyncSleepAndTimerFollowTheTestScheduler() async throws {
        let scheduler = TestScheduler()
        let start = scheduler.currentDate
        let sleeper = Task { try await scheduler.sleep(for: .seconds(5)) }
        // The clock may move only once the task has asked to sleep: under load the yields
        // `advance` makes are not always enough for a new task to start first.
        while scheduler.isEmpty { await Task.yield() }
        await scheduler.advance(by: .seconds(5))
        try await sleeper.value
        #expect(scheduler.currentDate == start.addingTimeInterval(5))

        let ticks = Task { () -> [Date] in
            var dates: [Date] = []
            for await date in scheduler.timer(interval: .seconds(1)) {
                dates.append(date)
                if dates.count == 2 { break }
            }
            return dates
        }
        while scheduler.isEmpty { await Task.yield() }
        await scheduler.advance(by: .seconds(1))
        await scheduler.advance(by: .seconds(1))
        #expect(await ticks.value == [start.addingTimeInterval(6), start.addingTimeInterval(7)])
    }
}
