import Bindery

/// One event of a command run, made `Sendable` so it can hop onto the host's scheduler:
/// the run's `ActionError` is already turned into the protocol's failure.
enum RunEvent: Sendable {
    case value(SurfaceValue)
    case completed
    case failed(HostFailure)

    /// The event `event` of a run of `command` ("vm.name"); interruption is a failure.
    init(_ event: Signal<SurfaceValue, ActionError<SurfaceError>>.Event, command: String) {
        switch event {
        case let .value(value): self = .value(value)
        case .completed: self = .completed
        case .interrupted: self = .failed(HostFailure(.interrupted, "\(command) was interrupted"))
        case let .failed(error):
            switch error {
            case .disabled: self = .failed(HostFailure(.disabled, "\(command) is not enabled now"))
            case let .producerFailed(error): self = .failed(HostFailure(error))
            }
        }
    }

    /// The event `event` of an execution of `command` the view model started itself (one of
    /// ``SurfaceCommand/executions``); interruption is a failure.
    init(execution event: Signal<SurfaceValue, SurfaceError>.Event, command: String) {
        switch event {
        case let .value(value): self = .value(value)
        case .completed: self = .completed
        case .interrupted: self = .failed(HostFailure(.interrupted, "\(command) was interrupted"))
        case let .failed(error): self = .failed(HostFailure(.failed, error.message))
        }
    }
}
