import BinderyCLI
import Foundation
import Testing

@Suite struct TranscriptUnitTests {
    @Test func plainTranscriptsSplitIntoCommandsAndExpectedOutput() {
        let t = Transcript(parsing: "intro line\nbindery> ping\npong\nbindery> # note\nbindery> get a.b\n1\n2\n", markdown: false)
        #expect(t.steps == [
            Transcript.Step(line: 2, command: "ping", expected: ["pong"]),
            Transcript.Step(line: 4, command: "# note", expected: []),
            Transcript.Step(line: 5, command: "get a.b", expected: ["1", "2"]),
        ])
    }

    @Test func markdownTakesOnlyBlocksThatStartWithThePrompt() {
        let md = "# Title\n```\nmake run\n```\ntext\n```\nbindery> ping\npong\n```\nmore\n```\nbindery> quit\n```\n"
        let t = Transcript(parsing: md, markdown: true)
        #expect(t.steps.map(\.command) == ["ping", "quit"])
        #expect(t.steps[0].line == 7 && t.steps[0].expected == ["pong"])
        #expect(t.steps[1].expected.isEmpty)
    }

    @Test func patterns() {
        #expect(Transcript.matches("login.login finished in … ms", "login.login finished in 802 ms"))
        #expect(!Transcript.matches("login.login finished in … ms", "login.login failed in 802 ms"))
        #expect(Transcript.matches("a…c…e", "abcde"))
        #expect(!Transcript.matches("a…a", "a"))
        #expect(Transcript.matches(#"took \d+ ms (re)"#, "took 12 ms"))
        #expect(!Transcript.matches(#"took \d+ ms (re)"#, "took 12 ms!"))
        #expect(!Transcript.matches("exact", "exactly"))
    }

    @Test func diffMarksMissingAndUnexpectedLines() {
        #expect(Transcript.diff(expected: ["a", "x … y"], actual: ["a", "x 1 y"]).isEmpty)
        #expect(Transcript.diff(expected: ["a", "b", "c"], actual: ["a", "B", "c", "d"])
                == ["  a", "+ B", "- b", "  c", "+ d"])
        #expect(Transcript.diff(expected: ["a"], actual: []) == ["- a"])
    }
}

/// `--check` and `record` against the daemon of `TestDaemon` (fake by default, real with
/// BINDERY_TEST_SOCKET).
@Suite(.serialized) struct TranscriptEndToEndTests {
    func file(_ text: String, ext: String = "txt") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bctl-\(UUID().uuidString.prefix(8)).\(ext)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func checkPassesAMatchingTranscriptAndDiffsADriftedOne() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let good = try file("""
            bindery> ping
            pong from binderyd at … (state version …)
            bindery> set compass.valueA tx
            compass.valueA = "tx"
            bindery> sett
            error: unknown command 'sett' — did you mean 'set'? type help for the list
            bindery> get compass.valueA
            ^"t.*"$ (re)

            """)
        defer { try? FileManager.default.removeItem(at: good) }
        let ok = try Binderyctl.run(["--socket", daemon.socketPath, "--check", good.path])
        #expect(ok.status == 0, "\(ok.stdout)")
        #expect(ok.stdout == "\(good.path): all 4 commands print what the transcript says\n")

        let drifted = try file("""
            Text around the session is ignored.
            ```
            bindery> set compass.valueA tx
            compass.valueA = "ty"
            bindery> get compass.valueA
            "tx"
            ```

            """, ext: "md")
        defer { try? FileManager.default.removeItem(at: drifted) }
        let bad = try Binderyctl.run(["--socket", daemon.socketPath, "--check", drifted.path])
        #expect(bad.status == 1)
        #expect(bad.stdout == """
            \(drifted.path):3: bindery> set compass.valueA tx
                + compass.valueA = "tx"
                - compass.valueA = "ty"
            \(drifted.path): 1 of 2 commands differ

            """)
    }

    @Test func watchIsRefusedInsteadOfHanging() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let t = try file("bindery> watch\nbindery> ping\npong from binderyd at … (state version …)\n")
        defer { try? FileManager.default.removeItem(at: t) }
        let r = try Binderyctl.run(["--socket", daemon.socketPath, "--check", t.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("watch cannot be checked in a transcript"))
        #expect(r.stdout.hasSuffix("\(t.path): 1 of 2 commands differ\n"), "\(r.stdout)")
    }

    @Test func recordSavesWhatWasTypedAsAReplayableScript() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("bctl-rec-\(UUID().uuidString.prefix(8)).bdy")
        defer { try? FileManager.default.removeItem(at: script) }
        let session = "record \(script.path)\nset compass.valueA rec\nsett\n\nget compass.valueA\nrecord off\nping\n"
        let r = try Binderyctl.run(["--socket", daemon.socketPath, "--keep-going"], stdin: session)
        #expect(r.stdout.contains("recording typed commands to \(script.path)"))
        let saved = try String(contentsOf: script, encoding: .utf8)
        #expect(saved == "# binderyctl session; replay with: binderyctl -f \(script.path)\nset compass.valueA rec\n# failed: sett\nget compass.valueA\n")
        let replay = try Binderyctl.run(["--socket", daemon.socketPath, "-f", script.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == "compass.valueA = \"rec\"\n\"rec\"\n")
    }
}
