import Bindery
import Testing

/// Inner streams a flatten test drives by hand: one pipe per key, counting ended runs.
private final class Inners: Sendable {
    let a = DrivenSource()
    let b = DrivenSource()

    func producer(_ key: String) -> SignalProducer<Int, TestError> { key == "a" ? a.producer : b.producer }
}

@Suite(.timeLimit(.minutes(2))) struct FlattenTests {
    @Test func mergeInterleavesAndCompletesWhenAllHave() {
        let inners = Inners()
        let (outer, sendOuter) = Signal<String, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatMap(.merge) { inners.producer($0) }.record(into: seen)
        sendOuter.send(value: "a")
        sendOuter.send(value: "b")
        inners.a.input.send(value: 1)
        inners.b.input.send(value: 2)
        inners.a.input.send(value: 3)
        sendOuter.sendCompleted()
        inners.a.input.sendCompleted()
        #expect(seen.all == [.value(1), .value(2), .value(3)])
        inners.b.input.sendCompleted()
        #expect(seen.all == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func concatRunsOneInnerAtATimeInOrder() {
        let inners = Inners()
        let (outer, sendOuter) = Signal<String, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatMap(.concat) { inners.producer($0) }.record(into: seen)
        sendOuter.send(value: "a")
        sendOuter.send(value: "b")
        inners.b.input.send(value: 20)
        inners.a.input.send(value: 1)
        inners.a.input.sendCompleted()
        inners.b.input.send(value: 2)
        sendOuter.sendCompleted()
        #expect(seen.all == [.value(1), .value(2)], "b's run starts only after a completed")
        inners.b.input.sendCompleted()
        #expect(seen.all == [.value(1), .value(2), .completed])
    }

    @Test func latestInterruptsThePreviousInner() {
        let inners = Inners()
        let (outer, sendOuter) = Signal<String, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatMap(.latest) { inners.producer($0) }.record(into: seen)
        sendOuter.send(value: "a")
        inners.a.input.send(value: 1)
        sendOuter.send(value: "b")
        #expect(inners.a.endedRuns.count == 1, "switching ends the previous inner run")
        inners.a.input.send(value: 99)
        inners.b.input.send(value: 2)
        sendOuter.sendCompleted()
        #expect(seen.all == [.value(1), .value(2)])
        inners.b.input.sendCompleted()
        #expect(seen.all == [.value(1), .value(2), .completed])
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
    func anInnerFailureFailsTheResult(strategy: FlattenStrategy) {
        let producer = SignalProducer<Int, TestError>(values: 1, 2).flatMap(strategy) { value in
            value == 2 ? SignalProducer<Int, TestError>(error: .boom) : SignalProducer(value: value)
        }
        #expect(producer.events() == [.value(1), .failed("boom")])
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
    func flatMapOperatorContracts(strategy: FlattenStrategy) {
        expectOperatorContracts { $0.flatMap(strategy) { SignalProducer(value: $0) } }
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
    func disposingTheResultEndsTheRunningInners(strategy: FlattenStrategy) {
        let inners = Inners()
        let seen = Recorder<Seen<Int>>()
        let run = SignalProducer<String, TestError>(value: "a").concat(.never).flatMap(strategy) { inners.producer($0) }.record(into: seen)
        run.dispose()
        #expect(inners.a.endedRuns.count == 1)
        #expect(seen.all == [.interrupted])
    }

    @Test func flattenConcatAndHelpers() {
        let nested = SignalProducer<SignalProducer<Int, TestError>, TestError>(values: SignalProducer(values: 1, 2), SignalProducer(value: 3))
        #expect(nested.flatten(.concat).events() == [.value(1), .value(2), .value(3), .completed])
        #expect(SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(value: 2)).events() == [.value(1), .value(2), .completed])
        #expect(SignalProducer<Int, TestError>(value: 2).prefix(value: 1).events() == [.value(1), .value(2), .completed])
        #expect(SignalProducer<Int, TestError>(values: 7, 8).then(SignalProducer(value: "next")).events() == [.value("next"), .completed])
        #expect(SignalProducer<Int, TestError>.merge(SignalProducer(value: 1), SignalProducer(value: 2)).events() == [.value(1), .value(2), .completed])
    }

    @Test func concatDoesNotStartTheNextAfterAFailure() {
        let starts = Counter()
        let next = SignalProducer<Int, TestError> { observer, _ in
            starts.increment()
            observer.sendCompleted()
        }
        #expect(SignalProducer<Int, TestError>(error: .boom).concat(next).events() == [.failed("boom")])
        #expect(starts.count == 0)
    }

    @Test func neverFailingOuterWithFailingInner() {
        let producer = SignalProducer<Int, Never>(value: 1).flatMap(.merge) { _ in SignalProducer<Int, TestError>(error: .boom) }
        #expect(producer.events() == [.failed("boom")])
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.flatMap(.merge) { _ in SignalProducer<Int, TestError>(error: .other(1)) }.record(into: seen)
        input.send(value: 1)
        #expect(seen.all == [.failed("other(1)")])
    }

    @Test func signalFlatMapToSignals() {
        let (outer, sendOuter) = Signal<Int, Never>.pipe()
        let (inner, sendInner) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatMap(.latest) { offset in inner.map { $0 + offset } }.record(into: seen)
        sendOuter.send(value: 100)
        sendInner.send(value: 1)
        sendOuter.send(value: 200)
        sendInner.send(value: 2)
        #expect(seen.all == [.value(101), .value(202)])
    }

    @Test func signalMerge() {
        let (a, sendA) = Signal<Int, Never>.pipe()
        let (b, sendB) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        Signal.merge(a, b).record(into: seen)
        sendA.send(value: 1)
        sendB.send(value: 2)
        sendA.sendCompleted()
        sendB.sendCompleted()
        #expect(seen.all == [.value(1), .value(2), .completed])
    }
}
