import Bindery
import Dispatch
import Foundation
import Testing

/// The operators that forward events of several runs into one (from whichever threads those
/// runs send on), each under many runs started and disposed from other queues while their
/// sources (on schedulers over many queues, some overlapping) send: every run's observer keeps
/// ReactiveSwift's contract (`ObserverContractTally`).
@Suite(.timeLimit(.minutes(2))) struct CombiningOperatorStressTests {
    static let rounds = 3
    static let runs = 150

    /// `count` values, one every `micros` microseconds on a random scheduler.
    static func ticks(_ count: Int, every micros: Int = 200) -> SignalProducer<Int, Never> {
        SignalProducer.interval(0..<count, interval: .microseconds(micros), on: StressSchedulers.scheduler())
    }

    /// `value` after up to `milliseconds`, observed on a random scheduler.
    static func deferred(_ value: Int, upTo milliseconds: Int = 2) -> SignalProducer<Int, Never> {
        SignalProducer(value: value)
            .delay(StressSchedulers.delay(upTo: milliseconds), on: StressSchedulers.scheduler())
            .observe(on: StressSchedulers.scheduler())
    }

    static func stress<Value, Error>(_ what: String, _ make: @escaping @Sendable (Int) -> SignalProducer<Value, Error>) {
        stressStartingAndDisposing(what, rounds: rounds, runs: runs, make)
    }

    @Test func then() {
        Self.stress("then") { index in
            Self.deferred(index).then(Self.deferred(index + 1)).then(Self.ticks(1 + index % 3))
        }
    }

    @Test(arguments: [
        ("merge", FlattenStrategy.merge), ("concat", .concat), ("latest", .latest), ("race", .race),
        ("concurrent(limit: 2)", .concurrent(limit: 2)), ("throttle", .throttle),
    ])
    func flatten(_ name: String, _ strategy: FlattenStrategy) {
        Self.stress("flatten(\(name))") { index in
            Self.ticks(1 + index % 4, every: 300).flatMap(strategy) { Self.deferred($0) }
        }
    }

    @Test func merge() {
        Self.stress("merge") { index in
            SignalProducer.merge((0..<(1 + index % 5)).map { Self.deferred($0) } + [Self.ticks(2)])
        }
    }

    @Test func combineLatest() {
        Self.stress("combineLatest") { index in
            Self.ticks(1 + index % 4).combineLatest(with: Self.deferred(index)).map { (left: Int, right: Int) -> Int in left + right }
        }
    }

    @Test func zip() {
        Self.stress("zip") { index in
            Self.ticks(1 + index % 4).zip(with: Self.ticks(1 + index % 3, every: 300)).map { (left: Int, right: Int) -> Int in left + right }
        }
    }

    @Test func sample() {
        Self.stress("sample(on:)") { index in
            Self.ticks(1 + index % 5).sample(on: Self.ticks(1 + index % 4, every: 300).map { _ in () })
        }
        Self.stress("sample(with:)") { index in
            Self.ticks(1 + index % 5).sample(with: Self.deferred(index)).map { (left: Int, right: Int) -> Int in left + right }
        }
    }

    @Test func takeUntil() {
        Self.stress("take(until:)") { index in
            Self.ticks(1 + index % 6).take(until: Self.deferred(index).map { _ in () })
        }
    }

    @Test func takeDuring() {
        for round in 0..<Self.rounds {
            let tally = ObserverContractTally()
            let tokens = (0..<10).map { _ in Lifetime.Token() }
            let lifetimes = tokens.map(Lifetime.init)
            startAndDisposeConcurrently(Self.runs, into: tally) { index in
                Self.ticks(1 + index % 6).take(during: lifetimes[index % lifetimes.count])
            }
            // Once values flow, each token is ended from a random queue.
            #expect(tally.awaitFirstValue(), "a run sent a value")
            for token in tokens {
                StressSchedulers.later(upTo: 4) { token.dispose() }
            }
            tally.expectContractHeld("take(during:), round \(round)")
        }
    }
}
