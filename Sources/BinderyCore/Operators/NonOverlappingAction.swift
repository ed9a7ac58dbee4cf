import Synchronization

/// A scheduler's repeating action (`timer`, `interval`) that never runs while its previous
/// run is still under way: a tick that finds one running is dropped, as a dispatch timer
/// coalesces the ticks it could not deliver.
///
/// The core does not trust a scheduler to run one action at a time (issue 42; see
/// `SerialSendCheck`). A `QueueScheduler`'s repeating action is a dispatch source's handler,
/// which libdispatch does not run concurrently with itself, but a user's scheduler need not
/// promise that, and on a concurrent queue the sanitizer sees no order between two runs of
/// the handler; this flag gives both. A run nested inside the previous one (a `TestScheduler`
/// advanced from inside the action) is dropped too, rather than sending from inside a
/// delivery of the same run.
final class NonOverlappingAction: @unchecked Sendable {
    // `@unchecked`: `action` (and whatever it captures, such as `interval`'s iterator) is
    // only called by the run that set `running`, one run at a time, each ordered after the
    // previous by the flag's acquiring set and releasing clear.
    private let running = Synchronization.Atomic<Bool>(false)
    private let action: () -> Void

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Runs the action, unless a run of it is under way.
    func run() {
        guard !running.exchange(true, ordering: .acquiring) else { return }
        action()
        running.store(false, ordering: .releasing)
    }
}
