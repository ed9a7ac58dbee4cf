import Bindery
import Dispatch
import Foundation
import Synchronization
import Testing

/// `Action` executions and lifetimes under concurrent use: applied, disposed and ended from
/// other queues while their work sends on schedulers over many queues (some overlapping).
/// Every run's observer keeps ReactiveSwift's contract (`ObserverContractTally`).
@Suite(.timeLimit(.minutes(2))) struct ActionLifetimeStressTests {
    static let rounds = 3
    static let runs = 150

    /// `count` values, one every `micros` microseconds on a random scheduler, each observed
    /// on another random scheduler.
    static func work(_ count: Int, every micros: Int = 200) -> SignalProducer<Int, Never> {
        SignalProducer.interval(0..<count, interval: .microseconds(micros), on: StressSchedulers.scheduler())
            .observe(on: StressSchedulers.scheduler())
            .delay(StressSchedulers.delay(upTo: 1), on: StressSchedulers.scheduler())
    }

    @Test func actionAppliedAndDisposedFromOtherQueues() {
        for round in 0..<Self.rounds {
            let tally = ObserverContractTally()
            // Several actions, so that some applies execute and others find theirs disabled.
            let actions = (0..<8).map { _ in Action<Int, Int, Never> { Self.work(1 + $0 % 4) } }
            for action in actions {
                action.values.observe(tally.observer(forwardingTo: nil) as Signal<Int, Never>.Observer)
                action.events.observe(tally.observer() as Signal<Signal<Int, Never>.Event, Never>.Observer)
            }
            startAndDisposeConcurrently(Self.runs, into: tally) { index in
                actions[index % actions.count].apply(index)
            }
            // The actions' signals complete when the actions go: the tally waits for that.
            _ = consume actions
            tally.expectContractHeld("Action.apply, round \(round)")
        }
    }

    @Test func lifetimeEndedFromSeveralQueuesWhileRunsObserveIt() {
        for round in 0..<Self.rounds {
            let tally = ObserverContractTally()
            let tokens = (0..<10).map { _ in Lifetime.Token() }
            let lifetimes = tokens.map(Lifetime.init)
            let endings = Synchronization.Atomic<Int>(0)
            let unended = DispatchGroup()
            let observations = 4 * lifetimes.count
            for index in 0..<observations {
                unended.enter()
                StressSchedulers.queue().async {
                    lifetimes[index % lifetimes.count].observeEnded {
                        endings.add(1, ordering: .relaxed)
                        unended.leave()
                    }
                }
            }
            startAndDisposeConcurrently(Self.runs, into: tally, disposeWithin: 10) { index in
                Self.work(1 + index % 6).take(during: lifetimes[index % lifetimes.count])
            }
            // Once values flow, each token is ended twice at once, from two queues.
            #expect(tally.awaitFirstValue(), "a run sent a value")
            for token in tokens {
                StressSchedulers.later(upTo: 4) { token.dispose() }
                StressSchedulers.later(upTo: 4) { token.dispose() }
            }
            tally.expectContractHeld("Lifetime, round \(round)")
            #expect(unended.wait(timeout: .now() + .seconds(10)) == .success, "every observation of an ending runs")
            #expect(endings.load(ordering: .relaxed) == observations, "each observation of an ending runs once")
        }
    }
}
