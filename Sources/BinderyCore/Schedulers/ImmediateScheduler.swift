/// Runs every action at once, on the calling thread.
public final class ImmediateScheduler: Scheduler, Sendable {
    /// An immediate scheduler.
    public init() {}

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        action()
        return nil
    }
}
