import Bindery
import BinderyJSON

/// What a `finish` event says of its run's result, so that no event is ever as large as the
/// result: a search answering 6,000 rows made every `finish` half a megabyte, copied into the
/// event log, the store and every watcher's line (1.2 GB after 1,500 searches).
///
/// Guarantees: a result whose JSON is at most ``inlineLimit`` bytes is the event's `value`,
/// exactly as before. A larger one is left out; the event carries `valueSummary` instead:
/// its `kind` ("list", "record", "string", …), `count` (a list's rows or a record's fields),
/// `bytes` (the size of its JSON), `digest` (``ContentDigest`` of that JSON: equal results,
/// equal digests) and, for a list, `first`: its first rows, as many as fit in a quarter of
/// the limit (at most ``firstRows``). The whole result is still the command's `lastValue`, in
/// the state and in the history at the event's version.
enum EventResult {
    /// The largest result, in bytes of JSON, an event carries whole.
    static let inlineLimit = 1_024
    /// The most rows a summary shows of a list.
    static let firstRows = 3

    /// Writes `value` as the event's `value` field, or its `valueSummary` when it is larger
    /// than ``inlineLimit``.
    static func write(_ value: SurfaceValue, to writer: inout JSONWriter) {
        let json = JSONWriter.encode(value)
        guard json.count > inlineLimit else {
            writer.key("value")
            writer.raw(json)
            return
        }
        writer.key("valueSummary")
        writer.beginObject()
        writer.key("kind"); writer.string(value.kindName)
        switch value {
        case let .list(items): writer.key("count"); writer.int(items.count)
        case let .record(record): writer.key("count"); writer.int(record.fields.count)
        default: break
        }
        writer.key("bytes"); writer.int(json.count)
        writer.key("digest"); writer.string(ContentDigest.hex(json))
        if case let .list(items) = value {
            writer.key("first")
            writer.beginArray()
            var budget = inlineLimit / 4
            for item in items.prefix(firstRows) {
                let row = JSONWriter.encode(item)
                guard row.count <= budget else { break }
                budget -= row.count
                writer.raw(row)
            }
            writer.endArray()
        }
        writer.endObject()
    }
}
