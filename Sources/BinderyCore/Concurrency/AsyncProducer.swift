extension SignalProducer where Value: Sendable, Error == Swift.Error {
    /// A producer running `operation` in a new task on each start, sending its result, then
    /// completing; a thrown error fails the run. Disposing the run cancels the task, and the
    /// run ends `interrupted`. The task runs under the ``RunCause`` in effect when the run
    /// started, so what it sends, and what its code starts, are attributed to that cause (and
    /// a restore starts nothing through it).
    public init(_ operation: @escaping @Sendable () async throws -> Value) {
        self.init(serial: { observer, lifetime in
            let task = RunCause.task {
                do {
                    let value = try await operation()
                    observer.send(value: value)
                    observer.sendCompleted()
                } catch is CancellationError {
                    observer.sendInterrupted()
                } catch {
                    observer.send(error: error)
                }
            }
            lifetime.observeEnded { task.cancel() }
        })
    }
}

extension Action where Input: Sendable, Output: Sendable, Error == Swift.Error {
    /// An action, enabled while `isEnabled` is true, whose work is an async closure. Each
    /// execution runs in its own task; interrupting it (disposing the run) cancels the task.
    public convenience init<P: PropertyProtocol>(
        enabledIf isEnabled: P,
        execute: @escaping @Sendable (Input) async throws -> Output
    ) where P.Value == Bool {
        self.init(enabledIf: isEnabled) { input in
            SignalProducer { try await execute(input) }
        }
    }

    /// An always-enabled action whose work is an async closure.
    public convenience init(execute: @escaping @Sendable (Input) async throws -> Output) {
        self.init(enabledIf: Property(value: true), execute: execute)
    }
}
