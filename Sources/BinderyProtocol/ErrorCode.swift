import BinderyJSON

/// Every error code the control protocol and the HTTP state name (docs/PROTOCOL.md, "Replies";
/// a command's `lastError.code`): the one list the core's surface errors, the daemon and
/// binderyctl all spell their codes from. `rawValue` is the code as it goes on the wire.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
    /// The line is not a JSON object, or a field has the wrong type.
    case badRequest = "bad_request"
    /// The line exceeds the frame limit (binderyctl: its own line limit).
    case frameTooLarge = "frame_too_large"
    /// `op` is missing or unknown (binderyctl: an unknown REPL command).
    case unknownOp = "unknown_op"
    /// No view model by that name.
    case unknownViewModel = "unknown_view_model"
    /// No input (or, for `get`, no member) by that name.
    case unknownInput = "unknown_input"
    /// No output by that name.
    case unknownOutput = "unknown_output"
    /// No command by that name.
    case unknownCommand = "unknown_command"
    /// A value of the wrong type or out of range for an input.
    case invalidValue = "invalid_value"
    /// A missing, extra or mistyped command argument.
    case invalidArgument = "invalid_argument"
    /// The command is not enabled now.
    case disabled
    /// The command ran and failed.
    case failed
    /// The command exceeded its timeout.
    case timedOut = "timed_out"
    /// The run was interrupted from outside: a client's `interrupt`, the daemon stopping, or
    /// a crash (the restart ends it).
    case interrupted
    /// The view model cut its own run short: it completed without producing a value (for
    /// instance products.cancel ending a `loadMore`).
    case cancelled
    /// The daemon is shutting down (binderyctl: it cannot be reached).
    case unavailable
    /// The state could not be saved.
    case storage
    /// A reply binderyctl received is not what the protocol says (binderyctl only).
    case badReply = "bad_reply"
    /// Anything else: a bug.
    case `internal`

    /// The code a reply's `error.code`, an event's `code` or a command's `lastError.code`
    /// carries; nil if `json` is not a string naming one of these codes.
    public init?(json: JSONValue?) {
        guard let text = json?.stringValue else { return nil }
        self.init(rawValue: text)
    }

    /// Whether a run with this code was cut short (`interrupted`, `cancelled`) rather than
    /// failed: not a failure of the command.
    public var isCutShort: Bool { self == .interrupted || self == .cancelled }

    /// Whether the code says a name was wrong (`unknown_…`).
    public var isUnknownName: Bool {
        switch self {
        case .unknownOp, .unknownViewModel, .unknownInput, .unknownOutput, .unknownCommand: return true
        default: return false
        }
    }
}
