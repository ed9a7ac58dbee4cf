extension SignalProducer where Value: Sendable {
    /// Each run's values as an async sequence: iterating starts a run; the sequence ends when
    /// the run completes, throws its error when it fails, and throws `CancellationError` when
    /// it is interrupted. Cancelling the iterating task disposes the run.
    // Disfavoured so that, for producers that cannot fail, `for await x in p.values` picks the
    // non-throwing overload below instead of being ambiguous.
    @_disfavoredOverload
    public var values: AsyncThrowingStream<Value, Swift.Error> {
        AsyncThrowingStream { continuation in
            let run = CrossThreadDisposable(start { event in
                switch event {
                case let .value(value): continuation.yield(value)
                case let .failed(error): continuation.finish(throwing: error)
                case .completed: continuation.finish()
                case .interrupted: continuation.finish(throwing: CancellationError())
                }
            })
            continuation.onTermination = { _ in run.dispose() }
        }
    }
}

extension SignalProducer where Value: Sendable, Error == Never {
    /// Each run's values as an async sequence that cannot fail: iterating starts a run; the
    /// sequence ends when the run ends. Cancelling the iterating task disposes the run.
    public var values: AsyncStream<Value> {
        AsyncStream { continuation in
            let run = CrossThreadDisposable(start { event in
                if case let .value(value) = event { continuation.yield(value) } else { continuation.finish() }
            })
            continuation.onTermination = { _ in run.dispose() }
        }
    }
}

extension Signal where Value: Sendable {
    /// The signal's values from now on, as an async sequence (see `SignalProducer.values`).
    @_disfavoredOverload
    public var values: AsyncThrowingStream<Value, Swift.Error> { SignalProducer(self).values }
}

extension Signal where Value: Sendable, Error == Never {
    /// The signal's values from now on, as an async sequence that cannot fail.
    public var values: AsyncStream<Value> { SignalProducer(self).values }
}
