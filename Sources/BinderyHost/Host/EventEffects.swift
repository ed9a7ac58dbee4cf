import Bindery
import BinderyJSON

/// What one version changed, written once with the last event logged in it (its `effects`,
/// docs/HTTP.md "/api/events"): each changed member with its value before and after, or for a
/// list its length before and after and how many rows changed. Stored and persisted with the
/// event, so a page opened later shows what the event changed as one opened before did, and
/// several versions arriving together each keep their own.
///
/// Written only for a version that logs an event (a set, a command's start, finish or
/// failure); a list's rows are never copied into it, so a change to a long list costs a count;
/// a value longer than ``valueLimit`` bytes of JSON (a command's state: 512) is kept as the start of its text
/// (`beforeText`, `afterText`), so an event stays about as small as what it says; an input a
/// set of the same version sets is left out when its value is that long (the event carries it).
struct EventEffects {
    /// Rows a list's change describes row by row, at most (the page says how many more).
    static let rowsDescribed = 5
    /// The longest value (bytes of JSON) kept whole: an input's or an output's, and a
    /// command's state object (which the page compares field by field).
    static let valueLimit = 64
    static let commandStateLimit = 512

    /// What a list member's rows were before a change, taken before the encoder applies it:
    /// the rows its edits update in place (a reported list), or its rows (a list of values,
    /// which the change replaces rather than edits, so keeping them copies nothing).
    struct RowsBefore {
        var json: [Int: [UInt8]] = [:]
        var values: [SurfaceValue]?

        init() {}

        init(_ key: StateEncoder.Key, in encoder: StateEncoder, edits: [ListChange<SurfaceValue>]?) {
            guard let edits else {
                values = encoder.listRows(key)
                return
            }
            // Indices stay put only until a row is inserted or removed.
            for edit in edits {
                guard case let .updated(_, index) = edit else { break }
                guard json.count < EventEffects.rowsDescribed, json[index] == nil else { continue }
                json[index] = encoder.rowJSON(key, index)
            }
        }

        /// Row `index` as it was, if known.
        func row(_ index: Int) -> [UInt8]? {
            if let known = json[index] { return known }
            guard let values, index < values.count else { return nil }
            return JSONWriter.encode(values[index])
        }
    }


    private var writer = JSONWriter(capacity: 256)

    init() { writer.beginArray() }

    /// Adds `name` of view model `vm` (a member of `part`), which went from `before` to
    /// `after` by `change`; a list's patch names its first rows with what they were
    /// (`rowsBefore`) and are.
    mutating func add(vm: String, part: HostEvent.Part, name: String, before: StateEncoder.EffectSide,
                      after: StateEncoder.EffectSide, change: StateEncoder.Change, rowsBefore: RowsBefore) {
        var changedRows: Int?
        var described: [(index: Int, before: [UInt8], after: [UInt8])] = []
        if case let .rows(_, changed) = change {
            changedRows = changed.count
            for row in changed where described.count < Self.rowsDescribed {
                if let old = rowsBefore.row(row.index) { described.append((row.index, old, row.json)) }
            }
        }
        writer.beginObject()
        writer.key("vm"); writer.string(vm)
        writer.key("part"); writer.string(part.rawValue)
        writer.key("name"); writer.string(name)
        let limit = part == .command ? Self.commandStateLimit : Self.valueLimit
        switch (before, after) {
        case let (.value(old), .value(new)):
            write("before", old, limit: limit)
            write("after", new, limit: limit)
        case let (.rows(old), .rows(new)):
            writer.key("rowsBefore"); writer.int(old)
            writer.key("rowsAfter"); writer.int(new)
            if let changedRows { writer.key("rowsChanged"); writer.int(changedRows) }
            if !described.isEmpty {
                writer.key("rows")
                writer.beginArray()
                for row in described {
                    writer.beginArray()
                    writer.int(row.index); writer.raw(row.before); writer.raw(row.after)
                    writer.endArray()
                }
                writer.endArray()
            }
        case let (.rows(old), .value(new)):
            writer.key("rowsBefore"); writer.int(old)
            write("after", new, limit: limit)
        case let (.value(old), .rows(new)):
            write("before", old, limit: limit)
            writer.key("rowsAfter"); writer.int(new)
        }
        writer.endObject()
    }

    /// Whether `side` is a value kept whole (not cut to its start, not a list).
    static func isShort(_ side: StateEncoder.EffectSide) -> Bool {
        if case let .value(json) = side { return json.count <= valueLimit }
        return false
    }

    /// `value` under `key`, or past `limit` bytes the start of its JSON text under `keyText`.
    private mutating func write(_ key: String, _ value: [UInt8], limit: Int) {
        guard value.count > limit else {
            writer.key(key); writer.raw(value)
            return
        }
        writer.key(key + "Text"); writer.string(String(decoding: value.prefix(limit - 4), as: UTF8.self) + "…")
    }

    /// The JSON array (`[]` when the version changed nothing: the page then knows there is
    /// nothing to attribute to its events).
    mutating func json() -> [UInt8] {
        writer.endArray()
        return writer.bytes
    }
}
