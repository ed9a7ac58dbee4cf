import Bindery
import BinderyPersistence
import Dispatch

/// The host's mutable view of its view models, touched only on the host's scheduler queue.
///
/// `@unchecked Sendable`: it is confined, not shared — every access happens inside a block
/// running on the single serial queue of the host's `QueueScheduler` (the host reaches it
/// only through `ViewModelHost.onScheduler` and `queue.sync`), so no two threads ever
/// touch it at once.
final class HostState: @unchecked Sendable {
    /// The last seen values of one view model, in surface order.
    struct Values {
        var inputs: [SurfaceValue]
        var outputs: [SurfaceValue]
        var commands: [CommandState]
    }

    /// A command run started through the host and not yet ended.
    struct Run {
        let viewModel: Int
        let command: Int
        let startedUptimeNanoseconds: UInt64
        let wait: Bool
        let completion: @Sendable (RunOutcome) -> Void
        let work = SerialDisposable()
        var timeout: Disposable?
        var lastValue: SurfaceValue?
        /// What asked for it: a client, or the view model's ``SurfaceDeclaration/runAtStart(_:)``.
        var startedBy = RunStarter.client
    }

    /// A command execution the view model started itself (a binding, a timer, another
    /// command, its own `apply`), followed through the action's signals until it ends.
    struct SelfRun {
        let startedUptimeNanoseconds: UInt64
        let startedBy: RunStarter
        var lastValue: SurfaceValue?
    }

    /// Identifies a coalescible change: the same part of the same view model.
    struct ChangeKey: Hashable {
        let viewModel: Int
        let part: HostEvent.Part
        let index: Int
    }

    var values: [Values] = []
    /// The group commit's state (used with a store only).
    var commits = GroupCommit()
    var version: UInt64 = 0
    var flushScheduled = false
    /// The changes since the last flush: the next version.
    var turn = PendingVersion()
    /// A restorable stored member (``StoredMember``) by position: view model index, member index.
    struct StoreKey: Hashable {
        let viewModel: Int
        let index: Int
    }

    /// Outputs whose value after a restore differed from the one shown before it: the value
    /// shown, checked again at their next change (an output recomputed asynchronously, such as
    /// a looked-up avatar, catches up) and reported if it still differs then.
    var restoreChecks: [ChangeKey: [UInt8]] = [:]
    /// Each view model's members that showed another value right after the restart than
    /// before it (in the state documents as `resetAfterRestart`; fixed once the first version
    /// is made).
    var resetMembers: [[String]] = []
    /// Failed commits since the last successful one (a burst is logged once).
    var failedCommits = 0
    /// Set by a failed commit: the next version starts the change feed and the history over
    /// from its whole document (``ViewModelHost/flush()``).
    var startOverAtNextVersion = false
    /// The state's encoded JSON, member by member; built by the first flush.
    var encoder: StateEncoder?
    /// When each executing command started executing (epoch seconds), saved with its state so
    /// a run a crash cut short ends with the time it ran.
    var executingSince: [ChangeKey: Double] = [:]
    var runs: [UInt64: Run] = [:]
    var nextRunID: UInt64 = 1
    /// Executions the view models started themselves, by command (part `.command`).
    var selfRuns: [ChangeKey: SelfRun] = [:]
    /// The command whose run the host itself is starting right now: its execution is the
    /// host's run, not one the view model started.
    var hostStarting: ChangeKey?
    var observations: [Disposable] = []
}
