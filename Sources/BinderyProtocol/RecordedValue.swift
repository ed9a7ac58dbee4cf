import BinderyJSON

/// How a value read now is compared with one a session recorded (`binderyctl replay`, and the
/// tests `binderyctl testgen` writes, through `SurfaceDriver`): the one rule for both.
public enum RecordedValue {
    /// How far apart two timestamps may be and still match, in seconds: a recorded time was
    /// read from a real clock, which a `TestScheduler` reproduces only to the scheduled delays.
    public static let clockTolerance = 1.0

    /// Whether `actual` matches `recorded`: the same JSON, except that numbers compare by
    /// value (`1` and `1.0` match) and two ISO 8601 timestamps (``ISO8601Timestamp``) match
    /// within ``clockTolerance``; object members compare in order, by name.
    public static func matches(_ actual: JSONValue, _ recorded: JSONValue) -> Bool {
        switch (actual, recorded) {
        case let (.number(a), .number(b)):
            return a == b || (Double(a) != nil && Double(a) == Double(b))
        case let (.string(a), .string(b)):
            if a.utf8.elementsEqual(b.utf8) { return true }
            guard let x = ISO8601Timestamp.epochSeconds(from: a), let y = ISO8601Timestamp.epochSeconds(from: b) else { return false }
            return abs(x - y) <= clockTolerance
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && matches($0.value, $1.value) }
        default:
            return actual == recorded
        }
    }

    /// The value as a reader is shown it in one line: its JSON, cut to an excerpt when long.
    public static func excerpt(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        value.write(to: &bytes)
        return Excerpt.of(String(decoding: bytes, as: UTF8.self))
    }
}
