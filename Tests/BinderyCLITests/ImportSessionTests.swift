import BinderyHistory
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// Issue 43, item 2: `binderyctl import FILE` loads a session exported from one real binderyd
/// into another, fresh one for reading: its versions read back as they were, marked imported,
/// kept apart from the live versions, which go on as before; a bad file gets one line and
/// changes nothing.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(3))) struct ImportSessionTests {
    private func version(_ socket: String) throws -> Int {
        let ping = try Binderyctl.run(["--socket", socket, "-c", "ping"]).stdout
        return Int(try #require(ping.firstMatch(of: /state version (\d+)/)).1)!
    }

    private func json(_ socket: String, _ command: String) throws -> JSONValue {
        let result = try Binderyctl.run(["--socket", socket, "--json", "-c", command])
        return try JSONParser.parse(result.stdout.isEmpty ? result.stderr : result.stdout)
    }

    @Test func aSessionExportedFromOneDaemonReadsBackInAnotherMarkedImportedAndApart() throws {
        let source = try TestDaemon.startOwn()
        defer { source.stop() }
        let from = try version(source.socketPath)
        let sets = try Binderyctl.run(["--socket", source.socketPath, "-c", "set api.latencyMs 321", "-c", "set books.query rust"])
        #expect(sets.status == 0, "\(sets.stderr)")
        let to = try version(source.socketPath)
        let file = try #require(source.ownDirectory).path("incident.json")
        #expect(try Binderyctl.run(["--socket", source.socketPath, "-c", "export \(file) @\(from)..@\(to)"]).status == 0)
        let recorded = try json(source.socketPath, "show books @\(to)")["state"]
        #expect(recorded != nil)

        let fresh = try TestDaemon.startOwn()
        defer { fresh.stop() }
        let liveBefore = try version(fresh.socketPath)
        let imported = try Binderyctl.run(["--socket", fresh.socketPath, "-c", "import \(file)"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported versions \(from)–\(to) of binderyd ("), "\(imported.stdout)")
        #expect(try version(fresh.socketPath) == liveBefore, "importing makes no live version")

        // Each version reads back as the source had it, marked imported.
        let state = try json(fresh.socketPath, "show books @\(to) imported")
        #expect(state["state"] == recorded, "\(state)")
        #expect(state["imported"]?["from"]?.intValue == from && state["imported"]?["to"]?.intValue == to, "\(state)")
        let latency = try json(fresh.socketPath, "get api.latencyMs @\(to) imported")
        #expect(latency["value"] == .number("321") && latency["imported"]?["daemon"] == .string("binderyd"), "\(latency)")
        let earlier = try json(fresh.socketPath, "get api.latencyMs @\(from) imported")
        #expect(earlier["value"] != .number("321"), "the session's first version is before its sets: \(earlier)")
        let shown = try Binderyctl.run(["--socket", fresh.socketPath, "-c", "get api.latencyMs @\(to) imported"]).stdout
        #expect(shown.hasPrefix("api.latencyMs at version \(to) of the imported session (binderyd, versions \(from)–\(to), exported "), "\(shown)")

        // The live versions go on apart: a set is live only, and the imported version is unchanged.
        #expect(try Binderyctl.run(["--socket", fresh.socketPath, "-c", "set api.latencyMs 7"]).status == 0)
        #expect(try json(fresh.socketPath, "get api.latencyMs")["value"] == .number("7"))
        #expect(try json(fresh.socketPath, "get api.latencyMs")["imported"] == nil)
        #expect(try json(fresh.socketPath, "get api.latencyMs @\(to) imported")["value"] == .number("321"))
        #expect(try version(fresh.socketPath) == liveBefore + 1)

        // A bad file: one line, and the session imported before is still there.
        let directory = try #require(fresh.ownDirectory)
        for (text, message) in [("not json", "not a session file: it is not JSON"),
                                (#"{"format":"bindery-session","formatVersion":7}"#, "session format version 7 is not one this build reads (1)")] {
            let bad = directory.path("bad.json")
            try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
            let refused = try Binderyctl.run(["--socket", fresh.socketPath, "-c", "import \(bad)"])
            #expect(refused.status != 0 && refused.stderr.hasPrefix("error: \(bad): \(message)"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        #expect(try json(fresh.socketPath, "get api.latencyMs @\(to) imported")["value"] == .number("321"))
        let outside = try Binderyctl.run(["--socket", fresh.socketPath, "-c", "get api.latencyMs @\(to + 5) imported"])
        #expect(outside.status != 0 && outside.stderr.contains("the imported session holds versions \(from)–\(to), not \(to + 5)"), "\(outside.stderr)")
    }

    @Test func withoutAnImportReadingOneSaysHowToLoadOne() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let result = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "get api.latencyMs imported"])
        #expect(result.status != 0 && result.stderr == "error: no session is imported: binderyctl import FILE loads one\n", "\(result.stderr)")
    }
}
