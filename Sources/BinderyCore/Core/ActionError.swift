// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a run of `Action.apply(_:)` failed.
public enum ActionError<Error: Swift.Error>: Swift.Error {
    /// The action was not enabled (its condition was false, or it was already executing).
    /// Nothing ran, and the action's `errors` did not fire.
    case disabled
    /// The work failed with `Error`.
    case producerFailed(Error)
    /// The work did not finish within the action's timeout and was interrupted.
    case timedOut(ActionTimeoutError)
}

extension ActionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .disabled: return "action is disabled"
        case let .producerFailed(error): return "\(error)"
        case let .timedOut(timeout): return timeout.description
        }
    }
}

extension ActionError: Equatable where Error: Equatable {}

/// How long one execution of an action may take before it is interrupted and failed.
public struct ActionTimeout: Sendable {
    /// The action's name, for the error message.
    public let name: String
    /// The longest an execution may run, in seconds.
    public let interval: TimeInterval
    /// Where the deadline is kept (a `TestScheduler` in tests).
    public let scheduler: DateScheduler

    /// A timeout of `interval` seconds for the action called `name`, measured on `scheduler`.
    public init(name: String, interval: TimeInterval, on scheduler: DateScheduler) {
        self.name = name
        self.interval = interval
        self.scheduler = scheduler
    }
}

/// An execution that exceeded its action's timeout.
public struct ActionTimeoutError: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// The action's name.
    public let action: String
    /// The timeout that was exceeded, in seconds.
    public let interval: TimeInterval

    /// An error for `action` having run longer than `interval` seconds.
    public init(action: String, interval: TimeInterval) {
        self.action = action
        self.interval = interval
    }

    public var description: String {
        let seconds = interval == interval.rounded() ? String(Int(interval)) : String(interval)
        return "\(action) timed out after \(seconds) s"
    }
}
