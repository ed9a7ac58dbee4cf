import Bindery
import FoundationEssentials

/// What every view model of `BinderyModels` runs in: the store, the scheduler its state lives
/// on, the scheduler the simulated network waits on, and how long a command may run.
///
/// Guarantees: view models built in a context change their state only on `scheduler` (when
/// their host sets and runs on it); the API client waits on `backgroundScheduler` and reads
/// the store off `scheduler`, then delivers back on `scheduler`; every command fails with an
/// `ActionTimeoutError` once it has run `commandTimeout` seconds of `scheduler` time.
public struct ModelContext: Sendable {
    /// The Model layer.
    public let store: Store
    /// Where all view-model state changes happen (the daemon's serial scheduler; a
    /// `TestScheduler` in tests).
    public let scheduler: DateScheduler
    /// Where the API client waits out its latency and reads the store (a `QueueScheduler` in
    /// production, the same `TestScheduler` as `scheduler` in tests).
    public let backgroundScheduler: DateScheduler
    /// The longest one execution of any command may take, in seconds.
    public let commandTimeout: TimeInterval
    /// A number in `0..<1` per request; a request fails when it is below the failure rate.
    /// Injected so tests decide which requests fail.
    public let random: @Sendable () -> Double

    /// A context over `store`. `commandTimeout` must be positive and finite (it comes from the
    /// host's configuration, which validates it). With no `backgroundScheduler`, the API
    /// client gets a `QueueScheduler` of its own.
    public init(
        store: Store,
        scheduler: DateScheduler,
        backgroundScheduler: DateScheduler? = nil,
        commandTimeout: TimeInterval = 30,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        precondition(commandTimeout > 0 && commandTimeout.isFinite, "commandTimeout must be positive and finite, got \(commandTimeout)")
        self.store = store
        self.scheduler = scheduler
        self.backgroundScheduler = backgroundScheduler ?? QueueScheduler(qos: .userInitiated, name: "bindery.api")
        self.commandTimeout = commandTimeout
        self.random = random
    }

    /// The timeout of the command `command` of the view model `viewModel`: `commandTimeout`
    /// seconds on `scheduler`, named "viewModel.command" in its error message.
    public func timeout(viewModel: String, command: String) -> ActionTimeout {
        ActionTimeout(name: "\(viewModel).\(command)", interval: commandTimeout, on: scheduler)
    }
}
