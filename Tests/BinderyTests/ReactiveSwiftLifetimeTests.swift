// ReactiveSwift's lifetime and interruption semantics, each as ReactiveSwift documents it.
import Bindery
import Dispatch
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftLifetimeTests {
    @Test func aSignalWhoseInputObserverIsReleasedIsInterruptedAndDisposed() {
        let disposable = AnyDisposable()
        var input: Signal<Int, Never>.Observer?
        let signal: Signal<Int, Never> = {
            let (signal, observer) = Signal<Int, Never>.pipe(disposable: disposable)
            input = observer
            return signal
        }()
        var interrupted = false
        signal.observeInterrupted { interrupted = true }
        #expect(!interrupted && !disposable.isDisposed)
        #expect(input != nil)
        input = nil
        #expect(interrupted)
        #expect(disposable.isDisposed)
        #expect(Signal<Int, Never>.never.observe { _ in } != nil, "never keeps its input: not interrupted")
    }

    @Test func takeFirstZeroInterrupts() {
        var interrupted = false
        SignalProducer<Int, Never>(value: 1).take(first: 0).startWithInterrupted { interrupted = true }
        #expect(interrupted)
        let (signal, observer) = Signal<Int, Never>.pipe()
        var signalInterrupted = false
        signal.take(first: 0).observeInterrupted { signalInterrupted = true }
        #expect(signalInterrupted)
        withExtendedLifetime(observer) {}
    }

    @Test func takeUntilEndsWhenTheTriggerCompletes() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        let (trigger, triggerObserver) = Signal<(), Never>.pipe()
        var events: [String] = []
        signal.take(until: trigger).observe { events.append("\($0)") }
        observer.send(value: 1)
        triggerObserver.sendCompleted()
        observer.send(value: 2)
        #expect(events == ["VALUE 1", "COMPLETED"])
    }

    @Test func startWithSignalDisposedBeforeItsClosureReturnsHasNoEffect() {
        var started = false
        let producer = SignalProducer<Int, Never> { _, _ in started = true }
        var interrupted = false
        producer.startWithSignal { signal, disposable in
            signal.observeInterrupted { interrupted = true }
            disposable.dispose()
        }
        #expect(!started)
        #expect(interrupted)
    }

    @Test func timeOperatorsDeliverInterruptionOnTheirScheduler() {
        typealias Operator = (Signal<Int, Never>, TestScheduler) -> Signal<Int, Never>
        let operators: [(String, Operator)] = [
            ("observe(on:)", { $0.observe(on: $1) }),
            ("delay", { $0.delay(1, on: $1) }),
            ("throttle", { $0.throttle(1, on: $1) }),
        ]
        for (name, apply) in operators {
            let scheduler = TestScheduler()
            let (signal, observer) = Signal<Int, Never>.pipe()
            var events: [String] = []
            apply(signal, scheduler).observe { events.append("\($0)") }
            observer.send(value: 1)
            if name == "throttle" {
                scheduler.advance()
                observer.send(value: 2)
            }
            observer.sendInterrupted()
            #expect(!events.contains("INTERRUPTED"), "\(name): nothing before the scheduler runs")
            scheduler.run()
            // As in ReactiveSwift 7: the interruption is scheduled for now, so it overtakes
            // values scheduled for later (`delay`'s, `throttle`'s held one), which are dropped.
            let expected = switch name {
            case "throttle": ["VALUE 1", "INTERRUPTED"]
            case "delay": ["INTERRUPTED"]
            default: ["VALUE 1", "INTERRUPTED"]
            }
            #expect(events == expected, "\(name)")
        }
        let scheduler = TestScheduler()
        let (signal, observer) = Signal<Int, Never>.pipe()
        var events: [String] = []
        signal.debounce(1, on: scheduler).observe { events.append("\($0)") }
        observer.sendInterrupted()
        #expect(events.isEmpty, "debounce: the interruption waits for the scheduler")
        scheduler.run()
        #expect(events == ["INTERRUPTED"])
    }

    @Test func debounceSchedulesCompletionAsReactiveSwiftDoes() {
        let scheduler = TestScheduler()
        let (signal, observer) = Signal<Int, Never>.pipe()
        var discarded: [String] = []
        var kept: [String] = []
        signal.debounce(1, on: scheduler).observe { discarded.append("\($0)") }
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe { kept.append("\($0)") }
        observer.send(value: 1)
        observer.sendCompleted()
        #expect(discarded == [], "completion waits for the scheduler")
        #expect(kept == [])
        scheduler.advance()
        #expect(discarded == ["COMPLETED"], "the waiting value is discarded, completion as soon as the scheduler runs")
        scheduler.advance(by: .milliseconds(999))
        #expect(kept == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(kept == ["VALUE 1", "COMPLETED"], "the waiting value when due, then completion")
    }

    @Test func collectEverySchedulesCompletionAsReactiveSwiftDoes() {
        let scheduler = TestScheduler()
        let (signal, observer) = Signal<Int, Never>.pipe()
        var discarded: [String] = []
        var kept: [String] = []
        signal.collect(every: .seconds(1), on: scheduler).observe { discarded.append("\($0)") }
        signal.collect(every: .seconds(1), on: scheduler, discardWhenCompleted: false).observe { kept.append("\($0)") }
        observer.send(value: 1)
        scheduler.advance(by: .milliseconds(500))
        observer.sendCompleted()
        #expect(discarded == [], "completion waits for the scheduler")
        #expect(kept == [])
        scheduler.advance()
        #expect(discarded == ["COMPLETED"], "gathered values discarded, completion as soon as the scheduler runs")
        scheduler.advance(by: .milliseconds(499))
        #expect(kept == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(kept == ["VALUE [1]", "COMPLETED"], "gathered values at the next interval, then completion")
    }

    @Test func flatMapLatestOnAPropertyForwardsTheLatestInnerValue() {
        let outer = MutableProperty(0)
        let inners = [MutableProperty("a0"), MutableProperty("b0")]
        let flattened = outer.flatMap(.latest) { inners[$0] }
        #expect(flattened.value == "a0")
        inners[0].value = "a1"
        #expect(flattened.value == "a1")
        outer.value = 1
        #expect(flattened.value == "b0")
        inners[0].value = "a2"
        inners[1].value = "b1"
        #expect(flattened.value == "b1")
    }

    @Test func queueSchedulerRepeatingActionKeepsRunningWithoutItsDisposableRetained() {
        let scheduler = QueueScheduler(name: "repeating")
        let ticks = DispatchSemaphore(value: 0)
        let count = Atomic(0)
        _ = scheduler.schedule(after: Date(), interval: .milliseconds(5)) {
            if count.modify({ $0 += 1; return $0 }) <= 3 { ticks.signal() }
        }
        for _ in 0..<3 {
            #expect(ticks.wait(timeout: .now() + 10) == .success)
        }
    }

    @Test func aDerivedPropertysSignalOutlivesTheProperty() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        var derived: Property<Int>? = source!.map { $0 * 10 }
        var values: [Int] = []
        var completed = false
        derived!.signal.observe { event in
            if case let .value(value) = event { values.append(value) }
            if case .completed = event { completed = true }
        }
        derived = nil
        source!.value = 2
        #expect(values == [20], "still fed while observed")
        #expect(!completed)
        source = nil
        #expect(completed, "completes with its source")

        let root = MutableProperty(MutableProperty(1))
        var latest: [Int] = []
        root.flatten(.latest).producer.startWithValues { latest.append($0) }
        let next = MutableProperty(5)
        root.value = next
        next.value = 6
        #expect(latest == [1, 5, 6], "the producer of a temporary derived property keeps it running")
    }

    @Test func binaryOperatorsStartTheirOwnProducerFirst() {
        var started: [String] = []
        func recording(_ name: String) -> SignalProducer<Int, Never> {
            SignalProducer { observer, _ in
                started.append(name)
                observer.send(value: 1)
            }
        }
        recording("a").zip(with: recording("b")).start()
        #expect(started == ["a", "b"])
        started = []
        recording("a").combineLatest(with: recording("b")).start()
        #expect(started == ["a", "b"])
        started = []
        var sampled: [Int] = []
        recording("a").sample(on: recording("b").map { _ in () }).startWithValues { sampled.append($0) }
        #expect(started == ["a", "b"])
        #expect(sampled == [1], "a synchronous sampler samples the value already sent")
    }

    @Test func anEndedPropertyDoesNotKeepItsLastValue() {
        var first: MutableProperty<Int>? = MutableProperty(0)
        var second: MutableProperty<Int>? = MutableProperty(10)
        weak let weakSecond = second
        var outer: MutableProperty<MutableProperty<Int>>? = MutableProperty(first!)
        let flattened = outer!.flatten(.concat)
        var completed = false
        flattened.producer.startWithCompleted { completed = true }
        outer!.value = second!
        first = nil
        second = nil
        #expect(weakSecond != nil, "still the outer property's value")
        outer = nil
        #expect(weakSecond == nil, "the ended outer property lets go of it")
        #expect(completed)
    }

    @Test func anInterruptionOvertakesQueuedValues() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        var events: [String] = []
        signal.observe { event in
            events.append("\(event)")
            if case .value(1) = event {
                observer.send(value: 2)
                observer.sendInterrupted()
            }
        }
        observer.send(value: 1)
        #expect(events == ["VALUE 1", "INTERRUPTED"], "value 2 was still queued: the interruption drops it")
    }
}
