import BinderyJSON

/// The newest `set` of one input the event log keeps: what `get` of an input answers as
/// `lastSet` (docs/PROTOCOL.md), so "who set this?" is one request.
///
/// Guarantees: found among the events given, newest first, at or before a version when one
/// is given; an input whose sets the log no longer keeps (or that only the view model set)
/// has none.
public struct LastSet: Sendable, Equatable {
    /// The version the set made.
    public let version: UInt64
    /// Who set it.
    public let origin: EventOrigin?

    /// The newest `set` event of `viewModel`.`input` in `entries` (oldest first) at or before
    /// version `atOrBefore` (any version when nil), if any.
    public init?(viewModel: String, input: String, atOrBefore: UInt64? = nil, in entries: [EventLog.Entry]) {
        // The name as its event writes it, when that is the name's bytes: most events are ruled
        // out without being parsed.
        let plain = input.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && !"\"\\<>&".utf8.contains($0) }
        let needle = plain ? Array("\"\(input)\"".utf8) : nil
        for entry in entries.reversed() {
            if let atOrBefore, entry.version > atOrBefore { continue }
            if let needle, !Self.contains(entry.json, needle) { continue }
            guard let event = try? JSONParser.parse(entry.json), event["kind"]?.stringValue == "set",
                  event["vm"]?.stringValue == viewModel, event["name"]?.stringValue == input else { continue }
            version = entry.version
            origin = EventOrigin(event: event)
            return
        }
        return nil
    }

    /// Writes `"lastSet": {"version": N, "origin": {…}}` into the object `writer` is in.
    public func write(to writer: inout JSONWriter) {
        writer.key("lastSet")
        writer.beginObject()
        writer.key("version"); writer.int(version)
        origin?.write(to: &writer)
        writer.endObject()
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            var start = 0
            while start <= hay.count - needle.count {
                if hay[start] == needle[0], hay[start..<(start + needle.count)].elementsEqual(needle) { return true }
                start += 1
            }
            return false
        }
    }
}
