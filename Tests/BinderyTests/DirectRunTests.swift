import Bindery
import BinderyPrimitives
import BinderyTestSupport
import Dispatch
import Synchronization
import Testing

/// A property's `producer` or `SignalProducer(signal)`, started as it is, is a run of its own
/// attached to the source's core, with no serialising run between them, and is interrupted
/// through the source's loop when disposed (see `SignalCore.startRun`). What its observer sees
/// must not change: one event at a time, at most one terminal event and nothing after it,
/// values queued before the disposal dropped, `isDisposed` at once, the observer let go; and
/// through `map`, `filter`, `compactMap` and `mapError`, which keep such a producer direct,
/// the same events as through a run of their own.
@Suite(.timeLimit(.minutes(2))) struct DirectRunTests {
    /// What one run's observer saw, and whether two events ever reached it at once.
    final class Observation: Sendable {
        private let events = Lock<[String]>([])
        private let inside = Synchronization.Atomic<Int>(0)
        private let overlapped = Synchronization.Atomic<Bool>(false)

        init() {}

        func record(_ event: Signal<Int, Never>.Event) {
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlapped.store(true, ordering: .relaxed)
            }
            events.withLock { $0.append(Self.describe(event)) }
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }

        var all: [String] { events.withLock { $0 } }
        var sawOverlap: Bool { overlapped.load(ordering: .relaxed) }

        /// Whether the events are values, then exactly one terminal event, last.
        var endsOnceAtTheEnd: Bool {
            let all = self.all
            let terminals = all.indices.filter { !all[$0].hasPrefix("value") }
            return terminals.count == 1 && terminals[0] == all.count - 1
        }

        static func describe(_ event: Signal<Int, Never>.Event) -> String {
            switch event {
            case let .value(value): return "value \(value)"
            case .completed: return "completed"
            case .interrupted: return "interrupted"
            }
        }
    }

    @Test func aRunDisposedWhileAnotherThreadSetsTheSourceEndsOnceAndOverlapsNothing() {
        for _ in 0..<200 {
            let property = MutableProperty(0)
            let seen = Observation()
            let run = property.producer.start { seen.record($0) }
            let setter = DispatchGroup()
            DispatchQueue.global().async(group: setter) {
                for value in 1...200 { property.value = value }
            }
            _ = waitUntil(seconds: 10) { seen.all.count > 3 }
            run.dispose()
            #expect(run.isDisposed)
            let countAtDisposal = seen.all.count
            setter.wait()
            #expect(!seen.sawOverlap)
            #expect(seen.endsOnceAtTheEnd, "\(seen.all)")
            #expect(seen.all.last == "interrupted")
            // Nothing but the interruption (and a value already on its way) after the disposal.
            #expect(seen.all.count <= countAtDisposal + 2)
        }
    }

    @Test func disposingFromInsideTheObserverInterruptsAfterTheCurrentValueWhileOthersGoOn() {
        let property = MutableProperty(0)
        let seen = Recorder<String>()
        let other = Recorder<Int>()
        let run = SerialDisposable()
        run.inner = property.producer.start { event in
            seen.append(Observation.describe(event))
            if case .value(2) = event { run.dispose() }
        }
        property.producer.startWithValues { other.append($0) }
        for value in 1...3 { property.value = value }
        #expect(seen.all == ["value 0", "value 1", "value 2", "interrupted"])
        #expect(other.all == [0, 1, 2, 3])
    }

    @Test func aValueQueuedForTheRunBeforeItsDisposalIsDropped() {
        let property = MutableProperty(0)
        let seen = Recorder<String>()
        let run = property.producer.start { seen.append(Observation.describe($0)) }
        // Observes after the run, so it sees 1 once the run has: it queues 2 (for the run
        // too) and then disposes the run, all inside the delivery of 1.
        property.signal.observeValues { value in
            guard value == 1 else { return }
            property.value = 2
            run.dispose()
            #expect(run.isDisposed)
        }
        property.value = 1
        #expect(seen.all == ["value 0", "value 1", "interrupted"])
        #expect(property.value == 2)
    }

    @Test func theSourceEndingWhileTheRunIsDisposedEndsTheRunOnce() {
        for _ in 0..<200 {
            var property: MutableProperty<Int>? = MutableProperty(0)
            let seen = Observation()
            let run = property!.producer.start { seen.record($0) }
            let ended = DispatchGroup()
            let owner = Lock<MutableProperty<Int>?>(property)
            property = nil
            DispatchQueue.global().async(group: ended) {
                owner.withLock { $0?.value = 1 }
                owner.withLock { $0 = nil } // the property goes: its runs complete
            }
            run.dispose()
            ended.wait()
            #expect(!seen.sawOverlap)
            #expect(seen.endsOnceAtTheEnd, "\(seen.all)")
            #expect(run.isDisposed)
        }
    }

    @Test func aSignalsProducerDisposedFromAnotherThreadEndsOnce() {
        for _ in 0..<200 {
            let (signal, input) = Signal<Int, Never>.pipe()
            let seen = Observation()
            let run = SignalProducer(signal).start { seen.record($0) }
            let sender = DispatchGroup()
            DispatchQueue.global().async(group: sender) {
                for value in 1...200 { input.send(value: value) }
            }
            run.dispose()
            sender.wait()
            input.sendCompleted()
            #expect(!seen.sawOverlap)
            #expect(seen.all.last == "interrupted", "\(seen.all)")
            #expect(seen.endsOnceAtTheEnd, "\(seen.all)")
        }
    }

    @Test func aDisposedRunLetsGoOfItsObserver() {
        let property = MutableProperty(0)
        final class Box: Sendable {}
        weak var released: Box?
        let run: Disposable = {
            let box = Box()
            released = box
            return property.producer.startWithValues { _ in withExtendedLifetime(box) {} }
        }()
        #expect(released != nil)
        run.dispose()
        #expect(released == nil)
        property.value = 1
    }

    @Test func operatorsKeepingAProducerDirectDeliverWhatTheirOwnRunsWould() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        let seen = Recorder<String>()
        let tens: SignalProducer<Int, Never> = property!.producer.map { $0 * 10 }
        let texts: SignalProducer<String, Never> = tens
            .filter { $0 != 20 }
            .compactMap { (value: Int) -> String? in value == 30 ? nil : "v\(value)" }
        let run = texts.start { event in
            switch event {
            case let .value(text): seen.append(text)
            case .completed: seen.append("completed")
            case .interrupted: seen.append("interrupted")
            }
        }
        for value in 2...4 { property!.value = value }
        property = nil
        #expect(seen.all == ["v10", "v40", "completed"])
        #expect(run.isDisposed)
    }

    @Test func disposingAMappedDirectRunInterruptsItsObserverThroughTheOperators() {
        let property = MutableProperty(1)
        let seen = Recorder<String>()
        let run = property.producer.map { $0 + 1 }.filter { _ in true }.start { event in
            seen.append(Observation.describe(event))
        }
        property.value = 2
        run.dispose()
        property.value = 3
        #expect(seen.all == ["value 2", "value 3", "interrupted"])
    }

    @Test func mapErrorKeepsASignalsProducerDirectAndMapsItsFailure() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let seen = Recorder<String>()
        SignalProducer(signal)
            .mapError { _ in TestError.other(7) }
            .map { $0 * 2 }
            .start { event in
                switch event {
                case let .value(value): seen.append("value \(value)")
                case let .failed(error): seen.append("failed \(error)")
                case .completed: seen.append("completed")
                case .interrupted: seen.append("interrupted")
                }
            }
        input.send(value: 1)
        input.send(error: .boom)
        input.send(value: 2)
        #expect(seen.all == ["value 2", "failed \(TestError.other(7))"])
    }
}
