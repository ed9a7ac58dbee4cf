/// What the change feed (`/api/changes`, docs/HTTP.md) answers a client's cursor.
public enum ChangesSince: Sendable {
    /// The cursor is the current version: nothing changed.
    case unchanged(version: UInt64)
    /// The change entries (each a JSON object) after the cursor, oldest first, up to `version`,
    /// and the logged events of those versions (each a JSON object), oldest first.
    case changes(version: UInt64, entries: [[UInt8]], events: [[UInt8]])
    /// The cursor is older than the kept changes, from another run of the daemon, or from the
    /// future: the client must start over from this whole state.
    case reset(StateSnapshot)
}
