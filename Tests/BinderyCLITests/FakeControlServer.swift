import BinderyNames
import BinderyCLI
import BinderyJSON
import Dispatch
import Foundation
import Synchronization

/// A stand-in for binderyd's control socket (docs/PROTOCOL.md) with canned view models
/// (login, api, compass, products) and their rules, for end-to-end tests of binderyctl.
/// `login.login` takes `runDelay` seconds so the "executing…" line can be seen.
final class FakeControlServer: Sendable {
    let path: String
    let runDelay: Double
    let ignoresInterrupts: Bool
    private let listener: Int32
    private let state = Mutex(FakeState())

    struct FakeState {
        var version = 1
        var inputs: [String: [String: JSONValue]] = [
            "login": ["mobilePhone": .string(""), "verifyCode": .string("")],
            "api": ["latencyMs": .int(800), "failureRate": .number("0")],
            "compass": ["valueA": .string(""), "valueB": .string("")],
        ]
        var runs: [String: Int] = [:]
        var lastError: [String: String] = [:]
        var selected: Set<Int> = []
        /// Runs in flight by "vm.name": the request's id, connection and whether it waits.
        var running: [String: (id: JSONValue, fd: Int32, wait: Bool)] = [:]
        var interruptRequests = 0
        /// Every request's op, in arrival order.
        var ops: [String] = []
        /// An op whose request closes the connection instead of being answered (a daemon that
        /// died mid-command).
        var dropsConnectionOn: String?
        var events: [JSONValue] = []
        var watchers: [(fd: Int32, id: JSONValue, vm: String?)] = []
        var connections: [Int32] = []
        var stopped = false
    }

    static let inputTypes: [String: [(String, String)]] = [
        "login": [("mobilePhone", "string"), ("verifyCode", "string")],
        "api": [("latencyMs", "int"), ("failureRate", "double")],
        "compass": [("valueA", "string"), ("valueB", "string")],
        "products": [],
    ]
    static let outputs: [String: [String]] = [
        "login": ["avatarURL", "isLoginValid"], "api": ["requests", "failures"], "compass": [], "products": ["products", "pageIndex"],
    ]
    static let commands: [String: [String]] = [
        "login": ["login", "fillUp"], "api": [], "compass": [], "products": ["refresh", "toggle"],
    ]
    static let order = ["login", "products", "compass", "api"]

