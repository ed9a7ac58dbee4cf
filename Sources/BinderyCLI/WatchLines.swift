import BinderyJSON
import BinderyProtocol

/// What `watch` prints for each event it receives (not with `--json`, whose lines are the
/// daemon's as they came): the event's line (``ReplyRenderer/event(_:changes:)``), a command's
/// state object by what changed in it (``CommandRecordChanges``: nothing when its own run
/// event said it all), and repeats folded (``RepeatFolding``) — a timer's identical polls are
/// one count line, not two lines each.
package struct WatchLines: Sendable {
    private var folding: RepeatFolding
    private var records = CommandRecordChanges()

    /// `rewrites`: the output is a terminal the watch owns, whose last line can be replaced.
    package init(rewrites: Bool, summaryInterval: Double = 30) {
        folding = RepeatFolding(rewrites: rewrites, summaryInterval: summaryInterval)
    }

    /// The output for `event`, rendered by `renderer`.
    package mutating func add(_ event: JSONValue, renderer: ReplyRenderer) -> [RepeatFolding.Output] {
        records.note(event)
        var changes: String?
        if event["kind"]?.stringValue == "change", event["part"]?.stringValue == "command" {
            guard let said = records.changes(of: event, inline: renderer.inline) else { return [] }
            changes = said
        }
        let atText = event["at"]?.stringValue ?? ""
        return folding.add(renderer.event(event, changes: changes), key: Self.key(of: event, changes: changes),
                           clock: ReplyRenderer.clockTime(atText), time: ISO8601Timestamp.epochSeconds(from: atText) ?? 0)
    }

    /// The output when the watch ends.
    package mutating func finish() -> [RepeatFolding.Output] { folding.finish() }

    /// What repeats of an event share: the event without its version, time, duration and
    /// effects (which count the command's runs: never the same twice); a command's state
    /// object: what the line says of it.
    static func key(of event: JSONValue, changes: String?) -> String {
        guard let members = event.objectValue else { return "" }
        var kept = members.filter { !["version", "at", "durationMs", "effects"].contains($0.key) }
        if let changes { kept = kept.filter { $0.key != "value" } + [(key: "changes", value: .string(changes))] }
        var bytes: [UInt8] = []
        JSONValue.object(kept).write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
