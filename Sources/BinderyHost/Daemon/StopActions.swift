import Bindery
import BinderyPrimitives
import BinderySystemd
import Synchronization

/// The clean-up the view models' builder registered with
/// ``DaemonViewModelEnvironment/onStop(_:_:)``: closing or checkpointing its own databases,
/// flushing files.
///
/// Guarantees: ``runAll(on:logger:)`` runs every action exactly once, newest first (like
/// `defer`), each on the view-model scheduler so no view-model work interleaves with it; an
/// action that throws is logged as one warning naming it and does not keep the others from
/// running; actions registered after ``runAll(on:logger:)`` began are ignored.
final class StopActions: Sendable {
    private struct Action {
        let name: String
        let body: @Sendable () throws -> Void
    }

    /// nil once the actions were taken to run.
    private let actions = Lock<[Action]?>([])

    func append(_ name: String, _ body: @escaping @Sendable () throws -> Void) {
        actions.withLock { $0?.append(Action(name: name, body: body)) }
    }

    func runAll(on scheduler: QueueScheduler, logger: Logger?) {
        let taken = actions.withLock { actions in
            defer { actions = nil }
            return actions ?? []
        }
        for action in taken.reversed() {
            let failure: (any Error)? = scheduler.queue.sync {
                do { try action.body(); return nil } catch { return error }
            }
            if let failure { logger?.warning("at stop, \(action.name) failed: \(failure)") }
        }
    }
}
