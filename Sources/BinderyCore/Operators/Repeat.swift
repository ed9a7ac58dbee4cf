import BinderyPrimitives
import Synchronization

/// What a `repeat` run has left to do.
private final class Repetition: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Lock(())
    private var remaining: Int
    /// A thread is in the restart loop.
    private var looping = false
    /// A run completed while the loop was starting it.
    private var completedMeanwhile = false

    init(_ count: Int) { remaining = count }

    /// Called when a run completes: returns whether the caller must start the next run itself
    /// (and then loop), `false` when the loop already running will, or nothing is left.
    func completed() -> (startLoop: Bool, done: Bool) {
        mutex.withLock { _ in
            if looping {
                completedMeanwhile = true
                return (false, false)
            }
            guard remaining > 0 else { return (false, true) }
            looping = true
            return (true, false)
        }
    }

    /// Takes one repetition for the loop; `nil` stops the loop. `first` is the loop's first
    /// round, which always starts a run.
    func nextRound(first: Bool) -> Bool? {
        mutex.withLock { _ in
            if !first {
                guard completedMeanwhile else {
                    looping = false
                    return nil
                }
            }
            completedMeanwhile = false
            guard remaining > 0 else {
                looping = false
                return false
            }
            remaining -= 1
            return true
        }
    }
}

extension SignalProducer {
    /// This producer run `count` times in a row: each run starts when the previous completes.
    /// A failure or interruption ends it. Runs that complete at once are restarted in a loop,
    /// not by recursion.
    public func `repeat`(_ count: Int) -> SignalProducer {
        precondition(count >= 0, "repeat(_:) needs a count of at least 0")
        guard count > 0 else { return .empty }
        return SignalProducer(lineage: lineage, serial: { observer, lifetime in
            let output = Signal<Value, Error>.Observer.serializing(observer, during: lifetime)
            let repetition = Repetition(count)
            let current = SerialDisposable()
            lifetime += current
            func loop() {
                var first = true
                while let round = repetition.nextRound(first: first) {
                    first = false
                    guard round else { return output.sendCompleted() }
                    if lifetime.hasEnded { return }
                    current.inner = self.start { event in
                        if case .completed = event {
                            let (startLoop, done) = repetition.completed()
                            if done { output.sendCompleted() }
                            if startLoop { loop() }
                        } else {
                            output.send(event)
                        }
                    }
                }
            }
            let (startLoop, _) = repetition.completed()
            if startLoop { loop() }
        })
    }
}
