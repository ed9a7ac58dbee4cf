import Bindery

/// Why a host operation was refused or failed, with the control protocol's error code
/// (docs/PROTOCOL.md) and a one-line message. A failed operation changed nothing.
public struct HostFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The protocol's error codes.
    public enum Code: String, Sendable, Hashable {
        case badRequest = "bad_request"
        case frameTooLarge = "frame_too_large"
        case unknownOp = "unknown_op"
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
        case unavailable
        case storage
        case `internal`
    }

    /// The kind of failure.
    public let code: Code
    /// One line a person can act on.
    public let message: String

    /// A failure of kind `code`; line breaks in `message` are replaced by spaces.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The same failure as a view model reported it.
    public init(_ error: SurfaceError) {
        self.init(Code(rawValue: error.code.rawValue) ?? .internal, error.message)
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
