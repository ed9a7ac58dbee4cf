import BinderyTestSupport
import Testing

/// binderyctl's side of a `set` (docs/PROTOCOL.md, "The life of a set"): one request, parsed and
/// checked by the daemon; and a connection the daemon dropped is reported as dropped. The
/// test's own daemon sits behind a ``ControlRelay``, which shows what binderyctl sends and
/// drops the connection where a daemon could die.
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct SetPathTests {
    @Test func aSetIsOneRequestWithTheTypedText() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let relay = try ControlRelay(path: daemon.socketPath + ".relay", daemonSocket: daemon.socketPath)
        defer { relay.stop() }
        let r = try Binderyctl.run(["--socket", relay.path, "-c", "set api.latencyMs 250", "-c", "set login.mobilePhone 13800138000"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("api.latencyMs = 250"))
        // No `describe` before the first set of a view model: the daemon parses the text.
        #expect(relay.ops == ["set", "set"])
    }

    @Test func aConnectionDroppedDuringACommandIsReportedAsDropped() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let relay = try ControlRelay(path: daemon.socketPath + ".relay", daemonSocket: daemon.socketPath)
        defer { relay.stop() }
        relay.drop(on: "run")
        let r = try Binderyctl.run(["--socket", relay.path, "-c", "run login.login"])
        #expect(r.status == 3, "exit code 3: the daemon is unreachable")
        #expect(r.stderr.contains("went away"), "\(r.stderr)")
        #expect(!r.stderr.contains("unknown view model"), "\(r.stderr)")
    }
}
