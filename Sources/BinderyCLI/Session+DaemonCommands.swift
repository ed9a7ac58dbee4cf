import BinderyJSON

/// The commands that are one or two requests to the daemon: `ls`, `show`, `get`, `set`, `log`
/// and `ping` (`run` and `watch` have files of their own). Each throws when the daemon could
/// not be asked; ``Session/execute(_:)`` reports that as a lost connection.
extension Session {
    func list(_ connection: DaemonConnection) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: "list")
        let surfaces = ViewModelSurface.fromList(reply.value)
        if let surfaces { cache.store(list: surfaces) }
        return report(reply) { _ in renderer.viewModelList(surfaces ?? []) }
    }

    func show(_ connection: DaemonConnection, vm: String, at version: UInt64? = nil) throws(ConnectionError) -> CommandOutcome {
        let at: [(String, JSONValue)] = version.map { [("at", .number(String($0)))] } ?? []
        if options.json {
            // One reply for one command: the `get` reply with the `describe` reply's surface.
            let describe = try connection.request(op: "describe", [("vm", .string(vm))])
            guard describe.ok, let surface = describe.value["surface"] else { return report(describe) { _ in [] } }
            let state = try connection.request(op: "get", [("vm", .string(vm))] + at)
            guard state.ok, let members = state.value.objectValue else { return report(state) { _ in [] } }
            let combined = JSONValue.object(members + [("surface", surface)])
            return report(DaemonReply(raw: combined.serialized, value: combined)) { _ in [] }
        }
        let surface: ViewModelSurface
        switch try names.surface(vm) {
        case let .success(found): surface = found
        case let .failure(refusal): return report(refusal)
        }
        let reply = try connection.request(op: "get", [("vm", .string(vm))] + at)
        return report(reply) { value in
            (version.map { ["\(vm) at version \($0):"] } ?? []) + renderer.show(surface, state: value["state"] ?? .null)
        }
    }

    func get(_ connection: DaemonConnection, vm: String, name: String, at version: UInt64? = nil) throws(ConnectionError) -> CommandOutcome {
        if case let .failure(refusal) = try names.check(name, kind: .member, in: vm) { return report(refusal) }
        let at: [(String, JSONValue)] = version.map { [("at", .number(String($0)))] } ?? []
        let reply = try connection.request(op: "get", [("vm", .string(vm)), ("name", .string(name))] + at)
        return report(reply, render: renderer.got)
    }

    /// `restore @V`: the daemon sets every input that differs from version V in one change.
    func restore(_ connection: DaemonConnection, version: UInt64) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: "restore", [("version", .number(String(version)))])
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
        let reply = try connection.request(op: "set", [("vm", .string(vm)), ("name", .string(input)), ("text", .string(token.text))])
        return report(reply) { renderer.stored(vm: vm, input: input, reply: $0) }
    }

    func log(_ connection: DaemonConnection, count: Int?) throws(ConnectionError) -> CommandOutcome {
        var fields: [(String, JSONValue)] = []
        if let count { fields.append(("n", .int(count))) }
        let reply = try connection.request(op: "log", fields)
        return report(reply) { value in
            let events = value["events"]?.arrayValue ?? []
            return events.isEmpty ? ["(no events yet)"] : events.map(renderer.event)
        }
    }

    func ping(_ connection: DaemonConnection) throws(ConnectionError) -> CommandOutcome {
        let reply = try connection.request(op: "ping")
        return report(reply) { value in
            ["pong from binderyd at \(options.socketPath) (state version \(value["version"].map(renderer.inline) ?? "?"))"]
        }
    }
}