    /// Listens at `path` (a fresh temporary path when nil).
    /// `ignoresInterrupts`: `interrupt` answers 0 and the run goes on, as a daemon that cannot
    /// stop it at once would (to test that a second Ctrl-C stops waiting).
    init(path: String? = nil, runDelay: Double = 1.5, ignoresInterrupts: Bool = false) throws {
        self.path = path ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("bctl-\(UUID().uuidString.prefix(8)).sock").path
        self.runDelay = runDelay
        self.ignoresInterrupts = ignoresInterrupts
        unlink(self.path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(self.path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        listener = fd
        // Blocking loops get threads of their own: on a GCD queue, a test process full of
        // blocked work items can starve them until a test times out.
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops listening and drops every connection (the daemon "goes away").
    func stop() {
        // Connections are shut down under the lock: `serve` closes a descriptor only after
        // removing it under the same lock, so its number cannot have been reused meanwhile.
        state.withLock { s in
            s.stopped = true
            for fd in s.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        // Shutting the listener down wakes `acceptLoop`, which closes it: closing it here could
        // let the loop's next accept reach another socket given the same number.
        shutdown(listener, Int32(SHUT_RDWR))
        unlink(path)
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let live = state.withLock { s -> Bool in
                if !s.stopped { s.connections.append(fd) }
                return !s.stopped
            }
            guard live else { close(fd); return }
            Thread { [self] in serve(fd) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { break }
            buffer += chunk[0..<n]
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                handle(line, fd: fd)
            }
        }
        state.withLock { s in
            s.watchers.removeAll { $0.fd == fd }
            s.connections.removeAll { $0 == fd }
        }
        close(fd)
    }

    private func send(_ value: JSONValue, to fd: Int32) {
        let bytes = Array((value.serialized + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func ok(_ id: JSONValue, _ fields: [(String, JSONValue)]) -> JSONValue {
        .object([("id", id), ("ok", .bool(true))] + fields)
    }

    private func failure(_ id: JSONValue, _ code: String, _ message: String) -> JSONValue {
        .object([("id", id), ("ok", .bool(false)), ("error", .object([("code", .string(code)), ("message", .string(message))]))])
    }

    private func handle(_ line: String, fd: Int32) {
        guard let request = try? JSONParser.parse(line), request.objectValue != nil else {
            send(failure(.null, "bad_request", "the line is not a JSON object"), to: fd)
            return
        }
        let id = request["id"] ?? .null
        let op = request["op"]?.stringValue ?? ""
        let drop = state.withLock { s in
            s.ops.append(op)
            return s.dropsConnectionOn == op
        }
        if drop { return _ = shutdown(fd, Int32(SHUT_RDWR)) }
        let vm = request["vm"]?.stringValue
        if ["describe", "get", "set", "run", "interrupt"].contains(op) {
            guard let vm else { return send(failure(id, "bad_request", "'vm' must be a string"), to: fd) }
            guard Self.inputTypes[vm] != nil else {
                return send(failure(id, "unknown_view_model",
                                    "unknown view model '\(vm)'" + DidYouMean.suffix(for: vm, among: Self.order)), to: fd)
            }
        }
        switch op {
        case "ping": send(ok(id, [("pong", .bool(true)), ("version", .int(state.withLock { $0.version }))]), to: fd)
        case "list":
            let entries = Self.order.map { name in
                JSONValue.object([
                    ("name", .string(name)),
                    ("inputs", .array(Self.inputTypes[name]!.map { .string($0.0) })),
                    ("outputs", .array(Self.outputs[name]!.map(JSONValue.string))),
                    ("commands", .array(Self.commands[name]!.map(JSONValue.string))),
                ])
            }
            send(ok(id, [("viewModels", .array(entries))]), to: fd)
        case "describe": send(ok(id, [("surface", surface(vm!))]), to: fd)
        case "get": send(get(id, vm: vm!, name: request["name"]?.stringValue), to: fd)
        case "set":
            let name = request["name"]?.stringValue ?? ""
            let value = request["value"] ?? request["text"]?.stringValue.map { Self.typed($0, vm: vm!, name: name) } ?? .null
            send(set(id, vm: vm!, name: name, value: value), to: fd)
        case "run": run(id, vm: vm!, name: request["name"]?.stringValue ?? "", arg: request["arg"],
                        wait: request["wait"]?.boolValue ?? true, fd: fd)
        case "interrupt":
            let key = vm! + "." + (request["name"]?.stringValue ?? "")
            state.withLock { $0.interruptRequests += 1 }
            guard !ignoresInterrupts, let run = state.withLock({ $0.running.removeValue(forKey: key) }) else {
                return send(ok(id, [("interrupted", .int(0))]), to: fd)
            }
            let message = "\(key) was interrupted by a client"
            record(kind: "fail", vm: vm!, name: request["name"]?.stringValue ?? "",
                   [("durationMs", .int(0)), ("error", .string(message)), ("code", .string("interrupted"))])
            if run.wait { send(failure(run.id, "interrupted", message), to: run.fd) }
            send(ok(id, [("interrupted", .int(1))]), to: fd)
        case "watch":
            send(ok(id, [("watching", .bool(true))]), to: fd)
            state.withLock { $0.watchers.append((fd, id, vm)) }
        case "log":
            let n = request["n"]?.intValue ?? 50
            send(ok(id, [("events", .array(state.withLock { Array($0.events.suffix(n)) }))]), to: fd)
        default:
            send(failure(id, "unknown_op", "unknown op '\(op)'"), to: fd)
        }
    }

    /// Runs started and not yet ended.
    var runsInFlight: Int { state.withLock { $0.running.count } }
    /// `interrupt` requests received.
    var interruptRequests: Int { state.withLock { $0.interruptRequests } }
    /// Every request's op so far, in arrival order.
    var ops: [String] { state.withLock { $0.ops } }
    /// Makes requests with `op` close their connection instead of being answered.
    func dropConnection(on op: String) { state.withLock { $0.dropsConnectionOn = op } }

    private func surface(_ vm: String) -> JSONValue {
        .object([
            ("inputs", .array(Self.inputTypes[vm]!.map { name, type in
                var members: [(String, JSONValue)] = [("name", .string(name)), ("type", .string(type))]
                if name == "failureRate" { members.append(("constraint", .string("between 0 and 1"))) }
                return .object(members)
            })),
            ("outputs", .array(Self.outputs[vm]!.map { .object([("name", .string($0)), ("derivesFrom", .array([]))]) })),
            ("commands", .array(Self.commands[vm]!.map { name in
                .object([("name", .string(name)),
                         ("argument", name == "toggle" ? .object([("name", .string("index")), ("type", .string("int"))]) : .null),
                         ("enabledDerivesFrom", .array([]))])
            })),
        ])
    }

    private func products(_ s: FakeState) -> JSONValue {
        .array((0..<3).map { i in
            .object([("title", .string("Product \(i + 1)")), ("isSelected", .bool(s.selected.contains(i))),
                     ("color", .string(s.selected.contains(i) ? "red" : "yellow"))])
        })
    }

    private func outputs(_ vm: String, _ s: FakeState) -> [(String, JSONValue)] {
        switch vm {
        case "login":
            let phone = s.inputs["login"]!["mobilePhone"]!.stringValue ?? ""
            let code = s.inputs["login"]!["verifyCode"]!.stringValue ?? ""
            return [("avatarURL", phone.count == 11 ? .string("https://example.invalid/\(phone).png") : .null),
                    ("isLoginValid", .bool(!phone.isEmpty && !code.isEmpty))]
        case "api": return [("requests", .int(s.runs.values.reduce(0, +))), ("failures", .int(s.lastError.count))]
        case "products": return [("products", products(s)), ("pageIndex", .int(0))]
        default: return []
        }
    }

    private func commandState(_ vm: String, _ name: String, _ s: FakeState) -> JSONValue {
        let key = vm + "." + name
        let enabled = vm != "login" || name != "login" || outputs("login", s).first { $0.0 == "isLoginValid" }?.1 == .bool(true)
        return .object([
            ("enabled", .bool(enabled)), ("executing", .bool(false)), ("lastValue", .null),
            ("lastError", s.lastError[key].map { .object([("message", .string($0)), ("at", .string("2026-11-29T21:40:00Z"))]) } ?? .null),
            ("runs", .int(s.runs[key] ?? 0)),
        ])
    }

    private func get(_ id: JSONValue, vm: String, name: String?) -> JSONValue {
        state.withLock { s in
            let inputs = Self.inputTypes[vm]!.map { ($0.0, s.inputs[vm]![$0.0]!) }
            let outs = outputs(vm, s)
            let commands = Self.commands[vm]!.map { ($0, commandState(vm, $0, s)) }
            guard let name else {
                return ok(id, [("state", .object([("inputs", .object(inputs)), ("outputs", .object(outs)), ("commands", .object(commands))]))])
            }
            for (kind, members) in [("input", inputs), ("output", outs), ("command", commands)] {
                if let value = members.first(where: { $0.0 == name })?.1 {
                    return ok(id, [("kind", .string(kind)), ("value", value)])
                }
            }
            let all = inputs.map(\.0) + outs.map(\.0) + commands.map(\.0)
            return failure(id, "unknown_output", "unknown name '\(name)' in \(vm)" + DidYouMean.suffix(for: name, among: all))
        }
    }

    /// Typed `text` as the daemon parses it (`set` with `text`), by the input's type.
    /// (The daemon's own rule, ValueType.parse; text it refuses is passed on as a string, for
    /// `set` to refuse by type.)
    private static func typed(_ text: String, vm: String, name: String) -> JSONValue {
        guard let type = inputTypes[vm]!.first(where: { $0.0 == name }).flatMap({ ValueType(rawValue: $0.1) }) else { return .string(text) }
        return (try? type.parse(text, for: "\(vm).\(name)")) ?? .string(text)
    }

    private func set(_ id: JSONValue, vm: String, name: String, value: JSONValue) -> JSONValue {
        guard let type = Self.inputTypes[vm]!.first(where: { $0.0 == name })?.1 else {
            let names = Self.inputTypes[vm]!.map(\.0)
            return failure(id, "unknown_input", "unknown input '\(name)' in \(vm)" + DidYouMean.suffix(for: name, among: names))
        }
        let valid: Bool
        switch (type, value) {
        case ("string", .string), ("bool", .bool): valid = true
        case ("int", .number): valid = value.intValue != nil
        case ("double", .number): valid = name != "failureRate" || (0...1).contains(value.doubleValue ?? -1)
        default: valid = false
        }
        guard valid else { return failure(id, "invalid_value", "\(vm).\(name) expects \(type == "int" ? "an" : "a") \(type)") }
        let changes: [(String, JSONValue)] = state.withLock { s in
            s.inputs[vm]![name] = value
            var changes = [(name, value)]
            if vm == "compass" {
                let mirror: [String: String] = name == "valueA" ? ["西": "東"] : ["左": "右"]
                let other = name == "valueA" ? "valueB" : "valueA"
                let text = value.stringValue ?? ""
                s.inputs[vm]![other] = .string(mirror[text] ?? text)
                changes.append((other, .string(mirror[text] ?? text)))
            }
            return changes
        }
        let version = record(kind: "set", vm: vm, name: name, [("value", value)])
        for (changed, v) in changes.dropFirst() {
            broadcast(.object([("kind", .string("change")), ("vm", .string(vm)), ("name", .string(changed)),
                               ("part", .string("input")), ("value", v)]), vm: vm)
        }
        return ok(id, [("value", value), ("version", .int(version))])
    }

    @discardableResult
    private func record(kind: String, vm: String, name: String, _ extra: [(String, JSONValue)]) -> Int {
        let event: JSONValue = state.withLock { s in
            s.version += 1
            let e = JSONValue.object([("version", .int(s.version)), ("at", .string("2026-11-29T21:40:00.120Z")),
                                      ("kind", .string(kind)), ("vm", .string(vm)), ("name", .string(name))] + extra)
            s.events.append(e)
            return e
        }
        broadcast(event, vm: vm)
        return event["version"]?.intValue ?? 0
    }

    private func broadcast(_ event: JSONValue, vm: String) {
        let watchers = state.withLock { $0.watchers }
        for w in watchers where w.vm == nil || w.vm == vm {
            send(.object([("id", w.id), ("event", event)]), to: w.fd)
        }
    }

    private func run(_ id: JSONValue, vm: String, name: String, arg: JSONValue?, wait: Bool, fd: Int32) {
        guard Self.commands[vm]!.contains(name) else {
            let names = Self.commands[vm]!
            return send(failure(id, "unknown_command", "unknown command '\(name)' in \(vm)" + DidYouMean.suffix(for: name, among: names)), to: fd)
        }
        let key = vm + "." + name
        if name == "toggle" {
            guard let index = arg?.intValue, (0..<3).contains(index) else {
                return send(failure(id, "invalid_argument", "products.toggle needs an index from 0 to 2"), to: fd)
            }
            state.withLock { s in if s.selected.contains(index) { s.selected.remove(index) } else { s.selected.insert(index) } }
        }
        guard commandState(vm, name, state.withLock { $0 }).objectValue?.first(where: { $0.0 == "enabled" })?.1 == .bool(true) else {
            return send(failure(id, "disabled", "\(key) is not enabled now (login needs both inputs)"), to: fd)
        }
        record(kind: "start", vm: vm, name: name, arg.map { [("arg", $0)] } ?? [])
        if !wait { send(ok(id, [("started", .bool(true))]), to: fd) }
        let delay = vm == "login" && name == "login" ? runDelay : 0.05
        state.withLock { $0.running[key] = (id, fd, wait) }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            guard state.withLock({ $0.running.removeValue(forKey: key) }) != nil else { return }  // interrupted
            let (error, value): (String?, JSONValue) = state.withLock { s in
                s.runs[key, default: 0] += 1
                if vm == "login", name == "login" {
                    if (s.inputs["api"]!["failureRate"]!.doubleValue ?? 0) >= 1 { return ("Server unavailable, please retry", .null) }
                    let phone = s.inputs["login"]!["mobilePhone"]!.stringValue ?? ""
                    if phone.count != 11 { return ("Please enter a valid mobile number", .null) }
                    return (nil, .object([("phone", .string(phone)), ("name", .string("Demo User"))]))
                }
                return (nil, name == "refresh" ? products(s) : .null)
            }
            let ms = JSONValue.number(String(Int(delay * 1000)))
            if let error {
                state.withLock { $0.lastError[key] = error }
                record(kind: "fail", vm: vm, name: name, [("durationMs", ms), ("error", .string(error)), ("code", .string("failed"))])
                if wait { send(failure(id, "failed", error), to: fd) }
            } else {
                record(kind: "finish", vm: vm, name: name, [("durationMs", ms), ("value", value)])
                if wait { send(ok(id, [("value", value), ("durationMs", ms)]), to: fd) }
            }
        }
    }
}
