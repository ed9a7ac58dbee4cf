import Dispatch
import FoundationEssentials

// Date and `DispatchTimeInterval` arithmetic, as ReactiveSwift code writes it:
// `scheduler.currentDate + .seconds(5)`, `.milliseconds(500) * 2`.

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinite).
    public var timeInterval: TimeInterval { seconds }

    /// The interval in the opposite direction.
    public static prefix func - (interval: DispatchTimeInterval) -> DispatchTimeInterval {
        switch interval {
        case let .seconds(s): return .seconds(-s)
        case let .milliseconds(ms): return .milliseconds(-ms)
        case let .microseconds(us): return .microseconds(-us)
        case let .nanoseconds(ns): return .nanoseconds(-ns)
        case .never: return .never
        @unknown default: return .never
        }
    }

    /// `interval` scaled by `factor`, in nanoseconds.
    public static func * (interval: DispatchTimeInterval, factor: Double) -> DispatchTimeInterval {
        guard case let seconds = interval.seconds, seconds.isFinite else { return .never }
        return .nanoseconds(Int((seconds * factor * 1_000_000_000).rounded()))
    }

    /// `interval` scaled by `factor`, in nanoseconds.
    public static func * (factor: Double, interval: DispatchTimeInterval) -> DispatchTimeInterval { interval * factor }
}

extension Date {
    /// The date `interval` after this one.
    public func addingTimeInterval(_ interval: DispatchTimeInterval) -> Date {
        addingTimeInterval(interval.seconds)
    }

    /// The date `interval` after `date`.
    public static func + (date: Date, interval: DispatchTimeInterval) -> Date { date.addingTimeInterval(interval) }

    /// The date `interval` before `date`.
    public static func - (date: Date, interval: DispatchTimeInterval) -> Date { date.addingTimeInterval(-interval) }
}
