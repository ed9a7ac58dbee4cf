import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct ReplayTests {
    @Test func theSharedRunStartsOnlyOnTheFirstStart() {
        let starts = Counter()
        let (signal, input) = Signal<Int, Never>.pipe()
        let shared = SignalProducer<Int, Never> { observer, lifetime in
            starts.increment()
            lifetime += signal.observe(observer)
        }.replayLazily(upTo: 2)
        #expect(starts.count == 0)
        let first = Recorder<Seen<Int>>()
        shared.record(into: first)
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        let second = Recorder<Seen<Int>>()
        shared.record(into: second)
        input.send(value: 4)
        input.sendCompleted()
        #expect(starts.count == 1)
        #expect(first.all == [.value(1), .value(2), .value(3), .value(4), .completed])
        #expect(second.all == [.value(2), .value(3), .value(4), .completed])
    }

    @Test func aStartAfterTheEndGetsTheBufferAndTheTerminalEvent() {
        let shared = SignalProducer<Int, TestError>(values: 1, 2, 3).replayLazily(upTo: 1)
        #expect(shared.events() == [.value(1), .value(2), .value(3), .completed])
        #expect(shared.events() == [.value(3), .completed])
        let failing = SignalProducer<Int, TestError>(error: .boom).replayLazily(upTo: 5)
        #expect(failing.events() == [.failed("boom")])
        #expect(failing.events() == [.failed("boom")])
    }

    @Test func disposingOneStartLeavesTheOthersAndTheSharedRun() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let shared = SignalProducer(signal).replayLazily(upTo: 0)
        let leaving = Recorder<Seen<Int>>()
        let staying = Recorder<Seen<Int>>()
        let run = shared.record(into: leaving)
        shared.record(into: staying)
        input.send(value: 1)
        run.dispose()
        input.send(value: 2)
        #expect(leaving.all == [.value(1), .interrupted])
        #expect(staying.all == [.value(1), .value(2)])
    }
}
