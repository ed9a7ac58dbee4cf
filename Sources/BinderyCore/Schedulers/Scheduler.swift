import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs actions, in the order they were scheduled, somewhere: now, on a queue, or in virtual
/// time.
///
/// An action is handed over to the scheduler: the code that scheduled it must not run it
/// itself. Disposing the returned disposable cancels an action that has not started.
public protocol Scheduler: AnyObject {
    /// Schedules `action`; returns a disposable that cancels it, or `nil` if it already ran.
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable?
}

/// A scheduler that knows the time and can run actions at a given date.
public protocol DateScheduler: Scheduler {
    /// The scheduler's idea of now.
    var currentDate: Date { get }

    /// Schedules `action` at `date` (or as soon as possible after it).
    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable?

    /// Schedules `action` at `date` and then every `interval`, until disposed.
    @discardableResult
    func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable?
}

extension DateScheduler {
    /// Schedules `action` `interval` seconds from now.
    @discardableResult
    public func schedule(after interval: TimeInterval, action: @escaping () -> Void) -> Disposable? {
        schedule(after: currentDate.addingTimeInterval(interval), action: action)
    }

    /// Schedules `action` at `date` and then every `interval`, with no leeway.
    @discardableResult
    public func schedule(after date: Date, interval: DispatchTimeInterval, action: @escaping () -> Void) -> Disposable? {
        schedule(after: date, interval: interval, leeway: .nanoseconds(0), action: action)
    }

    /// Schedules `action` `delay` from now and then every `interval`, until disposed.
    @discardableResult
    public func schedule(after delay: DispatchTimeInterval, interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0), action: @escaping () -> Void) -> Disposable? {
        schedule(after: currentDate.addingTimeInterval(delay), interval: interval, leeway: leeway, action: action)
    }
}

/// A closure handed from the thread that schedules it to the thread that runs it.
///
/// `@unchecked Sendable` because it is a transfer, not a share: a scheduler receives the action,
/// keeps it until it runs it once on its own thread, and the scheduling code keeps no copy.
/// It runs under the ``RunCause`` that was in effect when it was scheduled (a repeating one
/// does not: a timer is its own cause).
@usableFromInline
struct ScheduledAction: @unchecked Sendable {
    @usableFromInline let run: () -> Void

    @inlinable init(run: @escaping () -> Void) { self.init(run, carryingCause: true) }

    /// `run`, carrying the current cause or not (an action run again and again, a timer's,
    /// carries none).
    @inlinable init(_ run: @escaping () -> Void, carryingCause: Bool) {
        self.run = carryingCause ? RunCause.carried(run) : run
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds.
    var seconds: TimeInterval {
        switch self {
        case let .seconds(s): return TimeInterval(s)
        case let .milliseconds(ms): return TimeInterval(ms) / 1_000
        case let .microseconds(us): return TimeInterval(us) / 1_000_000
        case let .nanoseconds(ns): return TimeInterval(ns) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
