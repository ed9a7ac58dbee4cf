#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery

/// What the code that builds the hosted view models gets from the daemon: where state
/// lives, the scheduler view-model state must live on, a scheduler for simulated API
/// latency, and the command timeout.
public struct DaemonViewModelEnvironment: Sendable {
    /// The state directory (the model store's database goes here).
    public let stateDirectory: URL
    /// The one serial scheduler of all view-model state; the builder runs on it.
    public let scheduler: QueueScheduler
    /// A separate scheduler for background work (simulated API latency).
    public let background: QueueScheduler
    /// The longest a command may run, in seconds.
    public let commandTimeout: Double
}
