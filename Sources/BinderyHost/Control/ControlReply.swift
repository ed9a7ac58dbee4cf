import BinderyJSON

/// Builds the control protocol's reply lines: `{"id": …, "ok": true, …}\n` and
/// `{"id": …, "ok": false, "error": {"code": …, "message": …}}\n`.
public enum ControlReply {
    /// A success reply; `fields` writes the members after `id` and `ok`.
    public static func success(id: JSONValue, _ fields: (inout JSONWriter) -> Void = { _ in }) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        writer.key("id"); writer.value(id)
        writer.key("ok"); writer.bool(true)
        fields(&writer)
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// A failure reply.
    public static func failure(id: JSONValue, _ failure: HostFailure) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginObject()
        writer.key("id"); writer.value(id)
        writer.key("ok"); writer.bool(false)
        writer.key("error")
        writer.beginObject()
        writer.key("code"); writer.string(failure.code.rawValue)
        writer.key("message"); writer.string(failure.message)
        writer.endObject()
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// A watch stream line: `{"id": …, "event": {…}}`.
    public static func event(id: JSONValue, eventJSON: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: eventJSON.count + 32)
        writer.beginObject()
        writer.key("id"); writer.value(id)
        writer.key("event"); writer.raw(eventJSON)
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }
}
