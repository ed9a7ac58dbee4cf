import BinderyHistory
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// binderyctl's sessions against its own real binderyd (versions must not move under the
/// test): `export` writes the daemon's session file (what `/api/session` serves), `replay`
/// sends its steps again and says where outputs differ, `testgen` writes a test of one view
/// model; bad input gets one line and changes nothing.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(3))) struct SessionCommandTests {
    /// The version `ping` reports.
    private func version(_ socket: String) throws -> Int {
        let ping = try Binderyctl.run(["--socket", socket, "-c", "ping"]).stdout
        return Int(try #require(ping.firstMatch(of: /state version (\d+)/)).1)!
    }

    /// A session of sets and runs: api's inputs, a product toggled, the products refreshed.
    private func record(_ socket: String) throws {
        let script = ["set api.latencyMs 20", "set api.failureRate 0", "run products.refresh", "run products.toggle 2",
                      "set books.query rust", "run products.toggle 99"]
        let result = try Binderyctl.run(["--socket", socket, "-k"] + script.flatMap { ["-c", $0] })
        #expect(result.stdout.contains("products.refresh finished"), "\(result.stderr)")
    }

    @Test func exportIsTheDaemonsSessionOfTheRangeAndHoldsItsEventsWithEffects() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let socket = daemon.socketPath, directory = try #require(daemon.ownDirectory)
        let start = try version(socket)
        try record(socket)
        let end = try version(socket)
        let file = directory.path("session.json")
        let export = try Binderyctl.run(["--socket", socket, "-c", "export \(file) @\(start)..@\(end)"])
        #expect(export.status == 0)
        #expect(export.stdout.hasPrefix("exported versions \(start)–\(end) ("))
        let session = try RecordedSession(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(session.from == UInt64(start) && session.to == UInt64(end) && session.daemon == "binderyd")
        #expect(session.steps.map { "\($0.viewModel).\($0.name)" }
            == ["api.latencyMs", "api.failureRate", "products.refresh", "products.toggle", "books.query", "products.toggle"])
        guard case .value(.number("15"))? = session.steps[2].outcome else { Issue.record("refresh: \(String(describing: session.steps[2].outcome))"); return }
        guard case .failure(_, "failed")? = session.steps[5].outcome else { Issue.record("toggle 99: \(String(describing: session.steps[5].outcome))"); return }
        // Every event of the range, each with what its version changed.
        #expect(session.events.allSatisfy { $0["effects"] != nil || $0["kind"]?.stringValue == "start" })
        // The state at the last version is the daemon's own at that version.
        let rebuilt = try #require(session.states(at: [UInt64(end)])[UInt64(end)])
        let got = try Binderyctl.run(["--socket", socket, "--json", "-c", "get products.products @\(end)"]).stdout
        let products = try JSONParser.parse(got)["value"]
        #expect(products == rebuilt["viewModels"]?["products"]?["outputs"]?["products"])
    }

    @Test func aRangeNotKeptOrAMalformedFileGetsOneLineAndChangesNothing() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let socket = daemon.socketPath, directory = try #require(daemon.ownDirectory)
        try record(socket)
        let now = try version(socket)
        let future = try Binderyctl.run(["--socket", socket, "-c", "export \(directory.path("x.json")) @1..@\(now + 50)"])
        #expect(future.status == 1 && future.stderr == "error: version \(now + 50) is not kept: the current version is \(now)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path("x.json")))
        let backwards = try Binderyctl.run(["--socket", socket, "-c", "export \(directory.path("x.json")) @5..@2"])
        #expect(backwards.status != 0 && backwards.stderr.contains("@F..@T must be two versions, the first not after the second"))

        let cases: [(String, String)] = [
            ("not json", "not a session file: it is not JSON"),
            (#"{"format":"bindery-session","formatVersion":7}"#, "session format version 7 is not one this build reads (1)"),
            (#"{"format":"other"}"#, #"not a session file: it has no "format": "bindery-session""#),
            (#"{"format":"bindery-session","formatVersion":1,"from":3,"to":2,"state":{},"versions":[],"events":[]}"#, "malformed session file: from (3) is after to (2)"),
            (#"{"format":"bindery-session","formatVersion":1,"from":1,"to":2,"state":{},"versions":[],"events":[{"kind":"set"}]}"#,
             "malformed session file: event 1 (set) lacks its vm, name, version or at"),
        ]
        for (text, message) in cases {
            let file = directory.path("bad.json")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            for command in ["replay \(file)", "testgen api \(directory.path("T.swift")) \(file)"] {
                let result = try Binderyctl.run(["--socket", socket, "-c", command])
                #expect(result.status == 1 && result.stderr.hasPrefix("error: \(file): \(message)"), "\(command): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("T.swift")))
        #expect(try version(socket) == now)
    }

    @Test func replaySendsTheStepsAgainAndSaysWhereOutputsDiffer() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let socket = daemon.socketPath, directory = try #require(daemon.ownDirectory)
        let start = try version(socket)
        try record(socket)
        let file = directory.path("session.json")
        #expect(try Binderyctl.run(["--socket", socket, "-c", "export \(file) @\(start).."]).status == 0)

        // Against the daemon as it is now: the inputs go back to the start and every step is as
        // recorded, but for api's request counter, which counts the session's refresh already.
        let same = try Binderyctl.run(["--socket", socket, "-c", "replay \(file)"])
        let lines = same.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("start: set ") == true)
        #expect(lines.dropFirst().first == "step 1 (v\(start + 1)) set api.latencyMs 20: differs: api.requests: recorded 0, now 1", "\(lines)")
        #expect(lines.dropFirst(3).prefix(4).allSatisfy { $0.hasPrefix("step ") && $0.hasSuffix(": as recorded") }, "\(lines)")
        #expect(lines.contains("step 6 (v\(start + 7)) run products.toggle 99: as recorded"), "\(lines)")
        #expect(same.status == 1 && same.stderr == "error: replayed 6 steps of versions \(start)–\(start + 7) recorded by binderyd: 4 as recorded, 2 differ\n")

        // A backend that now fails: the refresh's result and the products differ, each said on its step's line.
        #expect(try Binderyctl.run(["--socket", socket, "-c", "set api.failureRate 1"]).status == 0)
        let edited = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: #""name":"failureRate","value":0"#, with: #""name":"failureRate","value":1"#)
        try edited.write(toFile: file, atomically: true, encoding: .utf8)
        let differs = try Binderyctl.run(["--socket", socket, "-c", "replay \(file)"])
        #expect(differs.status == 1)
        let refresh = try #require(differs.stdout.split(separator: "\n").first { $0.contains("run products.refresh") })
        #expect(refresh.contains(": differs: result: recorded 15, now failed: "), "\(refresh)")
        #expect(differs.stderr.hasPrefix("error: replayed 6 steps of versions \(start)–\(start + 7) recorded by binderyd: "))
    }

    @Test func testgenWritesATestOfOneViewModelFromTheDaemonsVersions() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let socket = daemon.socketPath, directory = try #require(daemon.ownDirectory)
        try record(socket)
        let file = directory.path("ProductsSession.swift")
        let result = try Binderyctl.run(["--socket", socket, "-c", "testgen products \(file)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(": 3 steps of products from versions 1–"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("//     func makeProductsViewModel(scheduler: TestScheduler) -> some ViewModel"))
        #expect(text.contains(##"let run1 = try driver.run(#"refresh"#)"##))
        #expect(text.contains(##"#expect(driver.mismatch(of: run1, value: #"15"#) == nil)"##))
        #expect(text.contains(##"let run2 = try driver.run(#"toggle"#, argumentJSON: #"2"#)"##))
        #expect(text.contains(##"#expect(driver.mismatch(of: run3, failure: "##))
        #expect(!text.contains("latencyMs"), "api's steps are not products'")
        let none = try Binderyctl.run(["--socket", socket, "-c", "testgen compass \(directory.path("C.swift"))"])
        #expect(none.status == 1 && none.stderr.hasPrefix("error: versions 1–") && none.stderr.contains("hold no set or run of compass"))
    }
}
