import Bindery
import FoundationEssentials

/// What every view model of `BinderyModels` runs in: the store, the scheduler its state lives
/// on, and the scheduler the simulated network waits on. (How long a command may run is the
/// host's alone: `--command-timeout`.)
///
/// Guarantees: view models built in a context change their state only on `scheduler` (when
/// their host sets and runs on it); the API client waits on `backgroundScheduler` and reads
/// the store off `scheduler`, then delivers back on `scheduler`.
public struct ModelContext: Sendable {
    /// The Model layer.
    public let store: Store
    /// Where all view-model state changes happen (the daemon's serial scheduler; a
    /// `TestScheduler` in tests).
    public let scheduler: any DateScheduler & Sendable
    /// Where the API client waits out its latency and reads the store (a `QueueScheduler` in
    /// production, the same `TestScheduler` as `scheduler` in tests).
    public let backgroundScheduler: any DateScheduler & Sendable
    /// A number in `0..<1` per request; a request fails when it is below the failure rate.
    /// Injected so tests decide which requests fail.
    public let random: @Sendable () -> Double

    /// A context over `store`. With no `backgroundScheduler`, the API client gets a
    /// `QueueScheduler` of its own.
    public init(
        store: Store,
        scheduler: any DateScheduler & Sendable,
        backgroundScheduler: (any DateScheduler & Sendable)? = nil,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.store = store
        self.scheduler = scheduler
        self.backgroundScheduler = backgroundScheduler ?? QueueScheduler(name: "bindery.api")
        self.random = random
    }
}
