import Bindery
import BinderyPrimitives
import Foundation
import Synchronization
import Testing

/// Runs `body(thread)` on `count` threads at once and returns when all have finished.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let ready = Synchronization.Atomic<Int>(0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            // Start together, so the sends really overlap.
            ready.add(1, ordering: .acquiringAndReleasing)
            while ready.load(ordering: .acquiring) < count {}
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// Watches an observer for overlapping calls: `enter`/`leave` around each delivery.
private final class OverlapDetector: Sendable {
    private let inFlight = Synchronization.Atomic<Int>(0)
    private let overlaps = Synchronization.Atomic<Int>(0)

    func enter() {
        if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
    }

    func leave() { inFlight.subtract(1, ordering: .acquiringAndReleasing) }

    var overlapCount: Int { overlaps.load(ordering: .relaxed) }
}

@Suite(.timeLimit(.minutes(2))) struct StressTests {
    static let threads = 4
    static let perThread = 5_000

    @Test func fourThreadsSendingOnOneSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let detector = OverlapDetector()
        let received = Recorder<Int>()
        signal.observeValues { value in
            detector.enter()
            received.append(value)
            detector.leave()
        }
        onThreads(Self.threads) { thread in
            for index in 0..<Self.perThread { input.send(value: thread * Self.perThread + index) }
        }
        let all = received.all
        #expect(all.count == Self.threads * Self.perThread, "nothing lost")
        #expect(Set(all).count == all.count, "nothing duplicated")
        #expect(detector.overlapCount == 0, "no overlapping delivery")
        for thread in 0..<Self.threads {
            let fromThread = all.filter { $0 / Self.perThread == thread }
            #expect(fromThread == fromThread.sorted(), "one thread's values keep their order")
        }
    }

    @Test func fourThreadsSettingOneProperty() {
        let property = MutableProperty(0)
        let detector = OverlapDetector()
        let received = Counter()
        property.signal.observeValues { _ in
            detector.enter()
            received.increment()
            detector.leave()
        }
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.perThread { property.modify { $0 += 1 } }
        }
        #expect(property.value == Self.threads * Self.perThread, "no update lost")
        #expect(received.count == Self.threads * Self.perThread, "every change delivered")
        #expect(detector.overlapCount == 0)
    }

    @Test func stateOfOperatorsStaysConsistentUnderConcurrentSends() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let last = Lock(0)
        let detector = OverlapDetector()
        // `scan` keeps unsynchronised state: only serial delivery keeps the total right.
        signal.scan(0, +).observeValues { total in
            detector.enter()
            last.withLock { $0 = total }
            detector.leave()
        }
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.perThread { input.send(value: 1) }
        }
        #expect(last.withLock { $0 } == Self.threads * Self.perThread)
        #expect(detector.overlapCount == 0)
    }

    @Test func concurrentSendsIntoAProducersObserver() {
        let detector = OverlapDetector()
        let count = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            onThreads(Self.threads) { _ in
                for index in 0..<Self.perThread { observer.send(value: index) }
            }
            observer.sendCompleted()
        }
        let completed = Counter()
        producer.map { $0 + 1 }.start { event in
            detector.enter()
            if case .completed = event { completed.increment() } else { count.increment() }
            detector.leave()
        }
        #expect(count.count == Self.threads * Self.perThread)
        #expect(completed.count == 1)
        #expect(detector.overlapCount == 0)
    }

    @Test func terminalEventRacingWithValuesIsTheLastEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let events = Recorder<Seen<Int>>()
        signal.record(into: events)
        onThreads(Self.threads) { thread in
            for index in 0..<1_000 {
                if thread == 0, index == 500 { input.sendCompleted() } else { input.send(value: index) }
            }
        }
        let all = events.all
        #expect(all.last == .completed)
        #expect(all.filter { $0 == .completed }.count == 1)
    }

    @Test func actionRunsOnceWhenAppliedFromFourThreadsAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let action = Action<Void, Int, Never> { SignalProducer(signal) }
        let disabled = Counter()
        let running = Counter()
        onThreads(Self.threads) { _ in
            action.apply().start { event in
                if case .failed(.disabled) = event { disabled.increment() }
            }
            running.increment()
        }
        #expect(disabled.count == Self.threads - 1, "exactly one execution claimed the action")
        #expect(action.isExecuting.value)
        input.sendCompleted()
        #expect(!action.isExecuting.value)
    }
}
