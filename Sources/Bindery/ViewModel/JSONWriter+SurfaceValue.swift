import BinderyJSON

extension JSONWriter {
    /// Writes a view-model value: records become objects with fields in order, lists arrays.
    public mutating func value(_ value: SurfaceValue) {
        switch value {
        case .null: null()
        case let .bool(b): bool(b)
        case let .int(i): int(i)
        case let .double(d): double(d)
        case let .string(s): string(s)
        case let .list(items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case let .record(record):
            beginObject()
            for field in record.fields {
                key(field.name)
                self.value(field.value)
            }
            endObject()
        }
    }

    /// The JSON text of one view-model value, escaped ``JSONEscaping/htmlSafe`` (what the
    /// daemon serves and stores).
    public static func encode(_ value: SurfaceValue) -> [UInt8] {
        var writer = JSONWriter(capacity: 32)
        writer.value(value)
        return writer.bytes
    }
}
