/// Why a run of `Action.apply(_:)` failed.
public enum ActionError<Error: Swift.Error>: Swift.Error {
    /// The action was not enabled (its condition was false, or it was already executing).
    /// Nothing ran, and the action's `errors` did not fire.
    case disabled
    /// The work failed with `Error`.
    case producerFailed(Error)
}

extension ActionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .disabled: return "action is disabled"
        case let .producerFailed(error): return "\(error)"
        }
    }
}

extension ActionError: Equatable where Error: Equatable {}
