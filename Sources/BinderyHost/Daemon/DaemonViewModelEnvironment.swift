#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery

/// What the code that builds the hosted view models gets from the daemon: where state
/// lives, the scheduler view-model state must live on, and one for background work.
/// (Command timeouts are the host's alone: view models declare no timeout of their own.)
public struct DaemonViewModelEnvironment: Sendable {
    /// The state directory: a view model's own database goes here (name it in
    /// `DaemonMain.run(otherDatabases:)` so startup
    /// checks it).
    public let stateDirectory: URL
    /// The one serial scheduler of all view-model state; the builder runs on it.
    public let scheduler: QueueScheduler
    /// A separate scheduler for background work (slow I/O, simulated latency), whose results
    /// must be delivered back on ``scheduler``.
    public let background: QueueScheduler
    let stopActions: StopActions

    /// Registers clean-up to run once when the daemon stops cleanly (SIGTERM or SIGINT):
    /// after every running command was interrupted and every input change committed, on
    /// ``scheduler``, newest registration first. Use it to checkpoint or close a view model's
    /// own database. A throwing `action` is logged as a warning naming `name`
    /// ("at stop, NAME failed: …"); the stop goes on. Not run after `kill -9` or a crash.
    public func onStop(_ name: String, _ action: @escaping @Sendable () throws -> Void) {
        stopActions.append(name, action)
    }
}
