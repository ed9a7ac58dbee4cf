import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// `interval` scaled by `factor`, in the finest unit that holds the result without
    /// overflowing (nanoseconds, then micro-, milli-, whole seconds), else `.never`: it
    /// saturates rather than traps, as in ReactiveSwift.
    public static func * (interval: DispatchTimeInterval, factor: Double) -> DispatchTimeInterval {
        let seconds = interval.seconds * factor
        if let ns = Int(exactly: (seconds * 1_000_000_000).rounded()) { return .nanoseconds(ns) }
        if let us = Int(exactly: (seconds * 1_000_000).rounded()) { return .microseconds(us) }
        if let ms = Int(exactly: (seconds * 1_000).rounded()) { return .milliseconds(ms) }
        if let s = Int(exactly: seconds.rounded()) { return .seconds(s) }
        return .never
    }

    /// `interval` scaled by `factor` (see the other `*`).
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
