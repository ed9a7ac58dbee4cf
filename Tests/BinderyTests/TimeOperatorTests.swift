import Bindery
import Dispatch
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(2))) struct TimeOperatorTests {
    @Test func throttleSendsTheFirstAtOnceAndThenTheLatestPerInterval() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.throttle(1, on: scheduler).record(into: seen)
        input.send(value: 1)
        scheduler.advance()
        #expect(seen.all == [.value(1)])
        input.send(value: 2)
        input.send(value: 3)
        scheduler.advance(by: .milliseconds(500))
        #expect(seen.all == [.value(1)])
        scheduler.advance(by: .milliseconds(500))
        #expect(seen.all == [.value(1), .value(3)])
        scheduler.advance(by: .seconds(5))
        input.send(value: 4)
        scheduler.advance()
        input.sendCompleted()
        scheduler.advance()
        #expect(seen.all == [.value(1), .value(3), .value(4), .completed])
    }

    @Test func throttleContracts() {
        let scheduler = TestScheduler()
        expectOperatorContracts(settle: { scheduler.advance(by: .seconds(10)) }) { $0.throttle(1, on: scheduler) }
    }

    @Test func debounceSendsAValueOnceTheIntervalPassesQuietly() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.debounce(1, on: scheduler).record(into: seen)
        input.send(value: 1)
        scheduler.advance(by: .milliseconds(600))
        input.send(value: 2)
        scheduler.advance(by: .milliseconds(600))
        #expect(seen.all == [])
        scheduler.advance(by: .milliseconds(400))
        #expect(seen.all == [.value(2)])
        input.send(value: 3)
        input.sendCompleted()
        scheduler.advance(by: .seconds(5))
        #expect(seen.all == [.value(2), .completed], "a waiting value is discarded on completion by default")
    }

    @Test func debounceCanKeepTheWaitingValueOnCompletion() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).record(into: seen)
        input.send(value: 3)
        input.sendCompleted()
        scheduler.advance()
        #expect(seen.all == [], "as in ReactiveSwift, the waiting value is sent when due")
        scheduler.advance(by: 1)
        #expect(seen.all == [.value(3), .completed])
    }

    @Test func debounceContracts() {
        let scheduler = TestScheduler()
        expectOperatorContracts(settle: { scheduler.advance(by: .seconds(10)) }) { $0.debounce(1, on: scheduler) }
    }

    @Test func collectEveryBatchesPerInterval() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<[Int]>>()
        signal.collect(every: .seconds(1), on: scheduler).record(into: seen)
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(by: .seconds(1))
        scheduler.advance(by: .seconds(1))
        input.send(value: 3)
        scheduler.advance(by: .milliseconds(500))
        #expect(seen.all == [.value([1, 2]), .value([])])
        input.sendCompleted()
        scheduler.advance(by: .seconds(5))
        #expect(seen.all == [.value([1, 2]), .value([]), .completed])
    }

    @Test func collectEveryCanSkipEmptyBatchesAndFlushOnCompletion() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<[Int]>>()
        signal.collect(every: .seconds(1), on: scheduler, skipEmpty: true, discardWhenCompleted: false).record(into: seen)
        scheduler.advance(by: .seconds(3))
        input.send(value: 7)
        input.sendCompleted()
        scheduler.advance()
        #expect(seen.all == [], "as in ReactiveSwift, the gathered values go at the next interval")
        scheduler.advance(by: .seconds(1))
        #expect(seen.all == [.value([7]), .completed])
        #expect(scheduler.isEmpty, "the interval timer stops when the stream ends")
    }

    @Test func collectEveryContracts() {
        let scheduler = TestScheduler()
        expectOperatorContracts(settle: { scheduler.advance(by: .seconds(10)) }) { $0.collect(every: .seconds(1), on: scheduler, skipEmpty: true) }
    }

    @Test func delayShiftsValuesAndCompletion() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.delay(2, on: scheduler).record(into: seen)
        input.send(value: 1)
        scheduler.advance(by: .seconds(1))
        input.send(value: 2)
        input.sendCompleted()
        scheduler.advance(by: .seconds(1))
        #expect(seen.all == [.value(1)])
        scheduler.advance(by: .seconds(1))
        #expect(seen.all == [.value(1), .value(2), .completed])
    }

    @Test func delayPassesFailuresWithoutWaiting() {
        let scheduler = TestScheduler()
        let seen = Recorder<Seen<Int>>()
        SignalProducer<Int, TestError>(error: .boom).delay(10, on: scheduler).record(into: seen)
        scheduler.advance()
        #expect(seen.all == [.failed("boom")])
    }

    @Test func delayContracts() {
        let scheduler = TestScheduler()
        expectOperatorContracts(settle: { scheduler.advance(by: .seconds(10)) }) { $0.delay(1, on: scheduler) }
    }

    @Test func timerTicksEveryIntervalUntilDisposed() {
        let scheduler = TestScheduler()
        let start = scheduler.currentDate
        let ticks = Recorder<TimeInterval>()
        let run = SignalProducer<Date, Never>.timer(interval: .seconds(1), on: scheduler).startWithValues {
            ticks.append($0.timeIntervalSince(start))
        }
        #expect(ticks.all == [])
        scheduler.advance(by: .milliseconds(3500))
        #expect(ticks.all == [1, 2, 3])
        run.dispose()
        scheduler.advance(by: .seconds(5))
        #expect(ticks.all == [1, 2, 3])
        #expect(scheduler.isEmpty)
    }

    @Test func observeOnDeliversThroughTheSchedulerInOrder() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.observe(on: scheduler).record(into: seen)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(seen.all == [])
        scheduler.advance()
        #expect(seen.all == [.value(1), .value(2), .completed])
    }

    @Test func observeOnContracts() {
        let scheduler = TestScheduler()
        expectOperatorContracts(settle: { scheduler.advance() }) { $0.observe(on: scheduler) }
    }

    @Test func startOnRunsTheStartHandlerOnTheScheduler() {
        let scheduler = TestScheduler()
        let starts = Counter()
        let seen = Recorder<Seen<Int>>()
        SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 1)
        }.start(on: scheduler).record(into: seen)
        #expect(starts.count == 0)
        scheduler.advance()
        #expect(starts.count == 1)
        #expect(seen.all == [.value(1)])
    }

    @Test func startOnIsCancelledByDisposingBeforeItRuns() {
        let scheduler = TestScheduler()
        let starts = Counter()
        let run = SignalProducer<Int, Never> { _, _ in starts.increment() }.start(on: scheduler).start()
        run.dispose()
        scheduler.advance()
        #expect(starts.count == 0)
    }

    @Test func testSchedulerRunsActionsInDateThenSchedulingOrder() {
        let scheduler = TestScheduler()
        let order = Recorder<String>()
        scheduler.schedule(after: 2) { order.append("late") }
        scheduler.schedule(after: 1) { order.append("first at 1") }
        scheduler.schedule(after: 1) { order.append("second at 1") }
        scheduler.schedule { order.append("now") }
        scheduler.schedule(after: 1) { order.append("cancelled") }?.dispose()
        scheduler.run()
        #expect(order.all == ["now", "first at 1", "second at 1", "late"])
    }

    @Test func immediateSchedulerRunsAtOnce() {
        let ran = Counter()
        #expect(ImmediateScheduler().schedule { ran.increment() } == nil)
        #expect(ran.count == 1)
    }
}
