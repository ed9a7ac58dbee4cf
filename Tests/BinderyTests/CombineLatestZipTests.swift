import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct CombineLatestZipTests {
    private func describe(_ pair: (Int, String)) -> String { "\(pair.0)\(pair.1)" }

    @Test func combineLatestWaitsForBothThenSendsEachChange() {
        let (numbers, sendNumber) = Signal<Int, TestError>.pipe()
        let (letters, sendLetter) = Signal<String, TestError>.pipe()
        let seen = Recorder<Seen<String>>()
        numbers.combineLatest(with: letters).map(describe).record(into: seen)
        sendNumber.send(value: 1)
        sendNumber.send(value: 2)
        sendLetter.send(value: "a")
        sendNumber.send(value: 3)
        sendLetter.send(value: "b")
        sendNumber.sendCompleted()
        sendLetter.send(value: "c")
        sendLetter.sendCompleted()
        #expect(seen.all == [.value("2a"), .value("3a"), .value("3b"), .value("3c"), .completed])
    }

    @Test func combineLatestFailsWhenEitherFails() {
        let (numbers, sendNumber) = Signal<Int, TestError>.pipe()
        let (letters, sendLetter) = Signal<String, TestError>.pipe()
        let seen = Recorder<Seen<String>>()
        Signal.combineLatest(numbers, letters).map(describe).record(into: seen)
        sendLetter.send(error: .boom)
        #expect(seen.all == [.failed("boom")])
        withExtendedLifetime(sendNumber) {}
    }

    @Test func combineLatestOperatorContracts() {
        expectOperatorContracts { $0.combineLatest(with: SignalProducer(value: 1)).map { $0 + $1 } }
    }

    @Test func synchronousProducersCombineInStartOrder() {
        // The first producer runs to its end before the second starts, as in ReactiveSwift.
        let combined = SignalProducer<Int, Never>(values: 1, 2).combineLatest(with: SignalProducer(values: "a", "b"))
        #expect(combined.map(describe).events() == [.value("2a"), .value("2b"), .completed])
    }

    @Test func combineLatestOfProducers() {
        let three = SignalProducer.combineLatest(SignalProducer<Int, TestError>(value: 1), SignalProducer(value: "b"), SignalProducer(value: true))
        #expect(three.map { "\($0)\($1)\($2)" }.events() == [.value("1btrue"), .completed])
        let four = SignalProducer.combineLatest(SignalProducer<Int, Never>(value: 1), SignalProducer(value: 2), SignalProducer(value: 3), SignalProducer(value: 4))
        #expect(four.map { $0 + $1 + $2 + $3 }.events() == [.value(10), .completed])
        let many = SignalProducer.combineLatest([SignalProducer<Int, Never>(value: 1), SignalProducer(values: 2, 3)])
        #expect(many.events() == [.value([1, 2]), .value([1, 3]), .completed])
        // As in ReactiveSwift: no producers, no value; `emptySentinel` gives one.
        #expect(SignalProducer<Int, Never>.combineLatest([SignalProducer<Int, Never>]()).events() == [.completed])
        #expect(SignalProducer<Int, Never>.combineLatest([SignalProducer<Int, Never>](), emptySentinel: []).events() == [.value([]), .completed])
    }

    @Test func threeSignalCombineLatest() {
        let (a, sendA) = Signal<Int, Never>.pipe()
        let (b, sendB) = Signal<Int, Never>.pipe()
        let (c, sendC) = Signal<Int, Never>.pipe()
        let seen = Recorder<Int>()
        Signal.combineLatest(a, b, c).observeValues { seen.append($0 + $1 + $2) }
        sendA.send(value: 1)
        sendB.send(value: 10)
        sendC.send(value: 100)
        sendA.send(value: 2)
        #expect(seen.all == [111, 112])
    }

    @Test func zipPairsTheNthValues() {
        let (numbers, sendNumber) = Signal<Int, TestError>.pipe()
        let (letters, sendLetter) = Signal<String, TestError>.pipe()
        let seen = Recorder<Seen<String>>()
        numbers.zip(with: letters).map(describe).record(into: seen)
        sendNumber.send(value: 1)
        sendNumber.send(value: 2)
        sendLetter.send(value: "a")
        sendNumber.send(value: 3)
        sendLetter.send(value: "b")
        #expect(seen.all == [.value("1a"), .value("2b")])
        sendNumber.sendCompleted()
        #expect(seen.all == [.value("1a"), .value("2b")], "3 is still waiting for a partner")
        sendLetter.send(value: "c")
        #expect(seen.all == [.value("1a"), .value("2b"), .value("3c"), .completed])
    }

    @Test func zipCompletesWhenACompletedSideHasNothingLeft() {
        let zipped = SignalProducer.zip(SignalProducer<Int, TestError>(values: 1, 2), SignalProducer(values: "a", "b", "c"))
        #expect(zipped.map(describe).events() == [.value("1a"), .value("2b"), .completed])
    }

    @Test func zipFailsWhenEitherFails() {
        let zipped = SignalProducer<Int, TestError>(value: 1).zip(with: SignalProducer<String, TestError>(error: .boom))
        #expect(zipped.map(describe).events() == [.failed("boom")])
    }

    @Test func zipOperatorContracts() {
        expectOperatorContracts { $0.zip(with: SignalProducer(values: 1, 2)).map { $0 * $1 } }
    }

    @Test func staticSignalZip() {
        let (a, sendA) = Signal<Int, Never>.pipe()
        let (b, sendB) = Signal<Int, Never>.pipe()
        let seen = Recorder<Int>()
        Signal.zip(a, b).observeValues { seen.append($0 * $1) }
        sendA.send(value: 2)
        sendB.send(value: 3)
        #expect(seen.all == [6])
    }
}
