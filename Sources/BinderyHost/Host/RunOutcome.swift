import Bindery

/// How a command run requested through the host ended (or, for a run that is not waited
/// for, that it started).
public enum RunOutcome: Sendable {
    /// The run started; sent at once for runs with `wait: false`.
    case started
    /// It completed with `value` after `durationMs`.
    case finished(value: SurfaceValue, durationMs: Double)
    /// It was refused, failed, timed out or was interrupted.
    case failed(HostFailure)
}
