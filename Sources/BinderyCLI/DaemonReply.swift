import BinderyJSON
import BinderyProtocol

/// One reply line from the daemon, as the REPL received it: the text (for `--json`) and its
/// parsed value. (The daemon writes its replies with BinderyHost's `ControlReply`.)
public struct DaemonReply: Sendable {
    /// The line exactly as the daemon sent it, without the newline.
    public let raw: String
    public let value: JSONValue

    public init(raw: String, value: JSONValue) {
        self.raw = raw
        self.value = value
    }

    /// A reply binderyctl makes itself, in the daemon's shape (docs/PROTOCOL.md), for what it
    /// answers without asking the daemon: `{"id": null, "ok": …, …members}`.
    public init(localSuccess members: [(String, JSONValue)]) {
        let value = JSONValue.object([("id", .null), ("ok", .bool(true))] + members)
        self.init(raw: value.serialized, value: value)
    }

    /// A failure binderyctl found itself (a typo, a bad value, no daemon), shaped exactly like
    /// the daemon's error replies: `{"id": null, "ok": false, "error": {"code", "message"}}`.
    public init(localFailure code: ErrorCode, _ message: String) {
        let value = JSONValue.object([
            ("id", .null), ("ok", .bool(false)),
            ("error", .object([("code", .string(code.rawValue)), ("message", .string(message))])),
        ])
        self.init(raw: value.serialized, value: value)
    }

    /// Whether the request succeeded (`"ok": true`).
    public var ok: Bool { value["ok"]?.boolValue == true }
    /// The error code of a failed request (`unknown_input`, …); nil if it has none this
    /// binderyctl knows.
    public var errorCode: ErrorCode? { ErrorCode(json: value["error"]?["code"]) }
    /// The error message of a failed request.
    public var errorMessage: String? { value["error"]?["message"]?.stringValue }
}
