import BinderyJSON
import BinderyProtocol

/// The commands that are one or two requests to the daemon: `ls`, `show`, `get`, `set`, `log`
/// and `ping` (`run` and `watch` have files of their own). Each throws when the daemon could
/// not be asked; ``Session/execute(_:)`` reports that as a lost connection.
extension Session {
    func list(_ connection: DaemonConnection) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: .list)
        let surfaces = ViewModelSurface.fromList(reply.value)
        if let surfaces { cache.store(list: surfaces) }
        return report(reply) { _ in renderer.viewModelList(surfaces ?? []) }
    }

    /// `show`: one request, `get` with the surface (its types head the table), unless the
    /// session has the surface already; with `--json`, that reply as it came. With a
    /// version, the state as it was at that version.
    func show(_ connection: DaemonConnection, vm: String, at version: UInt64? = nil, imported: Bool = false) throws(ConnectionError) -> CommandOutcome {
        let known = options.json ? nil : cache.described(vm)
        var fields: [(ControlField, JSONValue)] = [(.vm, .string(vm))]
        if known == nil { fields.append((.surface, .bool(true))) }
        if let version { fields.append((.at, .number(String(version)))) }
        if imported { fields.append((.imported, .bool(true))) }
        let reply = try connection.request(op: .get, fields)
        if options.json || !reply.ok { return report(reply) { _ in [] } }
        let surface = known ?? reply.value["surface"].flatMap { ViewModelSurface.fromDescribe(name: vm, surface: $0) }
        if let surface, known == nil { cache.store(described: surface) }
        if reply.value["imported"] != nil {
            // Another daemon's view model may be one this daemon does not host: shown as its JSON then.
            return report(reply) { value in
                [Self.importedHeading(value, vm: vm)]
                    + (surface.map { renderer.show($0, state: value["state"] ?? .null) } ?? renderer.full(value["state"] ?? .null))
            }
        }
        guard let surface else {
            return report(DaemonReply(localFailure: .badReply, "binderyd's get reply for \(vm) has no surface")) { _ in [] }
        }
        return report(reply) { value in
            (version.map { ["\(vm) at version \($0):"] } ?? []) + renderer.show(surface, state: value["state"] ?? .null)
        }
    }

    /// "login at version 12 of the imported session (binderyd, versions 3–40, exported …; not
    /// live):", from a `get` reply with `imported`.
    static func importedHeading(_ reply: JSONValue, vm: String) -> String {
        let marker = reply["imported"] ?? .null
        let from = marker["from"]?.intValue ?? 0, to = marker["to"]?.intValue ?? 0
        let at = reply["at"]?.intValue.map { " at version \($0)" } ?? ""
        return "\(vm)\(at) of the imported session (\(marker["daemon"]?.stringValue ?? "?"), versions \(from)–\(to), "
            + "exported \(marker["exportedAt"]?.stringValue ?? "?"); not live):"
    }

    /// `get`: one request, the daemon checks the names; only a refused name asks for the
    /// surface, so the error is worded as for every other command (did-you-mean among its names).
    func get(_ connection: DaemonConnection, vm: String, name: String, at version: UInt64? = nil, imported: Bool = false) throws(ConnectionError) -> CommandOutcome {
        let at: [(ControlField, JSONValue)] = version.map { [(.at, .number(String($0)))] } ?? []
        let importedField: [(ControlField, JSONValue)] = imported ? [(.imported, .bool(true))] : []
        let reply = try connection.request(op: .get, [(.vm, .string(vm)), (.name, .string(name))] + at + importedField)
        let renderer = self.renderer, interactive = options.interactive
        if reply.ok, reply.value["imported"] != nil, !options.json {
            return report(reply) { value in [Self.importedHeading(value, vm: "\(vm).\(name)")] + renderer.got(value) }
        }
        if !reply.ok, reply.errorCode == .unknownInput,
           case let .failure(refusal) = try names.check(name, kind: .member, in: vm) {
            return report(refusal)
        }
        return report(reply) { renderer.got($0, sayingWhoSet: interactive) }
    }

    /// `restore @V`: the daemon sets every input that differs from version V in one change.
    func restore(_ connection: DaemonConnection, version: UInt64) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: .restore, [(.version, .number(String(version)))])
        return report(reply) { value in
            let set = (value["set"]?.arrayValue ?? []).compactMap(\.stringValue)
            let skipped = (value["skipped"]?.arrayValue ?? []).compactMap(\.stringValue)
            let now = value["version"].map(renderer.inline) ?? "?"
            var lines = [set.isEmpty ? "the inputs already are as at version \(version) (still version \(now))"
                                     : "restored \(set.count) input\(set.count == 1 ? "" : "s") of version \(version) as version \(now): " + set.joined(separator: ", ")]
            if !skipped.isEmpty { lines.append("not restored (secret, or not in this build): " + skipped.joined(separator: ", ")) }
            return lines
        }
    }

    /// `set`: sends the value as it was typed (`text`) and lets the daemon parse it by the
    /// input's type and check it — one round trip, the daemon's one parser, and its messages
    /// (an unknown input with did-you-mean, a bad value naming the expected type).
    func set(_ connection: DaemonConnection, vm: String, input: String, token: Token) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: .set, [(.vm, .string(vm)), (.name, .string(input)), (.text, .string(token.text))])
        return report(reply) { renderer.stored(vm: vm, input: input, reply: $0) }
    }

    /// `set` of several inputs: one request (`inputs`), so the daemon sets them in one turn
    /// or, if it refuses any, none.
    func set(_ connection: DaemonConnection, _ pairs: [SetPair]) throws(ConnectionError) -> CommandOutcome {
        let inputs = JSONValue.array(pairs.map { pair in
            .object([("vm", .string(pair.vm)), ("name", .string(pair.input)), ("text", .string(pair.value.text))])
        })
        let reply = try connection.request(op: .set, [(.inputs, inputs)])
        return report(reply) { renderer.stored(pairs.map { ($0.vm, $0.input) }, reply: $0) }
    }

    func log(_ connection: DaemonConnection, count: Int?) throws(ConnectionError) -> CommandOutcome {
        var fields: [(ControlField, JSONValue)] = []
        if let count { fields.append((.n, .int(count))) }
        let reply = try connection.request(op: .log, fields)
        return report(reply) { value in
            let events = value["events"]?.arrayValue ?? []
            return events.isEmpty ? ["(no events yet)"] : events.map { renderer.event($0) }
        }
    }

    func ping(_ connection: DaemonConnection) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: .ping)
        return report(reply) { value in
            ["pong from binderyd at \(options.socketPath) (state version \(value["version"].map(renderer.inline) ?? "?"))"]
        }
    }
}
