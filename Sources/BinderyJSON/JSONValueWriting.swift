extension JSONValue {
    /// Appends the value as compact JSON text (no whitespace) to `bytes`: numbers as their
    /// text, members in order, strings escaped per `escaping` — written by ``JSONWriter``.
    public func write(to bytes: inout [UInt8], escaping: JSONEscaping = .minimal) {
        var writer = JSONWriter(continuing: bytes, escaping: escaping)
        bytes = []  // the writer's copy is then the buffer's only owner: appended in place
        writer.value(self)
        bytes = writer.bytes
    }

    /// Compact JSON text on one line with ``JSONEscaping/minimal`` escaping, as binderyctl
    /// sends requests and shows values.
    public var serialized: String {
        var writer = JSONWriter(escaping: .minimal)
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
