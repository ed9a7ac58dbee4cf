import Bindery
import Dispatch
import Foundation
import Testing

/// Work that a group of runs shares and that cancelling them ends, the two ways apps key
/// cancellation by an id: the runs that take values during a lifetime (`take(during:)`), and
/// the runs whose disposables are kept in a bag that cancelling disposes.
private final class CancellationID: Sendable {
    private let token = Lifetime.Token()
    let lifetime: Lifetime
    let runs = CompositeDisposable()

    init() { lifetime = Lifetime(token) }

    /// Cancels every run made cancellable by this id, now and later.
    func cancel() {
        token.dispose()
        runs.dispose()
    }

    /// `effect`, cancelled by `cancel()`. Half the effects end with the lifetime; the other half
    /// run as a run of their own, started into an observer of `tally` forwarding to the
    /// effect's run, and kept in `runs` (as The Composable Architecture's `cancellable(id:)`).
    func cancellable(_ effect: SignalProducer<Int, Never>, byLifetime: Bool, tally: ObserverContractTally) -> SignalProducer<Int, Never> {
        if byLifetime { return effect.take(during: lifetime) }
        return SignalProducer { observer, lifetime in
            let run = effect.start(tally.observer(forwardingTo: observer))
            self.runs += run
            lifetime += run
        }
    }
}

/// Other people's concurrent code against the reactive core (issue 42): effects delayed on
/// schedulers over many queues, some of whose actions overlap, cancelled from other queues
/// while they run, as The Composable Architecture's `EffectCancellationTests
/// .testConcurrentCancels` does. Every observer keeps ReactiveSwift's contract
/// (`ObserverContractTally`).
@Suite(.timeLimit(.minutes(2))) struct ConcurrentCancellationStressTests {
    static let rounds = 6
    static let effects = 200
    static let ids = 10

    /// A value sent after up to `milliseconds` on a random scheduler, then the value observed
    /// on that scheduler (`deferred(for:scheduler:)` of The Composable Architecture).
    static func deferred(_ value: Int, upTo milliseconds: Int) -> SignalProducer<Int, Never> {
        let scheduler = StressSchedulers.scheduler()
        return SignalProducer<(), Never>(value: ())
            .delay(StressSchedulers.delay(upTo: milliseconds), on: scheduler)
            .flatMap(.latest) { SignalProducer<Int, Never>(value: value).observe(on: scheduler) }
    }

    @Test func mergedDeferredEffectsCancelledByIDFromOtherQueues() {
        var delivered = 0
        for round in 0..<Self.rounds {
            let tally = ObserverContractTally()
            let ids = (0..<Self.ids).map { _ in CancellationID() }
            let effects = (0..<Self.effects).map { index -> SignalProducer<Int, Never> in
                let id = ids[index % Self.ids]
                let effect = id.cancellable(Self.deferred(index, upTo: 20), byLifetime: index % 4 < 2, tally: tally)
                let canceller = SignalProducer<(), Never>(value: ())
                    .delay(StressSchedulers.delay(upTo: 20), on: StressSchedulers.scheduler())
                    .flatMap(.latest) { SignalProducer<Int, Never> { observer, _ in
                        id.cancel()
                        observer.sendCompleted()
                    } }
                return SignalProducer.merge(effect, canceller)
            }
            SignalProducer.merge(effects).start(tally.observer())
            // Some values across the rounds, not in each: an effect takes two scheduler hops
            // to its value and a canceller one, so on a loaded machine (seen under `make tsan`
            // in `make test`) every canceller of a round can win.
            tally.expectContractHeld("round \(round)", expectingValues: false)
            delivered += tally.values
        }
        #expect(delivered > 0, "values were delivered in \(Self.rounds) rounds, not only terminal events")
    }

    /// ReactiveSwift's `QueueScheduler(queue:)` makes a serial queue targeting the queue it is
    /// given, so even on a global (concurrent) queue its actions run one at a time, in order.
    @Test func queueSchedulerMadeOnAConcurrentQueueRunsActionsOneAtATimeInOrder() {
        let scheduler = QueueScheduler(queue: .global(qos: .userInitiated))
        let ran = Recorder<Int>()
        let inside = Counter()
        let overlaps = Counter()
        let done = DispatchSemaphore(value: 0)
        let count = 2_000
        for index in 0..<count {
            scheduler.schedule {
                if inside.increment() > 1 { overlaps.increment() }
                ran.append(index)
                inside.decrement()
                if index == count - 1 { done.signal() }
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "every action ran")
        #expect(overlaps.count == 0, "no two actions at once")
        #expect(ran.all == Array(0..<count), "in the order they were scheduled")
    }

    @Test func scheduledTerminalEventsRaceDisposalFromOtherQueues() {
        for round in 0..<Self.rounds {
            let tally = ObserverContractTally()
            startAndDisposeConcurrently(Self.effects, into: tally, disposeWithin: 8) { index in
                Self.deferred(index, upTo: 8)
            }
            tally.expectContractHeld("round \(round)")
        }
    }
}
