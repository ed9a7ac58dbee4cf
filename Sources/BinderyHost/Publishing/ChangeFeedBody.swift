import BinderyJSON
/// The body of a change-feed answer (`/api/changes`, docs/HTTP.md): what the routes send a
/// poll and what ``ChangeFeedPublisher`` posts to nchan for the same cursor — one encoding,
/// so a dashboard gets the same bytes either way.
///
/// Guarantees: changes are `{"version":V,"since":C,"changes":[…],"events":[…]}` (C: the
/// cursor they follow, so a client handed the body without asking — nchan's EventSource
/// stream — can tell whether it follows on from its own version; the entries and events as
/// the host keeps them, oldest first); a reset is `{"version":V,"feed":"F","reset":<the
/// /api/state document>}`, naming the feed (``ViewModelHost/feedID``) whose versions it
/// starts; nothing changed has no body.
enum ChangeFeedBody {
    /// The version `answer` (the changes after cursor `since`) brings and its body, or nil
    /// when nothing changed.
    static func encode(_ answer: ChangesSince, since: UInt64?, feed: String) -> (version: UInt64, bytes: [UInt8])? {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        let version: UInt64
        switch answer {
        case .unchanged:
            return nil
        case let .changes(current, entries, events):
            version = current
            writer.key("version"); writer.int(current)
            if let since { writer.key("since"); writer.int(since) }
            writer.key("changes")
            writer.beginArray()
            for entry in entries { writer.raw(entry) }
            writer.endArray()
            writer.key("events")
            writer.beginArray()
            for event in events { writer.raw(event) }
            writer.endArray()
        case let .reset(snapshot):
            version = snapshot.version
            writer.key("version"); writer.int(snapshot.version)
            writer.key("feed"); writer.string(feed)
            writer.key("reset"); writer.raw(snapshot.json)
        }
        writer.endObject()
        return (version, writer.bytes)
    }
}
