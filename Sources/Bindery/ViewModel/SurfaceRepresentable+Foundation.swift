import FoundationEssentials

// The common value types beyond String, Int, Double and Bool, as plain data: what a client
// shows and sends back (an input of one of them parses what `surfaceValue` gives).

extension Float: SurfaceRepresentable {
    /// A double.
    public var surfaceValue: SurfaceValue { .double(Double(self)) }
}

extension Date: SurfaceRepresentable {
    /// An ISO 8601 string in UTC with milliseconds, rounded to the nearest:
    /// "2026-12-01T23:41:07.123Z". The date ``init(surfaceText:)`` reads from it shows the
    /// same text again, so a date survives any number of round trips unchanged.
    public var surfaceValue: SurfaceValue {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        let seconds = (milliseconds / 1000).rounded(.down)
        let fraction = Int(milliseconds - seconds * 1000)
        let whole = Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
        let digits = String(fraction)
        return .string(whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z")
    }

    /// The ISO 8601 form with fractional seconds, as ``surfaceValue`` writes it.
    static let surfaceFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `text` as an ISO 8601 date and time, with or without fractional seconds, on a whole
    /// millisecond (what ``surfaceValue`` shows).
    init?(surfaceText text: String) {
        guard let date = (try? Date.surfaceFormat.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text)) else { return nil }
        self = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}

extension URL: SurfaceRepresentable {
    /// Its absolute string.
    public var surfaceValue: SurfaceValue { .string(absoluteString) }
}

extension UUID: SurfaceRepresentable {
    /// Its canonical upper-case string.
    public var surfaceValue: SurfaceValue { .string(uuidString) }
}

extension Dictionary: SurfaceRepresentable where Key == String, Value: SurfaceRepresentable {
    /// A record of its entries, in key order (a dictionary has no order of its own).
    public var surfaceValue: SurfaceValue {
        .record(SurfaceRecord(keys.sorted().map { SurfaceRecord.Field($0, self[$0]!.surfaceValue) }))
    }
}

extension SurfaceRepresentable where Self: RawRepresentable, RawValue: SurfaceRepresentable {
    /// An enum with raw values shows its raw value: declare `extension Mood: SurfaceRepresentable {}`.
    public var surfaceValue: SurfaceValue { rawValue.surfaceValue }
}
