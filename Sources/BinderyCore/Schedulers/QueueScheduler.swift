import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs actions on a serial Dispatch queue, in the order they were scheduled, one at a time.
///
/// Time-based actions use wall-clock deadlines; `currentDate` is the system's current date.
/// This is the scheduler the daemon keeps all view-model state on.
public final class QueueScheduler: DateScheduler, Sendable {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// A scheduler on the main queue that, unlike `UIScheduler`, always schedules
    /// asynchronously and supports dates.
    public static let main = QueueScheduler(internalQueue: .main)

    /// A scheduler with its own serial queue. By default the queue has no QoS of its own
    /// (`.unspecified`), so work inherits the QoS of whoever schedules it, as in ReactiveSwift.
    public convenience init(qos: DispatchQoS = .unspecified, name: String = "bindery.queue-scheduler", targeting target: DispatchQueue? = nil) {
        self.init(internalQueue: DispatchQueue(label: name, qos: qos, target: target))
    }

    /// A scheduler running directly on `internalQueue`. On a concurrent queue its actions
    /// overlap; the operators that deliver through a scheduler serialise their deliveries all
    /// the same (`ScheduledOutput`), but the order of actions due together is then not kept.
    public init(internalQueue: DispatchQueue) {
        queue = internalQueue
    }

    /// A scheduler with its own serial queue targeting `queue` (ReactiveSwift's deprecated
    /// `init(queue:name:)`): its actions run one at a time, in order, on `queue`'s threads,
    /// even when `queue` is concurrent (a global queue).
    public convenience init(queue: DispatchQueue) {
        self.init(internalQueue: DispatchQueue(label: "bindery.queue-scheduler", target: queue))
    }

    public var currentDate: Date { Date() }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let disposable = AnyDisposable()
        let handed = ScheduledAction(run: action)
        queue.async {
            if !disposable.isDisposed { handed.run() }
        }
        return disposable
    }

    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        let disposable = AnyDisposable()
        let handed = ScheduledAction(run: action)
        queue.asyncAfter(wallDeadline: Self.deadline(for: date)) {
            if !disposable.isDisposed { handed.run() }
        }
        return disposable
    }

    @discardableResult
    public func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let handed = ScheduledAction(action, carryingCause: false)
        // The handler keeps the timer alive until it is cancelled, so the action keeps
        // repeating even if nobody keeps the returned disposable (as in ReactiveSwift).
        timer.setEventHandler { withExtendedLifetime(timer) { handed.run() } }
        timer.setCancelHandler { timer.setEventHandler(handler: nil) }
        timer.schedule(wallDeadline: Self.deadline(for: date), repeating: interval, leeway: leeway)
        timer.resume()
        return AnyDisposable { timer.cancel() }
    }

    private static func deadline(for date: Date) -> DispatchWallTime {
        let seconds = max(0, date.timeIntervalSinceNow)
        return .now() + .nanoseconds(Int(min(seconds, 1e9) * 1_000_000_000))
    }
}
