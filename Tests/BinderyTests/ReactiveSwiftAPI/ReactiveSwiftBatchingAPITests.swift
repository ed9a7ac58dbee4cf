// ReactiveSwift's operators that gather, cut or fold a stream: `collect` in batches,
// `take(last:)`, `take(until:)` with a predicate, `take(untilReplacement:)`, `skip(until:)`,
// `scan(into:)`. Written as ReactiveSwift code.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftBatchingAPITests {
    @Test func collectInBatches() {
        #expect(successValue(SignalProducer<Int, Never>(1...7).collect(count: 3).collect().single()) == [[1, 2, 3], [4, 5, 6], [7]])
        #expect(successValue(SignalProducer<Int, Never>([1, 2, 3, 4, 5, 6, 7, 8, 9]).collect { $0.reduce(0, +) == 10 }.collect().single()) == [[1, 2, 3, 4], [5, 6, 7, 8, 9]])
        #expect(successValue(SignalProducer<Int, Never>([5, 5, 42, 5]).collect { _, next in next != 5 }.collect().single()) == [[5, 5], [42, 5]])
    }

    @Test func takeLastAndTakeUntilAPredicate() {
        #expect(successValue(SignalProducer<Int, Never>(1...5).take(last: 2).collect().single()) == [4, 5])
        #expect(successValue(SignalProducer<Int, Never>(1...5).take(until: { $0 < 3 }).collect().single()) == [1, 2, 3], "the first value failing the predicate is sent, then completion")
    }

    @Test func takeUntilReplacement() {
        let (original, observer) = Signal<Int, Never>.pipe()
        let (replacement, replacementObserver) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        var completed = false
        original.take(untilReplacement: replacement).observe { event in
            if case let .value(value) = event { values.append(value) }
            if case .completed = event { completed = true }
        }
        observer.send(value: 1)
        replacementObserver.send(value: 10)
        observer.send(value: 2)
        observer.sendCompleted()
        #expect(values == [1, 10])
        #expect(!completed, "the original's completion is not passed on once replaced")
        replacementObserver.sendCompleted()
        #expect(completed)
    }

    @Test func skipUntilATrigger() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        let (trigger, triggerObserver) = Signal<(), Never>.pipe()
        var values: [Int] = []
        SignalProducer(signal).skip(until: SignalProducer(trigger)).startWithValues { values.append($0) }
        observer.send(value: 1)
        triggerObserver.send(value: ())
        observer.send(value: 2)
        #expect(values == [2])
        _ = SignalProducer<Int, Never>.empty.skip(until: .init(value: ()))
    }

    @Test func scanInto() {
        #expect(successValue(SignalProducer<String, Never>(["a", "b"]).scan(into: "") { $0 += $1 }.collect().single()) == ["a", "ab"])
        #expect(successValue(SignalProducer<Int, Never>(1...3).reduce(into: 1) { $0 *= $1 }.single()) == 6)
    }
}
