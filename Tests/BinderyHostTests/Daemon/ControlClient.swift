import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A blocking raw client of the control socket for the daemon's protocol tests: sends any
/// bytes exactly as given (malformed, pipelined, left unread), reads reply and event lines in
/// order. binderyctl's client (BinderyCLI's `DaemonConnection`) sends only requests it builds
/// itself and hands events to a callback, so it cannot say what these tests say.
/// Reads time out (after 10 s unless the test says otherwise) so a broken daemon fails a test
/// instead of hanging it.
final class ControlClient {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(path: String, readTimeoutSeconds: Int = 10) throws {
        descriptor = try UnixSocket.connect(to: path)
        var timeout = timeval(tv_sec: readTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        guard UnixSocket.write(bytes, to: descriptor) else { throw DaemonTestError(description: "send: \(String(cString: strerror(errno)))") }
    }

    func send(line: String) throws {
        try send(Array((line + "\n").utf8))
    }

    /// The next line the daemon sent, parsed.
    func readReply() throws -> JSONValue {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return try JSONParser.parse(line)
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw DaemonTestError(description: "control connection closed or timed out (\(count))") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Sends `request` (a JSON object text without `id`) with a fresh id and returns the reply
    /// carrying that id (other lines, e.g. watch events, are skipped).
    func request(_ fields: String) throws -> JSONValue {
        let id = nextID
        nextID += 1
        let body = fields.trimmingCharacters(in: .whitespaces)
        let separator = body == "{}" ? "" : ","
        try send(line: "{\"id\":\(id)\(separator)" + body.dropFirst())
        while true {
            let reply = try readReply()
            if reply["id"] == .int(id), reply["event"] == nil { return reply }
        }
    }
}

extension JSONValue {
    var isOK: Bool { self["ok"] == .bool(true) }
    var errorCode: String? { self["error"]?["code"]?.stringValue }
    var errorMessage: String? { self["error"]?["message"]?.stringValue }
}

extension ControlClient {
    /// Every input of every hosted view model, as `"vm.input" → value`.
    func allInputs() throws -> [String: JSONValue] {
        var inputs: [String: JSONValue] = [:]
        for model in try request(#"{"op":"list"}"#)["viewModels"]?.arrayValue ?? [] {
            guard let name = model["name"]?.stringValue else { continue }
            let state = try request("{\"op\":\"get\",\"vm\":\"\(name)\"}")
            for (input, value) in state["state"]?["inputs"]?.objectValue ?? [] { inputs[name + "." + input] = value }
        }
        return inputs
    }

    /// Waits until every commit the daemon started has ended, by setting `vm`.`input` to
    /// `value`, the value it holds: the set is answered only once its own commit ended, and
    /// commits go in order. Its answer (`storage` while a fault lasts) is not the point. After
    /// a failed commit, the version that puts the saved values back has no reply waiting for
    /// it; a test that removes the fault and sets at once may meet that commit still failing,
    /// and the set behind it is dropped with it (a failed batch and everything after it are).
    func awaitCommitsEnded(settingAgain vm: String, _ input: String, to value: String) throws {
        _ = try request("{\"op\":\"set\",\"vm\":\"\(vm)\",\"name\":\"\(input)\",\"value\":\"\(value)\"}")
    }

    /// Sends every request line at once (pipelined), then reads their replies; returns them
    /// in request order. Each line is a JSON object text without `id`.
    func pipeline(_ lines: [String]) throws -> [JSONValue] {
        let first = 1_000_000 + Int.random(in: 0..<1_000_000) * 1_000
        var bytes: [UInt8] = []
        for (offset, line) in lines.enumerated() {
            bytes += Array(("{\"id\":\(first + offset)," + line.dropFirst() + "\n").utf8)
        }
        try send(bytes)
        var replies: [Int: JSONValue] = [:]
        while replies.count < lines.count {
            let reply = try readReply()
            if reply["event"] == nil, let id = reply["id"]?.intValue { replies[id] = reply }
        }
        return (0..<lines.count).map { replies[first + $0] ?? .null }
    }
}
