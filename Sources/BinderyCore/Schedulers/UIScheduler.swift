import Dispatch
import Synchronization

/// Runs actions on the main queue, as soon as possible, in the order they were scheduled
/// (ReactiveSwift's `UIScheduler`, which it defines on every platform over the main queue).
///
/// An action scheduled from the main queue while nothing else is waiting runs at once, on the
/// calling thread; otherwise it is queued on the main queue. Either way it runs under the
/// ``RunCause`` in effect when it was scheduled.
public final class UIScheduler: Scheduler, Sendable {
    private static let mainQueueKey: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: UInt8.max)
        return key
    }()

    /// Actions scheduled and not yet finished: an action may only run at once when it is the
    /// only one, so that it cannot overtake one already queued.
    private let queueLength = Synchronization.Atomic<Int>(0)

    /// A scheduler for the main queue.
    public init() {
        _ = Self.mainQueueKey
    }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let position = queueLength.add(1, ordering: .acquiringAndReleasing).newValue
        if position == 1 && DispatchQueue.getSpecific(key: Self.mainQueueKey) == UInt8.max {
            action()
            queueLength.subtract(1, ordering: .acquiringAndReleasing)
            return nil
        }
        let disposable = AnyDisposable()
        let handed = ScheduledAction(run: action)
        DispatchQueue.main.async {
            defer { self.queueLength.subtract(1, ordering: .acquiringAndReleasing) }
            if !disposable.isDisposed { handed.run() }
        }
        return disposable
    }
}
