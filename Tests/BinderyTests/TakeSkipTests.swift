import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct TakeSkipTests {
    @Test func takeFirstCompletesAfterCountAndEndsTheUpstreamRun() {
        let source = DrivenSource()
        let seen = Recorder<Seen<Int>>()
        source.producer.take(first: 2).record(into: seen)
        source.input.send(value: 1)
        source.input.send(value: 2)
        source.input.send(value: 3)
        #expect(seen.all == [.value(1), .value(2), .completed])
        #expect(source.endedRuns.count == 1)
        expectOperatorContracts { $0.take(first: 5) }
    }

    @Test func takeFirstZeroInterruptsAtOnce() {
        // As in ReactiveSwift (`take(first: 0)` is `.interrupted`).
        #expect(SignalProducer<Int, TestError>(values: 1, 2).take(first: 0).events() == [.interrupted])
    }

    @Test func takeWhile() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 5, 1).take(while: { $0 < 3 }).events() == [.value(1), .value(2), .completed])
        expectOperatorContracts { $0.take(while: { _ in true }) }
    }

    @Test func takeUntilATrigger() {
        let (trigger, fire) = Signal<(), Never>.pipe()
        let source = DrivenSource()
        let seen = Recorder<Seen<Int>>()
        source.producer.take(until: trigger).record(into: seen)
        source.input.send(value: 1)
        fire.send(value: ())
        source.input.send(value: 2)
        #expect(seen.all == [.value(1), .completed])
        #expect(source.endedRuns.count == 1)
        expectOperatorContracts { $0.take(until: SignalProducer<(), Never>.never) }
    }

    @Test func takeUntilOnASignal() {
        let (trigger, fire) = Signal<(), Never>.pipe()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.take(until: trigger).record(into: seen)
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(seen.all == [.value(1), .completed])
    }

    @Test func takeDuringALifetime() {
        let (lifetime, token) = Lifetime.make()
        let source = DrivenSource()
        let seen = Recorder<Seen<Int>>()
        source.producer.take(during: lifetime).record(into: seen)
        source.input.send(value: 1)
        token.dispose()
        source.input.send(value: 2)
        #expect(seen.all == [.value(1), .completed])
        #expect(source.endedRuns.count == 1)
        let (longLifetime, longToken) = Lifetime.make()
        expectOperatorContracts { $0.take(during: longLifetime) }
        withExtendedLifetime(longToken) {}
    }

    @Test func skipFirst() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 3).skip(first: 2).events() == [.value(3), .completed])
        expectOperatorContracts { $0.skip(first: 1) }
    }

    @Test func skipWhile() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 5, 1).skip(while: { $0 < 3 }).events() == [.value(5), .value(1), .completed])
        expectOperatorContracts { $0.skip(while: { $0 < 0 }) }
    }

    @Test func signalTakeAndSkip() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let taken = Recorder<Seen<Int>>()
        let skipped = Recorder<Seen<Int>>()
        let takenWhile = Recorder<Seen<Int>>()
        let skippedWhile = Recorder<Seen<Int>>()
        signal.take(first: 1).record(into: taken)
        signal.skip(first: 1).record(into: skipped)
        signal.take(while: { $0 < 2 }).record(into: takenWhile)
        signal.skip(while: { $0 < 2 }).record(into: skippedWhile)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(taken.all == [.value(1), .completed])
        #expect(skipped.all == [.value(2), .completed])
        #expect(takenWhile.all == [.value(1), .completed])
        #expect(skippedWhile.all == [.value(2), .completed])
    }
}
