extension JSONValue {
    /// Appends the value as compact JSON text (no whitespace) to `bytes`: numbers as their
    /// text, members in order, strings escaped per `escaping`.
    public func write(to bytes: inout [UInt8], escaping: JSONEscaping = .minimal) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case let .bool(flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .number(text): bytes.append(contentsOf: text.utf8)
        case let .string(text): escaping.appendQuoted(text, to: &bytes)
        case let .array(items):
            bytes.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes, escaping: escaping)
            }
            bytes.append(UInt8(ascii: "]"))
        case let .object(members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                escaping.appendQuoted(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.write(to: &bytes, escaping: escaping)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Compact JSON text on one line with ``JSONEscaping/minimal`` escaping, as binderyctl
    /// sends requests and shows values.
    public var serialized: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
