import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct SignalTests {
    @Test func pipeDeliversValuesThenCompletion() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.record(into: seen)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(seen.all == [.value(1), .value(2), .completed])
    }

    @Test func failureIsDeliveredToEveryObserver() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let first = Recorder<Seen<Int>>()
        let second = Recorder<Seen<Int>>()
        signal.record(into: first)
        signal.record(into: second)
        input.send(value: 7)
        input.send(error: .boom)
        #expect(first.all == [.value(7), .failed("boom")])
        #expect(second.all == first.all)
    }

    @Test func nothingIsDeliveredAfterATerminalEvent() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.record(into: seen)
        input.sendInterrupted()
        input.send(value: 1)
        input.sendCompleted()
        input.send(error: .boom)
        #expect(seen.all == [.interrupted])
    }

    @Test func observingATerminatedSignalInterruptsAtOnce() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.sendCompleted()
        let seen = Recorder<Seen<Int>>()
        let disposable = signal.record(into: seen)
        #expect(disposable == nil)
        #expect(seen.all == [.interrupted])
    }

    @Test func lateObserversMissEarlierValues() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 1)
        let seen = Recorder<Seen<Int>>()
        signal.record(into: seen)
        input.send(value: 2)
        #expect(seen.all == [.value(2)])
    }

    @Test func disposingAnObservationStopsDeliveryToThatObserverOnly() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let kept = Recorder<Seen<Int>>()
        let dropped = Recorder<Seen<Int>>()
        signal.record(into: kept)
        let observation = signal.record(into: dropped)
        input.send(value: 1)
        observation?.dispose()
        input.send(value: 2)
        #expect(kept.all == [.value(1), .value(2)])
        #expect(dropped.all == [.value(1)])
    }

    @Test func anObserverRemovedByAnEarlierObserverMissesTheCurrentEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let second = Recorder<Int>()
        nonisolated(unsafe) var secondObservation: Disposable?
        // Both observers run on this test's thread, inside `send`; nothing else touches it.
        signal.observeValues { _ in secondObservation?.dispose() }
        secondObservation = signal.observeValues { second.append($0) }
        input.send(value: 1)
        #expect(second.all == [])
    }

    @Test func generatorLifetimeEndsWhenTheSignalTerminates() {
        let ended = Counter()
        var input: Signal<Int, Never>.Observer?
        let signal = Signal<Int, Never> { observer, lifetime in
            input = observer
            lifetime.observeEnded { ended.increment() }
        }
        signal.observeValues { _ in }
        #expect(ended.count == 0)
        input?.sendCompleted()
        #expect(ended.count == 1)
    }

    @Test func pipeDisposableIsDisposedWhenTheSignalEnds() {
        let disposable = AnyDisposable()
        let (signal, input) = Signal<Int, Never>.pipe(disposable: disposable)
        #expect(!disposable.isDisposed)
        input.sendCompleted()
        #expect(disposable.isDisposed)
        withExtendedLifetime(signal) {}
    }

    @Test func anAbandonedSignalEndsItsGenerator() {
        // Nobody references the signal and nobody observes it: nothing can ever see its events.
        let disposable = AnyDisposable()
        _ = Signal<Int, Never>.pipe(disposable: disposable)
        #expect(disposable.isDisposed)
    }

    @Test func observeHelpersSeeTheirKindOfEvent() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let values = Recorder<Int>()
        let results = Recorder<String>()
        let failures = Recorder<TestError>()
        // `observeValues` is only for signals that cannot fail (as in ReactiveSwift).
        signal.observe(Signal<Int, TestError>.Observer(value: { values.append($0) }))
        signal.observeResult { results.append("\($0)") }
        signal.observeFailed { failures.append($0) }
        input.send(value: 3)
        input.send(error: .other(4))
        #expect(values.all == [3])
        #expect(results.all == ["success(3)", "failure(BinderyTests.TestError.other(4))"])
        #expect(failures.all == [.other(4)])
    }

    @Test func completedAndInterruptedHelpers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let completed = Counter()
        let interrupted = Counter()
        signal.observeCompleted { completed.increment() }
        signal.observeInterrupted { interrupted.increment() }
        input.sendCompleted()
        #expect(completed.count == 1)
        #expect(interrupted.count == 0)
    }

    @Test func emptyAndNever() {
        let fromEmpty = Recorder<Seen<Int>>()
        Signal<Int, Never>.empty.record(into: fromEmpty)
        #expect(fromEmpty.all == [.interrupted])
        let fromNever = Recorder<Seen<Int>>()
        Signal<Int, Never>.never.record(into: fromNever)
        #expect(fromNever.all == [])
    }

    @Test func derivedSignalsFollowTheirSource() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<String>>()
        signal.filter { $0 % 2 == 0 }.map { "#\($0)" }.record(into: seen)
        for value in 1...4 { input.send(value: value) }
        input.sendCompleted()
        #expect(seen.all == [.value("#2"), .value("#4"), .completed])
    }

    @Test func eventDescriptions() {
        typealias E = Signal<Int, TestError>.Event
        #expect(E.value(1).description == "VALUE 1")
        #expect(E.failed(.boom).description == "FAILED boom")
        #expect(E.completed.description == "COMPLETED")
        #expect(E.interrupted.isTerminating && !E.value(1).isTerminating)
        #expect(E.value(2).map { $0 * 10 } == .value(20))
        #expect(E.failed(.boom).mapError { _ in TestError.other(1) } == .failed(.other(1)))
    }
}
