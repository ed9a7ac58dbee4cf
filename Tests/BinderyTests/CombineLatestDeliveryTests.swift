import Bindery
import Foundation
import Testing

/// How `combineLatest` delivers: both sides go through one serialising delivery loop, and the
/// other producer's run ends when it terminates or when the combined run does.
@Suite(.timeLimit(.minutes(1))) struct CombineLatestDeliveryTests {
    /// A producer observing `signal`, counting in `ended` the runs whose lifetime ended.
    private func producer(of signal: Signal<Int, Never>, counting ended: Counter) -> SignalProducer<Int, Never> {
        SignalProducer { observer, lifetime in
            lifetime += signal.observe(observer)
            lifetime.observeEnded { ended.increment() }
        }
    }

    @Test func theOtherProducersRunEndsWhenItCompletes() {
        let (first, sendFirst) = Signal<Int, Never>.pipe()
        let (second, sendSecond) = Signal<Int, Never>.pipe()
        let otherEnded = Counter()
        let other = producer(of: second, counting: otherEnded)
        let seen = Recorder<Seen<Int>>()
        let run = SignalProducer(first).combineLatest(with: other).map { $0 + $1 }.record(into: seen)
        sendFirst.send(value: 1)
        sendSecond.send(value: 10)
        sendSecond.sendCompleted()
        #expect(otherEnded.count == 1, "the other producer's lifetime ends with it, not with the combined run")
        sendFirst.send(value: 2)
        #expect(seen.all == [.value(11), .value(12)], "its last value still pairs with the first side's")
        #expect(!run.isDisposed)
        run.dispose()
        #expect(seen.all == [.value(11), .value(12), .interrupted])
        #expect(otherEnded.count == 1)
    }

    @Test func theOtherProducersRunEndsWithTheCombinedRun() {
        let (first, sendFirst) = Signal<Int, Never>.pipe()
        let (second, sendSecond) = Signal<Int, Never>.pipe()
        let otherEnded = Counter()
        let run = SignalProducer(first).combineLatest(with: producer(of: second, counting: otherEnded)).start()
        #expect(otherEnded.count == 0)
        run.dispose()
        #expect(otherEnded.count == 1)
        withExtendedLifetime((sendFirst, sendSecond)) {}
    }

    @Test func pairsSentFromTwoThreadsEndWithTheLatestOfBoth() {
        let rounds = 20, perRound = 2_000
        for _ in 0..<rounds {
            let first = MutableProperty(0)
            let second = MutableProperty(0)
            let last = Recorder<[Int]>()
            let run = SignalProducer.combineLatest(first.producer, second.producer)
                .startWithValues { last.append([$0, $1]) }
            let group = DispatchGroup()
            for property in [first, second] {
                group.enter()
                Thread {
                    for value in 1...perRound { property.value = value }
                    group.leave()
                }.start()
            }
            group.wait()
            // Each pair holds the latest of both sides when it is sent, so the last one sent is
            // the final values, whichever thread sent last.
            #expect(last.all.last == [perRound, perRound])
            #expect(last.count <= 1 + 2 * perRound)
            run.dispose()
        }
    }
}
