import Bindery
import Testing

/// `SignalProducer(value:)`, `SignalProducer(error:)` and `.empty` send what they hold and end
/// as they start, so they run without an observer, a lifetime or a serialising core of their
/// own (`SignalProducer.init(endingAsItStarts:)`). What a run of them, or an operator above
/// them, sees must not change.
@Suite(.timeLimit(.minutes(1))) struct EndingAsItStartsTests {
    @Test func startedAsTheyAreTheyDeliverTheirEventsAndReturnADisposedRun() {
        let log = Recorder<Seen<Int>>()
        let value = SignalProducer<Int, TestError>(value: 7).record(into: log)
        let error = SignalProducer<Int, TestError>(error: .boom).record(into: log)
        let empty = SignalProducer<Int, TestError>.empty.record(into: log)
        #expect(log.all == [.value(7), .completed, .failed("boom"), .completed])
        #expect(value.isDisposed && error.isDisposed && empty.isDisposed)
        value.dispose()
        #expect(log.all.count == 4)
    }

    @Test func operatorsAboveThemSeeTheSameEvents() {
        let log = Recorder<Int>()
        SignalProducer<Int, Never>(value: 1)
            .then(SignalProducer(value: 2))
            .concat(SignalProducer<Int, Never>.empty)
            .flatMap(.concat) { (value: Int) in SignalProducer<Int, Never>(value: value * 10) }
            .combineLatest(with: SignalProducer<Int, Never>(value: 3))
            .map { (left: Int, right: Int) in left + right }
            .startWithValues { log.append($0) }
        #expect(log.all == [23])

        let recovered = Recorder<String>()
        SignalProducer<Int, TestError>(error: .boom)
            .flatMapError { _ in SignalProducer<Int, Never>(value: 5) }
            .startWithValues { recovered.append("\($0)") }
        #expect(recovered.all == ["5"])
    }

    @Test func startedWithASignalTheyDeliverBeforeStartWithSignalReturns() {
        let log = Recorder<Seen<Int>>()
        let result: Int = SignalProducer<Int, Never>(value: 4).startWithSignal { signal, _ in
            signal.record(into: log)
            return log.all.count
        }
        #expect(result == 0)
        #expect(log.all == [.value(4), .completed])
    }

    @Test func anActionWhoseWorkEndsAsItStartsRunsOnceEachTime() {
        let action = Action<Int, Int, Never> { SignalProducer(value: $0 + 1) }
        let values = Recorder<Int>()
        action.values.observeValues { values.append($0) }
        for input in 0..<3 { action.apply(input).start() }
        #expect(values.all == [1, 2, 3])
        #expect(!action.isExecuting.value)
    }
}
