/// Runs every action at once, on the calling thread (so under the ``RunCause`` in effect
/// there).
public final class ImmediateScheduler: Scheduler, Sendable {
    /// An immediate scheduler.
    public init() {}

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        action()
        return nil
    }
}
