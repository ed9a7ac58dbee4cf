import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Foundation
import Testing

/// Errors print once, `--json` answers every command with exactly one reply, scripts take
/// comments and name the failing line, and over-long lines fail at once — against the daemon
/// of `TestDaemon` (the real binderyd).
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct ScriptAndErrorTests {
    func withDaemon(_ body: (TestDaemon) throws -> Void) throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        try body(daemon)
    }

    func scratchFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bctl-\(UUID().uuidString.prefix(8)).bdy")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func everyErrorPrintsExactlyOneLine() throws {
        try withDaemon { d in
            for command in ["set logn.mobilePhone 1", "get LOGIN.verifyCode", "show nope", "get login",
                            "set api.latencyMs abc", "sett x", "set login.nope 1"] {
                let r = try Binderyctl.run(["--socket", d.socketPath, "-c", command])
                #expect(r.status == 1, "\(command)")
                let lines = r.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(command): \(r.stderr)")
                #expect(lines.first?.hasPrefix("error: ") == true, "\(command): \(r.stderr)")
                #expect(r.stdout.isEmpty, "\(command)")
            }
        }
    }

    @Test func jsonGivesOneReplyPerCommandErrorsIncluded() throws {
        try withDaemon { d in
            let commands = ["ping", "set logn.mobilePhone 1", "get login", "set api.latencyMs abc", "sett",
                            "show compass", "help", "run login.nope"]
            let r = try Binderyctl.run(["--socket", d.socketPath, "--json", "--keep-going"] + commands.flatMap { ["-c", $0] })
            #expect(r.status == 1)
            #expect(r.stderr.isEmpty, "with --json everything is on stdout: \(r.stderr)")
            let replies = try r.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
            #expect(replies.count == commands.count, "\(r.stdout)")
            let codes = replies.map { $0["error"]?["code"]?.stringValue ?? "ok" }
            #expect(codes == ["ok", "unknown_view_model", "bad_request", "invalid_value", "unknown_op", "ok", "ok", "unknown_command"])
            for reply in replies {
                #expect(reply["id"] != nil)
                if reply["ok"] == .bool(false) { #expect(reply["error"]?["message"]?.stringValue?.isEmpty == false) }
            }
            #expect(replies[5]["state"] != nil && replies[5]["surface"] != nil, "show is one reply with state and surface")
        }
    }

    @Test func scriptsSkipCommentsAndBlankLinesAndNameTheFailingLine() throws {
        try withDaemon { d in
            let file = try scratchFile("# set up the phone\n\nset login.mobilePhone 13800138000\n   # indented comment\nget login.mobilePhone\nsett x\nping\n")
            defer { try? FileManager.default.removeItem(at: file) }
            let r = try Binderyctl.run(["--socket", d.socketPath, "-f", file.path])
            #expect(r.status == 1)
            #expect(r.stdout == "login.mobilePhone = \"13800138000\"\n\"13800138000\"\n")
            #expect(r.stderr == "\(file.path):6: error: unknown command 'sett' — did you mean 'set'? type help for the list\n")
            let stdin = try Binderyctl.run(["--socket", d.socketPath], stdin: "# comment\nping\nget login.nope\n")
            #expect(stdin.stderr.hasPrefix("<stdin>:3: error: unknown"), "\(stdin.stderr)")
        }
    }

    @Test func anOverLongLineFailsAtOnceWithoutEchoingIt() throws {
        try withDaemon { d in
            for size in [900_000, 1_100_000] {
                let line = "set compass.valueA " + String(repeating: "x", count: size)
                let r = try Binderyctl.run(["--socket", d.socketPath, "--keep-going"], stdin: line + "\nping\n")
                #expect(r.status == 1)
                #expect(r.stderr == "<stdin>:1: error: \(Session.lineTooLongMessage)\n")
                #expect(r.stdout.contains("pong"), "with --keep-going the next line still runs")
            }
            // A value just under the limit is not echoed whole either.
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "set api.latencyMs " + String(repeating: "9x", count: 30_000)])
            #expect(r.status == 1)
            #expect(r.stderr.count < 300, "\(r.stderr.prefix(400))")
        }
    }

    /// A value that does not parse as the input's type (parsed by the daemon, from the typed
    /// text binderyctl sends) is quoted as its first characters and its size.
    @Test func aHugeBadValueIsQuotedAsAPrefixAndItsSize() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let r = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "set api.latencyMs " + String(repeating: "x", count: 5_000)])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: api.latencyMs expects an int"), "\(r.stderr.prefix(200))")
        #expect(r.stderr.hasSuffix(", got \"" + String(repeating: "x", count: 40) + "…\" (5,000 characters)\n"), "\(r.stderr.prefix(200))")
    }

    /// The daemon's own errors follow the same rule (a string input's length limit is checked
    /// by the daemon, not by binderyctl).
    @Test func theDaemonQuotesAHugeBadValueTheSameWay() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let r = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "set compass.valueA " + String(repeating: "x", count: 5_000)])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: compass.valueA expects a string at most "), "\(r.stderr.prefix(200))")
        #expect(r.stderr.hasSuffix(" characters, got \"" + String(repeating: "x", count: 40) + "…\" (5,000 characters)\n"), "\(r.stderr.prefix(200))")
    }

    @Test func anUnreachableDaemonIsOneJSONErrorToo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString.prefix(6)).sock").path
        let r = try Binderyctl.run(["--socket", path, "--json", "-c", "ping"])
        #expect(r.status == 3)
        #expect(r.stderr.isEmpty)
        let reply = try JSONParser.parse(r.stdout.trimmingCharacters(in: .newlines))
        #expect(reply["ok"] == .bool(false) && reply["error"]?["code"] == .string("unavailable"))
    }

    /// The daemon limits frames: a request over 1 MiB gets `frame_too_large` with a
    /// null id, which must still answer it (it used to be dropped, and the request waited forever).
    @Test func anOversizedRequestIsAnsweredNotStranded() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let connection = try DaemonConnection(path: daemon.socketPath)
        defer { connection.close() }
        let huge = String(repeating: "x", count: 1_100_000)
        let pending = try connection.send(op: .set, [(.vm, .string("compass")), (.name, .string("valueA")), (.value, .string(huge))])
        let reply = try pending.wait()?.get()
        #expect(reply?.errorCode == .frameTooLarge)
        #expect(try connection.request(op: .ping).ok, "the connection goes on")
    }

    /// The real products view model: a loadMore cut short by products.cancel is logged as
    /// cancelled (its own code), not as a green finish with null.
    @Test func aCancelledLoadMoreIsLoggedAsCancelled() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let before = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "get api.latencyMs"])
        let latency = before.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = try? Binderyctl.run(["--socket", daemon.socketPath, "-c", "set api.latencyMs \(latency)"]) }
        let r = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "set api.latencyMs 5000",
                                    "-c", "run products.loadMore &", "-c", "run products.cancel", "-c", "log 3"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("cancelled products.loadMore"), "\(r.stdout)")
        #expect(r.stdout.contains("products.loadMore was cancelled before it produced a value"), "\(r.stdout)")
        #expect(!r.stdout.contains("finish products.loadMore"), "\(r.stdout)")
    }

    @Test func commandWordsAreCaseInsensitiveAndBackslashQuestionListsThem() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "SET compass.valueA x", "-c", "Get compass.valueA", "-c", "\\?"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("compass.valueA = \"x\"\n\"x\"\n"))
            #expect(r.stdout.contains("  run VM.COMMAND [ARG] [&]\n"))
            #expect(r.stdout.contains("\\?"))
        }
    }
}
