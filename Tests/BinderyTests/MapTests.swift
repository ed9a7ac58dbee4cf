import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct MapTests {
    @Test func mapTransformsEachValue() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2).map { $0 * 10 }.events() == [.value(10), .value(20), .completed])
        expectOperatorContracts { $0.map { $0 + 1 } }
    }

    @Test func filterKeepsMatchingValues() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 3, 4).filter { $0.isMultiple(of: 2) }.events() == [.value(2), .value(4), .completed])
        expectOperatorContracts { $0.filter { $0 > 0 } }
    }

    @Test func compactMapDropsNils() {
        let producer = SignalProducer<String, TestError>(values: "1", "x", "3").compactMap { Int($0) }
        #expect(producer.events() == [.value(1), .value(3), .completed])
        expectOperatorContracts { $0.compactMap { $0 == 0 ? nil : $0 } }
    }

    @Test func mapErrorTransformsTheFailure() {
        let producer = SignalProducer<Int, TestError>(error: .boom).mapError { _ in TestError.other(1) }
        #expect(producer.events() == [.failed("other(1)")])
        expectOperatorContracts { $0.mapError { $0 } }
    }

    @Test func scanSendsEachIntermediateResult() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 3).scan(0, +).events() == [.value(1), .value(3), .value(6), .completed])
        expectOperatorContracts { $0.scan(0, +) }
    }

    @Test func scanStateIsFreshForEveryStart() {
        let producer = SignalProducer<Int, Never>(values: 1, 1).scan(0, +)
        #expect(producer.events() == [.value(1), .value(2), .completed])
        #expect(producer.events() == [.value(1), .value(2), .completed])
    }

    @Test func reduceAndCollectSendOnCompletion() {
        #expect(SignalProducer<Int, TestError>(values: 1, 2, 3).reduce(10, +).events() == [.value(16), .completed])
        #expect(SignalProducer<Int, TestError>(values: 1, 2).collect().events() == [.value([1, 2]), .completed])
        #expect(SignalProducer<Int, TestError>.empty.collect().events() == [.value([]), .completed])
        expectOperatorContracts { $0.reduce(0, +) }
        expectOperatorContracts { $0.collect() }
    }

    @Test func skipRepeatsDropsConsecutiveDuplicates() {
        #expect(SignalProducer<Int, TestError>(values: 1, 1, 2, 2, 1).skipRepeats().events() == [.value(1), .value(2), .value(1), .completed])
        #expect(SignalProducer<Int, TestError>(values: 1, 3, 2, 4).skipRepeats { $0 % 2 == $1 % 2 }.events() == [.value(1), .value(2), .completed])
        expectOperatorContracts { $0.skipRepeats() }
    }

    @Test func signalOperatorsMatchProducerOperators() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let mapped = Recorder<Seen<Int>>()
        let scanned = Recorder<Seen<Int>>()
        let collected = Recorder<Seen<[Int]>>()
        let compacted = Recorder<Seen<Int>>()
        let repeatsSkipped = Recorder<Seen<Int>>()
        signal.map { $0 * 2 }.record(into: mapped)
        signal.scan(0, +).record(into: scanned)
        signal.collect().record(into: collected)
        signal.compactMap { $0 > 1 ? $0 : nil }.record(into: compacted)
        signal.skipRepeats().record(into: repeatsSkipped)
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 2)
        input.sendCompleted()
        #expect(mapped.all == [.value(2), .value(4), .value(4), .completed])
        #expect(scanned.all == [.value(1), .value(3), .value(5), .completed])
        #expect(collected.all == [.value([1, 2, 2]), .completed])
        #expect(compacted.all == [.value(2), .value(2), .completed])
        #expect(repeatsSkipped.all == [.value(1), .value(2), .completed])
    }

    @Test func signalMapErrorAndReduce() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let failed = Recorder<Seen<Int>>()
        signal.mapError { _ in TestError.other(9) }.reduce(0, +).record(into: failed)
        input.send(value: 1)
        input.send(error: .boom)
        #expect(failed.all == [.failed("other(9)")])
    }
}
