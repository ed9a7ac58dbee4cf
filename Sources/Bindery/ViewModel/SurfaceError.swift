/// Why a surface operation was refused or failed. `message` is one line a person can act on.
public struct SurfaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for programs (the control protocol's error codes).
    public enum Code: String, Sendable, Hashable {
        case unknownViewModel = "unknown_view_model"
        case unknownInput = "unknown_input"
        case unknownOutput = "unknown_output"
        case unknownCommand = "unknown_command"
        case invalidValue = "invalid_value"
        case invalidArgument = "invalid_argument"
        case disabled
        case failed
        case timedOut = "timed_out"
        case interrupted
    }

    /// The kind of failure.
    public let code: Code
    /// The one-line explanation.
    public let message: String

    /// An error of kind `code` explained by `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
