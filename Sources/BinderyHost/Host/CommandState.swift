import Bindery
import BinderyJSON
import BinderyProtocol

/// What the host shows of one command: whether it can run, whether it runs, and how its
/// runs ended, whoever started them.
public struct CommandState: Sendable, Hashable {
    /// The last failure: its message, when it happened (epoch seconds) and its protocol error
    /// code (`interrupted` or `cancelled` for a run cut short rather than failed).
    public struct LastError: Sendable, Hashable {
        /// The failure's one-line message.
        public var message: String
        /// When it happened, seconds since the epoch.
        public var at: Double
        /// The protocol's error code (`failed`, `timed_out`, `interrupted`, `cancelled`).
        public var code: ErrorCode = .failed
    }

    /// Whether the command can run now.
    public var enabled: Bool
    /// Whether an execution is running.
    public var executing: Bool
    /// The value of the last successful run, or `.null`.
    public var lastValue: SurfaceValue = .null
    /// The last failure of a run; cleared by the next success.
    public var lastError: LastError?
    /// Runs that executed, whoever started them (a client, a binding, a timer, another
    /// command, the view model's own code); refusals while disabled do not count.
    public var runs: Int = 0
    /// Attempts the view model made while the command was disabled (a binding's value
    /// arriving while it could not run); a client's refused `run` is not counted.
    public var refused: Int = 0

    /// Writes the protocol's command state object:
    /// `{"enabled", "executing", "lastValue", "lastError": null | {"message", "at", "code"}, "runs"}`,
    /// and `"refused"` once there was a refused attempt.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("enabled"); writer.bool(enabled)
        writer.key("executing"); writer.bool(executing)
        writer.key("lastValue"); writer.value(lastValue)
        writer.key("lastError")
        if let lastError {
            writer.beginObject()
            writer.key("message"); writer.string(lastError.message)
            writer.key("at"); writer.string(ISO8601Timestamp.string(fromEpochSeconds: lastError.at))
            writer.key("code"); writer.string(lastError.code.rawValue)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("runs"); writer.int(runs)
        if refused > 0 { writer.key("refused"); writer.int(refused) }
        writer.endObject()
    }

    /// The state object as JSON.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 96)
        write(to: &writer)
        return writer.bytes
    }
}
