import BinderyJSON

/// A session file (docs/HTTP.md, "/api/session"): a range of versions as the daemon keeps
/// them — the state the range starts in, each later version's changes, and every logged event
/// of those versions with its effects — in one JSON document that `binderyctl replay` and
/// `binderyctl testgen` read (``RecordedSession``). The one writer of the format, used by the
/// HTTP route and the control protocol's `session` op alike.
///
/// Guarantees: `state` is the `/api/state` document at `from`; `versions` holds one step per
/// version `from`+1 through `to`, in order (as `/api/history` writes them); `events` holds
/// every logged event of those versions, oldest first, as `/api/events` writes them.
package enum SessionDocument {
    /// The value of the document's `format` member.
    package static let format = "bindery-session"
    /// The value of its `formatVersion` member; a reader refuses another.
    package static let formatVersion = 1

    /// The session of versions `from`...`to` out of `span` (kept versions from a checkpoint at
    /// or before `from`) and `events` (logged events, oldest first; those outside the range are
    /// left out), written by the daemon `daemon`; nil when `span` does not reach from `from` to
    /// `to` or its documents cannot be read.
    package static func write(daemon: String, from: UInt64, to: UInt64, exportedAt: String, span: VersionHistory.Span,
                              events: [(version: UInt64, json: [UInt8])]) -> [UInt8]? {
        guard from <= to, span.checkpoint <= from, var state = try? JSONParser.parse(span.document) else { return nil }
        var inRange: [(version: UInt64, step: VersionHistory.Step)] = []
        for (version, step) in span.versions where version <= to {
            if version > from { inRange.append((version, step)); continue }
            switch step {
            case let .reset(document):
                guard let parsed = try? JSONParser.parse(document) else { return nil }
                state = parsed
            case let .changes(entries):
                for entry in entries {
                    if let change = try? JSONParser.parse(entry) { StateReplay.apply(change, to: &state) }
                }
            }
        }
        // Versions are contiguous: the range is whole when its last version is there.
        guard (inRange.last?.version ?? from) == to else { return nil }
        StateReplay.setVersion(from, in: &state)
        var stateBytes: [UInt8] = []
        state.write(to: &stateBytes)
        let kept = events.filter { $0.version > from && $0.version <= to }
        var writer = JSONWriter(capacity: 256 + stateBytes.count + inRange.count * 160 + kept.reduce(0) { $0 + $1.json.count + 1 })
        writer.beginObject()
        writer.key("format"); writer.string(format)
        writer.key("formatVersion"); writer.int(formatVersion)
        writer.key("daemon"); writer.string(daemon)
        writer.key("exportedAt"); writer.string(exportedAt)
        writer.key("from"); writer.int(from)
        writer.key("to"); writer.int(to)
        writer.key("state"); writer.raw(stateBytes)
        writer.key("versions"); VersionHistory.writeSteps(inRange, to: &writer)
        writer.key("events")
        writer.beginArray()
        for event in kept { writer.raw(event.json) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
