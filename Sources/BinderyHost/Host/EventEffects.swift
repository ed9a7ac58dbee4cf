/// What one version changed, written once with the last event logged in it (its `effects`,
/// docs/HTTP.md "/api/events"): each changed member with its value before and after, or for a
/// list its length before and after and how many rows changed. Stored and persisted with the
/// event, so a page opened later shows what the event changed as one opened before did, and
/// several versions arriving together each keep their own.
///
/// Written only for a version that logs an event (a set, a command's start, finish or
/// failure); a list's rows are never copied into it, so a change to a long list costs a count.
struct EventEffects {
    private var writer = JSONWriter(capacity: 256)

    init() { writer.beginArray() }

    /// Adds `name` of view model `vm` (a member of `part`), which went from `before` to
    /// `after`; `changedRows` is how many rows a list's change touched, if the feed says.
    mutating func add(vm: String, part: HostEvent.Part, name: String, before: StateEncoder.EffectSide,
                      after: StateEncoder.EffectSide, changedRows: Int?) {
        writer.beginObject()
        writer.key("vm"); writer.string(vm)
        writer.key("part"); writer.string(part.rawValue)
        writer.key("name"); writer.string(name)
        switch (before, after) {
        case let (.value(old), .value(new)):
            writer.key("before"); writer.raw(old)
            writer.key("after"); writer.raw(new)
        case let (.rows(old), .rows(new)):
            writer.key("rowsBefore"); writer.int(old)
            writer.key("rowsAfter"); writer.int(new)
            if let changedRows { writer.key("rowsChanged"); writer.int(changedRows) }
        case let (.rows(old), .value(new)):
            writer.key("rowsBefore"); writer.int(old)
            writer.key("after"); writer.raw(new)
        case let (.value(old), .rows(new)):
            writer.key("before"); writer.raw(old)
            writer.key("rowsAfter"); writer.int(new)
        }
        writer.endObject()
    }

    /// The JSON array (`[]` when the version changed nothing: the page then knows there is
    /// nothing to attribute to its events).
    mutating func json() -> [UInt8] {
        writer.endArray()
        return writer.bytes
    }
}
