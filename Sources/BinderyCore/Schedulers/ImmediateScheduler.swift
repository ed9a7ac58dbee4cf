/// Runs every action at once, on the calling thread.
public final class ImmediateScheduler: Scheduler {
    /// An immediate scheduler.
    public init() {}

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        action()
        return nil
    }
}
