/// The one JSON writer: appends JSON text to a byte buffer by hand — no `JSONEncoder`, no
/// intermediate strings for the structure — for the daemon's state, events and replies and for
/// binderyctl's requests alike, so a state document of a few kilobytes encodes in microseconds.
///
/// The caller writes structure in order (``beginObject()``, ``key(_:)``, values, …); commas
/// are inserted automatically. Strings are escaped per ``escaping``: by default
/// ``JSONEscaping/htmlSafe`` (quotes, backslashes and control characters; `<`, `>` and `&` too,
/// so the text is safe to embed anywhere); non-finite doubles are written as `null`, the only
/// JSON they can be.
public struct JSONWriter {
    /// The text written so far, UTF-8.
    public private(set) var bytes: [UInt8]
    /// How strings are escaped.
    public let escaping: JSONEscaping
    /// Per open container: whether the next item needs a leading comma.
    private var needsComma: [Bool] = [false]
    /// Whether a member name was just written, so the next value follows it without a comma.
    private var pendingMember = false

    /// An empty writer, optionally with room for `capacity` bytes.
    public init(capacity: Int = 256, escaping: JSONEscaping = .htmlSafe) {
        bytes = []
        bytes.reserveCapacity(capacity)
        self.escaping = escaping
    }

    /// A writer that goes on after `bytes` (what is there is kept, not checked): one complete
    /// value is to be written.
    public init(continuing bytes: [UInt8], escaping: JSONEscaping = .htmlSafe) {
        self.bytes = bytes
        self.escaping = escaping
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func beforeValue() {
        if pendingMember {
            pendingMember = false
        } else {
            separate()
        }
    }

    /// Opens an object.
    public mutating func beginObject() {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array.
    public mutating func beginArray() {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member name; the next value written is its value.
    public mutating func key(_ name: String) {
        separate()
        escaping.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        pendingMember = true
    }

    /// Writes `null`.
    public mutating func null() { beforeValue(); bytes.append(contentsOf: "null".utf8) }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) { beforeValue(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// Writes an integer.
    public mutating func int<I: BinaryInteger>(_ value: I) { beforeValue(); bytes.append(contentsOf: String(value).utf8) }

    /// Writes a number as ``JSONValue/double(_:)`` gives it (shortest round-trip text; `null`
    /// when not finite).
    public mutating func double(_ value: Double) {
        self.value(JSONValue.double(value))
    }

    /// Writes a string, escaped.
    public mutating func string(_ value: String) {
        beforeValue()
        escaping.appendQuoted(value, to: &bytes)
    }

    /// Writes already-encoded JSON (one complete value) as the next value.
    public mutating func raw(_ json: [UInt8]) {
        beforeValue()
        bytes.append(contentsOf: json)
    }

    /// Writes a parsed JSON value; numbers keep their text, members their order.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(flag): bool(flag)
        case let .number(text):
            beforeValue()
            bytes.append(contentsOf: text.utf8)
        case let .string(text): string(text)
        case let .array(items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case let .object(members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }
}
