import Bindery
import BinderyJSON

/// Appends JSON text to a byte buffer by hand: no `JSONEncoder`, no intermediate strings for
/// the structure, so a state document of a few kilobytes encodes in microseconds.
///
/// The caller writes structure in order (``beginObject()``, ``key(_:)``, values, …); commas
/// are inserted automatically. Strings are escaped ``JSONEscaping/htmlSafe`` (quotes,
/// backslashes and control characters; `<`, `>` and `&` too, so the text is safe to embed
/// anywhere); non-finite doubles are written as `null`, the only JSON they can be.
public struct JSONWriter {
    /// The text written so far, UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// Per open container: whether the next item needs a leading comma.
    private var needsComma: [Bool] = [false]

    /// An empty writer, optionally with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
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
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        pendingMember = true
    }

    /// Whether a member name was just written, so the next value follows it without a comma.
    private var pendingMember = false

    private mutating func beforeValue() {
        if pendingMember {
            pendingMember = false
        } else {
            separate()
        }
    }

    /// Writes `null`.
    public mutating func null() { beforeValue(); bytes.append(contentsOf: "null".utf8) }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) { beforeValue(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// Writes an integer.
    public mutating func int<I: BinaryInteger>(_ value: I) { beforeValue(); bytes.append(contentsOf: String(value).utf8) }

    /// Writes a number; `null` when not finite.
    public mutating func double(_ value: Double) {
        beforeValue()
        // BinderyJSON owns the rule (shortest round-trip text; `null` when not finite).
        JSONValue.double(value).write(to: &bytes)
    }

    /// Writes a string, escaped.
    public mutating func string(_ value: String) {
        beforeValue()
        appendQuoted(value)
    }

    /// Writes already-encoded JSON (one complete value) as the next value.
    public mutating func raw(_ json: [UInt8]) {
        beforeValue()
        bytes.append(contentsOf: json)
    }

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

    /// Writes a parsed JSON value back out; numbers keep their text.
    public mutating func value(_ value: JSONValue) {
        beforeValue()
        value.write(to: &bytes, escaping: .htmlSafe)
    }

    private mutating func appendQuoted(_ text: String) {
        JSONEscaping.htmlSafe.appendQuoted(text, to: &bytes)
    }
}

extension JSONWriter {
    /// The JSON text of one view-model value.
    public static func encode(_ value: SurfaceValue) -> [UInt8] {
        var writer = JSONWriter(capacity: 32)
        writer.value(value)
        return writer.bytes
    }
}
