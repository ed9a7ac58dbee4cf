import BinderyPrimitives
import Dispatch
import Synchronization

/// What a blocking call has seen of a run so far.
private final class BlockingOutcome<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: `values` and `terminal` are only touched under `mutex`; the waiting thread
    // reads them after `done` was signalled.
    let mutex = Lock(())
    var values: [Value] = []
    var terminal: Signal<Value, Error>.Event?
    let done = DispatchSemaphore(value: 0)
}

extension SignalProducer {
    /// Starts a run of at most `limit` values and blocks until it ends, returning what it sent.
    private func blockingRun(keepingAtMost limit: Int) -> (values: [Value], terminal: Signal<Value, Error>.Event?) {
        let outcome = BlockingOutcome<Value, Error>()
        let run = SerialDisposable()
        run.inner = take(first: limit).start { event in
            let finished = outcome.mutex.withLock { _ -> Bool in
                if case let .value(value) = event {
                    outcome.values.append(value)
                    return false
                }
                outcome.terminal = event
                return true
            }
            if finished { outcome.done.signal() }
        }
        outcome.done.wait()
        run.dispose()
        return outcome.mutex.withLock { _ in (outcome.values, outcome.terminal) }
    }

    /// Starts a run and blocks until its first value (`.success`), its failure (`.failure`),
    /// or its end without a value (`nil`); the run is disposed then.
    public func first() -> Result<Value, Error>? {
        let (values, terminal) = blockingRun(keepingAtMost: 1)
        if let value = values.first { return .success(value) }
        if let error = terminal?.error { return .failure(error) }
        return nil
    }

    /// Starts a run and blocks until it ends: its only value (`.success`), its failure, or
    /// `nil` when it sent no value or more than one.
    public func single() -> Result<Value, Error>? {
        let (values, terminal) = blockingRun(keepingAtMost: 2)
        if let error = terminal?.error { return .failure(error) }
        guard values.count == 1 else { return nil }
        return .success(values[0])
    }

    /// Starts a run and blocks until it ends: its last value, its failure, or `nil` when it
    /// sent no value.
    public func last() -> Result<Value, Error>? {
        let (values, terminal) = blockingRun(keepingAtMost: .max)
        if let error = terminal?.error { return .failure(error) }
        return values.last.map { .success($0) }
    }

    /// Starts a run and blocks until it ends: `.success` when it completed (or was
    /// interrupted), its failure otherwise.
    public func wait() -> Result<(), Error> {
        let (_, terminal) = blockingRun(keepingAtMost: .max)
        if let error = terminal?.error { return .failure(error) }
        return .success(())
    }
}

extension SignalProducer where Error == Swift.Error {
    /// A producer running `action` on each start: its result is sent, then completion; an
    /// error it throws fails the run.
    public init(_ action: @escaping () throws -> Value) {
        self.init(serial: { observer, _ in
            do {
                let value = try action()
                observer.send(value: value)
                observer.sendCompleted()
            } catch {
                observer.send(error: error)
            }
        })
    }
}
