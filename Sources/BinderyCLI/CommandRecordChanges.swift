import BinderyJSON

/// `watch`'s reading of a command's state object (a `change` event of part `command`): once
/// per event, by what changed, not the whole object again. It remembers each command's last
/// object and the last `start`, `finish` or `fail` of each command.
///
/// Guarantees: a field is shown only when it differs from the command's object before;
/// `lastValue` and `lastError` by their new value only ("lastValue = …"), others as
/// "runs: 4 → 5"; fields the command's own event of the same version already said are left
/// out — `executing`, `runs` and `refused` after a `start`, `finish` or `fail`, `lastValue`
/// after a `finish`, `lastError` after a `fail` (and its clearing after a `finish`) — so the
/// object that only follows a run says nothing more (nil). The first object seen of a command
/// is shown whole, unless it only follows the command's own event.
package struct CommandRecordChanges: Sendable {
    private var records: [String: JSONValue] = [:]
    /// The kind and version of each command's last run event.
    private var runEvents: [String: (kind: String, version: Int?)] = [:]

    package init() {}

    /// Notes a `start`, `finish` or `fail`: what it says need not be said again.
    package mutating func note(_ event: JSONValue) {
        guard let kind = event["kind"]?.stringValue, ["start", "finish", "fail"].contains(kind) else { return }
        runEvents[Self.key(event)] = (kind, event["version"]?.intValue)
    }

    /// What `event` (a command's new state object) says that was not said: the changed fields
    /// as one text ("enabled: true → false"), or nil when it says nothing new. `inline` writes
    /// a value on one line.
    package mutating func changes(of event: JSONValue, inline: (JSONValue) -> String) -> String? {
        let key = Self.key(event)
        guard let now = event["value"], let fields = now.objectValue else { return event["value"].map { "= " + inline($0) } }
        let before = records[key]
        records[key] = now
        let own = runEvents[key].flatMap { $0.version == event["version"]?.intValue ? $0.kind : nil }
        guard let before else { return own == nil ? "= " + inline(now) : nil }
        var said: [String] = []
        for (name, value) in fields {
            let old = before[name] ?? .null
            guard old != value, !Self.implied(name, value: value, by: own) else { continue }
            switch name {
            case "lastValue", "lastError": said.append("\(name) = \(inline(value))")
            default: said.append("\(name): \(inline(old)) → \(inline(value))")
            }
        }
        for (name, old) in before.objectValue ?? [] where now[name] == nil { said.append("\(name): \(inline(old)) → none") }
        return said.isEmpty ? nil : said.joined(separator: ", ")
    }

    /// Whether the command's own `kind` event of the same version already said the field's change.
    private static func implied(_ name: String, value: JSONValue, by kind: String?) -> Bool {
        switch (name, kind) {
        case (_, nil): return false
        case ("executing", _), ("runs", _), ("refused", _): return true
        case ("lastValue", "finish"), ("lastError", "fail"): return true
        case ("lastError", "finish"): return value.isNull
        default: return false
        }
    }

    private static func key(_ event: JSONValue) -> String {
        (event["vm"]?.stringValue ?? "") + "." + (event["name"]?.stringValue ?? "")
    }
}
