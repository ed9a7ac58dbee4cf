// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The common value types beyond String, Int, Double and Bool, as plain data: what a client
// shows and sends back (an input of one of them parses what `surfaceValue` gives).

extension Float: SurfaceRepresentable {
    /// A double.
    public var surfaceValue: SurfaceValue { .double(Double(self)) }
}

extension Date: SurfaceRepresentable {
    /// An ISO 8601 string in UTC with milliseconds: "2026-12-01T23:41:07.123Z".
    public var surfaceValue: SurfaceValue { .string(formatted(Date.surfaceFormat)) }

    /// The ISO 8601 form ``surfaceValue`` writes.
    static let surfaceFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `text` as an ISO 8601 date and time, with or without fractional seconds.
    init?(surfaceText text: String) {
        if let date = try? Date.surfaceFormat.parse(text) { self = date; return }
        guard let date = try? Date.ISO8601FormatStyle().parse(text) else { return nil }
        self = date
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
