import Bindery
import Dispatch
import Foundation
import Testing

/// The operators that deliver on a scheduler, each under many runs started and disposed from
/// other queues while their scheduled actions (some on concurrent queues, so overlapping) are
/// under way: every run's observer keeps ReactiveSwift's contract (`ObserverContractTally`).
@Suite(.timeLimit(.minutes(2))) struct SchedulingOperatorStressTests {
    static let rounds = 3
    static let runs = 150

    /// `count` values, one every `micros` microseconds on a random scheduler.
    static func ticks(_ count: Int, every micros: Int = 200) -> SignalProducer<Int, Never> {
        SignalProducer.interval(0..<count, interval: .microseconds(micros), on: StressSchedulers.scheduler())
    }

    /// Runs `make`'s producers `rounds` times, `runs` at a time, started and disposed
    /// concurrently, and checks every run's observer.
    static func stress<Value, Error>(_ what: String, _ make: @escaping @Sendable (Int) -> SignalProducer<Value, Error>) {
        stressStartingAndDisposing(what, rounds: rounds, runs: runs, make)
    }

    @Test func delay() {
        Self.stress("delay") { index in
            Self.ticks(1 + index % 4).delay(StressSchedulers.delay(upTo: 3), on: StressSchedulers.scheduler())
        }
    }

    @Test func debounce() {
        Self.stress("debounce") { index in
            Self.ticks(1 + index % 6)
                .debounce(0.0003, on: StressSchedulers.scheduler(), discardWhenCompleted: index.isMultiple(of: 2))
        }
    }

    @Test func throttle() {
        Self.stress("throttle") { index in
            Self.ticks(1 + index % 6).throttle(0.0005, on: StressSchedulers.scheduler())
        }
    }

    @Test func observeOn() {
        Self.stress("observe(on:)") { index in
            Self.ticks(1 + index % 8, every: 100).observe(on: StressSchedulers.scheduler())
        }
    }

    @Test func startOn() {
        Self.stress("start(on:)") { index in
            SignalProducer<Int, Never>(0..<(index % 5)).start(on: StressSchedulers.scheduler())
                .concat(Self.ticks(1 + index % 3))
        }
    }

    @Test func timeout() {
        Self.stress("timeout") { index in
            Self.ticks(1 + index % 4, every: 400)
                .timeout(after: 0.001, raising: TestError.boom, on: StressSchedulers.scheduler())
        }
    }

    @Test func timerAndInterval() {
        Self.stress("timer") { index in
            SignalProducer<Date, Never>.timer(interval: .microseconds(300), on: StressSchedulers.scheduler())
                .take(first: 1 + index % 5)
                .map { _ in index }
                .merge(with: Self.ticks(1 + index % 3, every: 300))
        }
    }

    @Test func collectEvery() {
        Self.stress("collect(every:)") { index in
            Self.ticks(1 + index % 6)
                .collect(every: .microseconds(500), on: StressSchedulers.scheduler(), discardWhenCompleted: index.isMultiple(of: 2))
        }
    }
}
