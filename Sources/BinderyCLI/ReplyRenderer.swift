import BinderyProtocol
import BinderyJSON

/// Turns the daemon's replies and events into the lines a person reads. Pure: the same reply
/// always renders the same way, so tests compare text.
public struct ReplyRenderer: Sendable {
    public let style: Style
    /// The terminal's width and `\x` mode; the default (no width, not expanded) cuts nothing.
    public let layout: TableLayout

    public init(style: Style, layout: TableLayout = TableLayout()) {
        self.style = style
        self.layout = layout
    }

    // MARK: values

    /// A value in one cell or line: strings as JSON literals (so "" and spaces are visible),
    /// lists as "[N items]", records as compact JSON.
    public func inline(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .array(elements): return elements.count == 1 ? "[1 item]" : "[\(elements.count) items]"
        default: return value.serialized
        }
    }

    /// A value in full: lists as numbered rows (a table when the elements are records, numbered
    /// from 0 like the index `toggle` takes), records as aligned `key  value` lines, scalars on one line.
    public func full(_ value: JSONValue) -> [String] {
        switch value {
        case let .array(elements):
            if elements.isEmpty { return ["(empty list)"] }
            let keys = recordKeys(elements)
            if keys.isEmpty {
                var table = TextTable(header: ["#", "VALUE"])
                for (i, element) in elements.enumerated() { table.append([String(i), inline(element)]) }
                return table.lines(style: style, layout: layout)
            }
            var table = TextTable(header: ["#"] + keys)
            for (i, element) in elements.enumerated() {
                table.append([String(i)] + keys.map { key in element[key].map(cell) ?? "" })
            }
            return table.lines(style: style, layout: layout)
        case let .object(members):
            if members.isEmpty { return ["{}"] }
            let width = members.map { DisplayWidth.of($0.0) }.max() ?? 0
            return members.map { DisplayWidth.pad($0.0, to: width) + "  " + inline($0.1) }
        default:
            return [inline(value)]
        }
    }

    /// Table cells show strings without quotes (they are in a column already).
    private func cell(_ value: JSONValue) -> String {
        if case let .string(s) = value { return s }
        return inline(value)
    }

    /// The keys of a list of records, in first-seen order; empty if any element is not a record.
    private func recordKeys(_ elements: [JSONValue]) -> [String] {
        var keys: [String] = []
        for element in elements {
            guard let members = element.objectValue else { return [] }
            for (key, _) in members where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    // MARK: replies

    /// `ls`: one numbered row per view model with its names.
    public func viewModelList(_ surfaces: [ViewModelSurface]) -> [String] {
        if surfaces.isEmpty { return ["(no view models)"] }
        var table = TextTable(header: ["#", "VIEW MODEL", "INPUTS", "OUTPUTS", "COMMANDS"])
        for (i, s) in surfaces.enumerated() {
            func list(_ names: [String]) -> String { names.isEmpty ? "—" : names.joined(separator: ", ") }
            table.append([String(i + 1), s.name, list(s.inputs.map(\.name)), list(s.outputs), list(s.commands.map(\.name))])
        }
        return table.lines(style: style, layout: layout)
    }

    /// `show VM`: inputs (name, type, value), outputs (name, value), commands (name, argument,
    /// enabled, executing, runs, last value, last error), then every list output in full.
    public func show(_ surface: ViewModelSurface, state: JSONValue) -> [String] {
        var lines = [style.bold(surface.name)]
        let inputs = state["inputs"], outputs = state["outputs"], commands = state["commands"]
        if !surface.inputs.isEmpty {
            var table = TextTable(header: ["INPUT", "TYPE", "VALUE"])
            for input in surface.inputs {
                var type = input.typeName ?? input.type?.rawValue ?? "?"
                if let c = input.constraint { type += " (\(c))" }
                // A spelled optional (`Date?`) says "or null" itself.
                if input.isOptional, input.typeName == nil { type += " or null" }
                table.append([input.name, type, inputs?[input.name].map(inline) ?? "—"])
            }
            lines += table.lines(indent: 2, style: style, layout: layout)
        }
        if !surface.outputs.isEmpty {
            var table = TextTable(header: ["OUTPUT", "VALUE"])
            for name in surface.outputs { table.append([name, outputs?[name].map(inline) ?? "—"]) }
            lines += table.lines(indent: 2, style: style, layout: layout)
        }
        if !surface.commands.isEmpty {
            var table = TextTable(header: ["COMMAND", "ARG", "ENABLED", "EXECUTING", "RUNS", "LAST VALUE", "LAST ERROR"])
            for command in surface.commands {
                let s = commands?[command.name]
                let argument = command.argumentName.map { "\($0): \(command.argumentType?.rawValue ?? "?")" } ?? "—"
                let lastError = s?["lastError"].flatMap { $0.isNull ? nil : ($0["message"]?.stringValue ?? inline($0)) }
                // An interrupted or cancelled run is not a failure of the command: yellow, not red.
                let interrupted = ErrorCode(json: s?["lastError"]?["code"])?.isCutShort == true
                table.append([
                    command.name, argument, yesNo(s?["enabled"]), yesNo(s?["executing"]),
                    s?["runs"].map(inline) ?? "—", s?["lastValue"].map(inline) ?? "—",
                    lastError.map { interrupted ? style.yellow($0) : style.red($0) } ?? "—",
                ])
            }
            lines += table.lines(indent: 2, style: style, layout: layout)
        }
        for name in surface.outputs {
            guard let value = outputs?[name], case let .array(elements) = value, !elements.isEmpty else { continue }
            lines.append(style.bold("\(name) (\(elements.count))"))
            lines += full(value).map { "  " + $0 }
        }
        return lines
    }

    private func yesNo(_ value: JSONValue?) -> String {
        switch value?.boolValue {
        case true?: return style.green("yes")
        case false?: return "no"
        case nil: return "—"
        }
    }

    /// `get VM.NAME`: the value in full (a command's state object as key/value lines); with
    /// `sayingWhoSet`, for an input the log knows a set of, who set it: "(set at #12 by client
    /// -c, uid 1000, pid 42)" (a person reads it; a script's output stays the value alone).
    public func got(_ reply: JSONValue, sayingWhoSet: Bool = false) -> [String] {
        var lines = full(reply["value"] ?? .null)
        if sayingWhoSet, let lastSet = reply["lastSet"], let version = lastSet["version"]?.intValue {
            let by = Self.origin(lastSet).map { " by " + ($0.hasPrefix("by ") ? String($0.dropFirst(3)) : $0) } ?? ""
            lines.append(style.dim("(set at #\(version)\(by))"))
        }
        return lines
    }

    /// `set`: "login.mobilePhone = "13800138000"".
    public func stored(vm: String, input: String, reply: JSONValue) -> [String] {
        ["\(vm).\(input) = \(inline(reply["value"] ?? .null))"]
    }

    /// `set` of several inputs: one line per input, as stored, then the version they share.
    public func stored(_ inputs: [(vm: String, input: String)], reply: JSONValue) -> [String] {
        let values = reply["values"]?.arrayValue ?? []
        return zip(inputs, values).map { "\($0.vm).\($0.input) = \(inline($1))" }
            + (reply["version"]?.intValue.map { [style.dim("(one change: version \($0))")] } ?? [])
    }

    /// `run` that finished: "login.login finished in 801 ms", then the value in full if any.
    public func finished(vm: String, command: String, reply: JSONValue) -> [String] {
        let duration = reply["durationMs"]?.doubleValue.map { " in \(Self.milliseconds($0))" } ?? ""
        var lines = [style.green("\(vm).\(command) finished\(duration)")]
        if let value = reply["value"], !value.isNull { lines += full(value) }
        return lines
    }

    /// A duration for people: "801 ms", "1.2 s".
    public static func milliseconds(_ ms: Double) -> String {
        if ms < 1_000 { return "\(Int(ms.rounded())) ms" }
        let tenths = Int((ms / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }

    // MARK: events

    /// One event (from `log` or `watch`) on one line:
    /// "#39 21:40:00.120 fail  login.login 802 ms: Server unavailable, please retry".
    /// `changes`: for a command's state object, what changed in it (``CommandRecordChanges``)
    /// instead of the whole object.
    public func event(_ event: JSONValue, changes: String? = nil) -> String {
        let version = event["version"].map { "#" + inline($0) } ?? "#?"
        let at = event["at"]?.stringValue.map(Self.clockTime) ?? ""
        let kind = event["kind"]?.stringValue ?? "?"
        let target = "\(event["vm"]?.stringValue ?? "?").\(event["name"]?.stringValue ?? "?")"
        let duration = event["durationMs"]?.doubleValue.map { " " + Self.milliseconds($0) } ?? ""
        var detail: String
        switch kind {
        case "set": detail = "\(target) = \(event["value"].map(inline) ?? "null")"
        case "start": detail = target + (event["arg"].map { " " + inline($0) } ?? "")
        case "finish": detail = target + duration + (result(of: event).map { " → " + $0 } ?? "")
        case "fail" where ErrorCode(json: event["code"])?.isCutShort == true:
            detail = target + duration + ": " + style.yellow(event["error"]?.stringValue ?? "interrupted")
        case "fail":
            let code = event["code"]?.stringValue.map { " (\($0))" } ?? ""
            detail = target + duration + ": " + style.red(event["error"]?.stringValue ?? "failed") + code
        case "change":
            let part = event["part"]?.stringValue.map { " [\($0)]" } ?? ""
            detail = "\(target)\(part) " + (changes ?? "= " + (event["value"].map(inline) ?? "null"))
        case "restart": detail = event["message"]?.stringValue ?? "restarted"
        case "restore": detail = Self.restored(event)
        default: detail = target
        }
        if let starter = Self.startedBy(event) { detail += " " + style.dim("(\(starter))") }
        if let origin = Self.origin(event) { detail += " " + style.dim("(\(origin))") }
        let label: String
        if kind == "fail", let code = ErrorCode(json: event["code"]), code.isCutShort {
            label = style.yellow(code.rawValue)  // cancelled or interrupted: not a failure of the command
        } else {
            label = kind == "fail" ? style.red(kind.padding(to: 6)) : style.cyan(kind.padding(to: 6))
        }
        let line = style.dim("\(version) \(at)") + " " + label + " " + detail
        return layout.width.map { DisplayWidth.truncate(line, to: $0) } ?? line
    }

    /// A `restore` event in words: "from v12: api.failureRate, login.mobilePhone; skipped
    /// login.verifyCode (secret)".
    static func restored(_ event: JSONValue) -> String {
        let names = { (key: String) in (event[key]?.arrayValue ?? []).compactMap(\.stringValue) }
        let secret = Set(names("secret"))
        var text = "from v\(event["from"]?.intValue ?? 0): " + names("set").joined(separator: ", ")
        let skipped = names("skipped").map { secret.contains($0) ? $0 + " (secret)" : $0 }
        if !skipped.isEmpty { text += "; skipped " + skipped.joined(separator: ", ") }
        return text
    }

    /// A `finish` event's result: its `value`, or, for a result too large for an event, its
    /// `valueSummary` in words: "6000 rows, 463 KB: [{…}, …]"; nil when it returned nothing.
    func result(of event: JSONValue) -> String? {
        if let value = event["value"] { return value.isNull ? nil : inline(value) }
        guard let summary = event["valueSummary"] else { return nil }
        let kind = summary["kind"]?.stringValue ?? "value"
        let count = summary["count"]?.intValue
        var words: String
        switch (kind, count) {
        case let ("list", count?): words = count == 1 ? "1 row" : "\(count) rows"
        case let ("record", count?): words = "a record of \(count) fields"
        default: words = "a \(kind)"
        }
        if let bytes = summary["bytes"]?.intValue { words += ", " + Self.size(bytes) }
        if let first = summary["first"]?.arrayValue, !first.isEmpty, let count, count > first.count {
            words += ": [" + first.map(inline).joined(separator: ", ") + ", …]"
        }
        return words
    }

    /// A size in bytes for people: "812 B", "463 KB", "1.2 MB" (powers of 1,000).
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_000: return "\(bytes) B"
        case ..<1_000_000: return "\(bytes / 1_000) KB"
        default:
            let tenths = bytes / 100_000
            return "\(tenths / 10).\(tenths % 10) MB"
        }
    }

    /// What started the run a `start`, `finish` or `fail` is about, in words, unless it was
    /// a client: "by binding, from set search.query", "by command search.refresh".
    static func startedBy(_ event: JSONValue) -> String? {
        guard let by = event["by"]?.stringValue, by != "client" else { return nil }
        guard let via = event["via"]?.stringValue else { return "by " + by }
        return "by " + by + (by == "binding" ? ", from " : " ") + via
    }

    /// Who made the change, in words, when a client did: "client -c, uid 1000, pid 4242"
    /// (with how, for a restore's sets: "…, restore from v12"; a run's line says how itself);
    /// else what did, unless the event says it already (a run's `by`, a restart): "by host".
    static func origin(_ event: JSONValue) -> String? {
        guard let origin = event["origin"] else { return nil }
        let by = origin["by"]?.stringValue
        if let client = origin["client"]?.stringValue {
            var words = ["client " + client]
            if let uid = origin["uid"]?.intValue { words.append("uid \(uid)") }
            if let pid = origin["pid"]?.intValue { words.append("pid \(pid)") }
            // A run's line says how already ("by binding, from set search.query").
            if let by, event["by"] == nil { words.append(by) }
            return words.joined(separator: ", ")
        }
        guard let by, event["by"] == nil, event["kind"]?.stringValue != "restart" else { return nil }
        return "by " + by
    }

    /// "2026-11-29T21:40:00.120Z" → "21:40:00.120"; other text unchanged.
    static func clockTime(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        var time = String(iso[iso.index(after: t)...])
        if time.hasSuffix("Z") { time.removeLast() }
        return time
    }
}
