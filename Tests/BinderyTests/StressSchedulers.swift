import Bindery
import Dispatch
import Foundation
import Testing

/// Schedulers and queues for the concurrent stress tests, drawn at random the way apps make
/// them: a `QueueScheduler` of its own targeting a global queue of some QoS class, one made
/// with ReactiveSwift's `QueueScheduler(queue:)`, or one running straight on a global queue
/// (`QueueScheduler(internalQueue:)`, as code written against ReactiveSwift's internals does),
/// which is concurrent, so its actions overlap.
enum StressSchedulers {
    static let qosClasses: [DispatchQoS.QoSClass] = [
        .background, .utility, .default, .unspecified, .userInitiated, .userInteractive,
    ]

    /// A global (concurrent) queue of a random QoS class.
    static func queue() -> DispatchQueue {
        DispatchQueue.global(qos: qosClasses.randomElement()!)
    }

    /// A scheduler of one of the three kinds, over a random global queue.
    static func scheduler() -> QueueScheduler {
        switch Int.random(in: 0..<3) {
        case 0: return QueueScheduler(name: "stress", targeting: queue())
        case 1: return QueueScheduler(queue: queue())
        default: return QueueScheduler(internalQueue: queue())
        }
    }

    /// A random delay of at most `milliseconds`, in seconds.
    static func delay(upTo milliseconds: Int) -> TimeInterval {
        Double(Int.random(in: 0...milliseconds * 1_000)) / 1_000_000
    }

    /// Runs `action` on a random global queue after a random delay of at most `milliseconds`.
    static func later(upTo milliseconds: Int, _ action: @escaping @Sendable () -> Void) {
        queue().asyncAfter(deadline: .now() + .microseconds(Int.random(in: 0...milliseconds * 1_000)), execute: action)
    }
}

/// Runs `make`'s producers `rounds` times, `runs` at a time, started and disposed concurrently
/// (``startAndDisposeConcurrently(_:into:disposeWithin:_:)``), and checks every run's observer
/// against the observer contract, naming `what` and the round in a failure.
func stressStartingAndDisposing<Value, Error>(
    _ what: String, rounds: Int, runs: Int, _ make: @escaping @Sendable (Int) -> SignalProducer<Value, Error>
) {
    for round in 0..<rounds {
        let tally = ObserverContractTally()
        startAndDisposeConcurrently(runs, into: tally, make)
        tally.expectContractHeld("\(what), round \(round)")
    }
}

/// Starts `runs` runs of producers made by `make`, each from a random global queue into an
/// observer of `tally`, and disposes each from another random queue after a random delay of
/// at most `disposeWithin` milliseconds (a run that has ended by then is left alone): half
/// the runs counting from their start, the other half from their first value (so some values
/// flow however slow a loaded machine is).
func startAndDisposeConcurrently<Value, Error>(
    _ runs: Int,
    into tally: ObserverContractTally,
    disposeWithin: Int = 6,
    _ make: @escaping @Sendable (Int) -> SignalProducer<Value, Error>
) {
    for index in 0..<runs {
        let run = SerialDisposable()
        let disposeLater: @Sendable () -> Void = {
            StressSchedulers.later(upTo: disposeWithin) { run.dispose() }
        }
        let fromFirstValue = index.isMultiple(of: 2)
        let observer: Signal<Value, Error>.Observer = tally.observer(onFirstValue: fromFirstValue ? disposeLater : nil)
        StressSchedulers.queue().async {
            run.inner = make(index).start(observer)
            if !fromFirstValue { disposeLater() }
        }
    }
}
