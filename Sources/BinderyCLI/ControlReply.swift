import BinderyJSON

/// One reply line from the daemon: the text as received (for `--json`) and its parsed value.
public struct ControlReply: Sendable {
    /// The line exactly as the daemon sent it, without the newline.
    public let raw: String
    public let value: JSONValue

    public init(raw: String, value: JSONValue) {
        self.raw = raw
        self.value = value
    }

    /// Whether the request succeeded (`"ok": true`).
    public var ok: Bool { value["ok"]?.boolValue == true }
    /// The error code of a failed request ("unknown_input", …).
    public var errorCode: String? { value["error"]?["code"]?.stringValue }
    /// The error message of a failed request.
    public var errorMessage: String? { value["error"]?["message"]?.stringValue }
}
