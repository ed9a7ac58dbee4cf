import BinderyCLI
import BinderyTestSupport
import Foundation
import Testing

/// `--check` and `record` against the daemon of `TestDaemon` (the real binderyd).
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct TranscriptEndToEndTests {
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
