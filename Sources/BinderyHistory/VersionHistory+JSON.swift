import BinderyJSON

extension VersionHistory {
    /// Kept versions as ``span(from:)`` gives them: the checkpoint, its document, and each
    /// later version's step.
    package typealias Span = (checkpoint: UInt64, document: [UInt8], versions: [(version: UInt64, step: Step)])

    /// Writes `versions` as the `versions` array of `/api/history` and of a session file
    /// (docs/HTTP.md): `{"version": V, "changes": [entries]}`, or `{"version": V, "reset": state}`
    /// for a version that replaced the whole state (a restart). The one writer of that array.
    package static func writeSteps(_ versions: [(version: UInt64, step: Step)], to writer: inout JSONWriter) {
        writer.beginArray()
        for (version, step) in versions {
            writer.beginObject()
            writer.key("version"); writer.int(version)
            switch step {
            case let .changes(entries):
                writer.key("changes")
                writer.beginArray()
                for entry in entries { writer.raw(entry) }
                writer.endArray()
            case let .reset(document):
                writer.key("reset"); writer.raw(document)
            }
            writer.endObject()
        }
        writer.endArray()
    }

    /// Applies one version's step, as `writeSteps` wrote it (`{"changes": …}` or
    /// `{"reset": …}`), to `state`, and stamps it with the step's version.
    package static func apply(step: JSONValue, to state: inout JSONValue) {
        if let reset = step["reset"] {
            state = reset
        } else if case let .array(changes)? = step["changes"] {
            for change in changes { StateReplay.apply(change, to: &state) }
        }
        if let version = step["version"]?.intValue, version >= 0 { StateReplay.setVersion(UInt64(version), in: &state) }
    }
}
