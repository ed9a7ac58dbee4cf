import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct SignalProducerTests {
    @Test func creatingAProducerRunsNothing() {
        let starts = Counter()
        _ = SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 1)
        }.map { $0 + 1 }
        #expect(starts.count == 0)
    }

    @Test func sideEffectsRunOncePerStart() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: starts.increment())
            observer.sendCompleted()
        }
        #expect(producer.events() == [.value(1), .completed])
        #expect(producer.events() == [.value(2), .completed])
        #expect(starts.count == 2)
    }

    @Test func sideEffectsRunOncePerStartThroughOperators() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 1)
            observer.sendCompleted()
        }.map { $0 * 2 }.filter { $0 > 0 }.take(first: 5)
        #expect(starts.count == 0)
        #expect(producer.events() == [.value(2), .completed])
        #expect(starts.count == 1)
    }

    @Test func valueErrorResultEmptyNever() {
        #expect(SignalProducer<Int, TestError>(value: 4).events() == [.value(4), .completed])
        #expect(SignalProducer<Int, TestError>(error: .boom).events() == [.failed("boom")])
        #expect(SignalProducer<Int, TestError>(result: .success(5)).events() == [.value(5), .completed])
        #expect(SignalProducer<Int, TestError>(result: .failure(.boom)).events() == [.failed("boom")])
        #expect(SignalProducer<Int, TestError>.empty.events() == [.completed])
        #expect(SignalProducer<Int, TestError>.never.events() == [])
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 3).events() == [.value(1), .value(2), .value(3), .completed])
        #expect(SignalProducer<Int, TestError>([4, 5]).events() == [.value(4), .value(5), .completed])
    }

    @Test func resultClosureRunsOnEachStart() {
        let calls = Counter()
        let producer = SignalProducer<Int, TestError> { () -> Result<Int, TestError> in
            calls.increment() == 1 ? .success(1) : .failure(.boom)
        }
        #expect(calls.count == 0)
        #expect(producer.events() == [.value(1), .completed])
        #expect(producer.events() == [.failed("boom")])
    }

    @Test func anInfiniteSequenceStopsWhenTheRunEnds() {
        #expect(SignalProducer<Int, Never>(1...).take(first: 3).events() == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func disposingAStartedRunInterruptsItAndEndsItsLifetime() {
        let ended = Counter()
        let seen = Recorder<Seen<Int>>()
        let run = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { ended.increment() }
        }.record(into: seen)
        #expect(!run.isDisposed)
        run.dispose()
        run.dispose()
        #expect(seen.all == [.value(1), .interrupted])
        #expect(ended.count == 1)
        #expect(run.isDisposed)
    }

    @Test func disposingAFinishedRunSendsNothingMore() {
        let seen = Recorder<Seen<Int>>()
        let run = SignalProducer<Int, Never>(value: 1).record(into: seen)
        run.dispose()
        #expect(seen.all == [.value(1), .completed])
    }

    @Test func eventsSentAfterTheRunEndedAreDropped() {
        nonisolated(unsafe) var captured: Signal<Int, Never>.Observer?
        // Only this test's thread touches `captured`.
        let seen = Recorder<Seen<Int>>()
        SignalProducer<Int, Never> { observer, _ in
            captured = observer
            observer.sendCompleted()
        }.record(into: seen)
        captured?.send(value: 5)
        #expect(seen.all == [.completed])
    }

    @Test func producerFromASignalObservesItPerStart() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer(signal)
        let first = Recorder<Seen<Int>>()
        let run = producer.record(into: first)
        input.send(value: 1)
        let second = Recorder<Seen<Int>>()
        producer.record(into: second)
        input.send(value: 2)
        run.dispose()
        input.sendCompleted()
        #expect(first.all == [.value(1), .value(2), .interrupted])
        #expect(second.all == [.value(2), .completed])
    }

    @Test func startWithSignalLetsObserversAttachBeforeAnythingIsSent() {
        let seen = Recorder<Seen<Int>>()
        let result = SignalProducer<Int, Never>(values: 1, 2).startWithSignal { signal, _ -> String in
            signal.record(into: seen)
            return "set up"
        }
        #expect(result == "set up")
        #expect(seen.all == [.value(1), .value(2), .completed])
    }

    @Test func startHelpers() {
        let values = Recorder<Int>()
        let results = Recorder<String>()
        let completed = Counter()
        let failed = Recorder<TestError>()
        let interrupted = Counter()
        SignalProducer<Int, Never>(values: 1, 2).startWithValues { values.append($0) }
        SignalProducer<Int, TestError>(error: .boom).startWithResult { results.append("\($0)") }
        SignalProducer<Int, Never>.empty.startWithCompleted { completed.increment() }
        SignalProducer<Int, TestError>(error: .other(2)).startWithFailed { failed.append($0) }
        SignalProducer<Int, Never>.never.startWithInterrupted { interrupted.increment() }.dispose()
        #expect(values.all == [1, 2])
        #expect(results.all == ["failure(BinderyTests.TestError.boom)"])
        #expect(completed.count == 1)
        #expect(failed.all == [.other(2)])
        #expect(interrupted.count == 1)
    }
}
