import Testing

/// binderyctl's side of a `set` (docs/PROTOCOL.md, "The life of a set"): one request, parsed and
/// checked by the daemon; and a connection the daemon dropped is reported as dropped.
@Suite(.timeLimit(.minutes(1))) struct SetPathTests {
    @Test func aSetIsOneRequestWithTheTypedText() throws {
        let fake = try FakeControlServer(runDelay: 0)
        defer { fake.stop() }
        let r = try Binderyctl.run(["--socket", fake.path, "-c", "set api.latencyMs 250", "-c", "set login.mobilePhone 13800138000"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("api.latencyMs = 250"))
        // No `describe` before the first set of a view model: the daemon parses the text.
        #expect(fake.ops == ["set", "set"])
    }

    @Test func aConnectionDroppedDuringACommandIsReportedAsDropped() throws {
        let fake = try FakeControlServer(runDelay: 0)
        defer { fake.stop() }
        fake.dropConnection(on: "describe")
        let r = try Binderyctl.run(["--socket", fake.path, "-c", "run login.login"])
        #expect(r.status == 3, "exit code 3: the daemon is unreachable")
        #expect(r.stderr.contains("went away"), "\(r.stderr)")
        #expect(!r.stderr.contains("unknown view model"), "\(r.stderr)")
    }
}
