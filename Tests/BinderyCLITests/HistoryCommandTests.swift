import BinderyTestSupport
import Foundation
import Testing

/// binderyctl's time travel against its own real binderyd (a shared one would move versions
/// under the test): `show VM @V`, `get VM.NAME @V`, `restore @V` and their one-line errors.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct HistoryCommandTests {
    /// The version `ping` reports.
    private func version(_ socket: String) throws -> Int {
        let ping = try Binderyctl.run(["--socket", socket, "-c", "ping"]).stdout
        return Int(try #require(ping.firstMatch(of: /state version (\d+)/)).1)!
    }

    @Test func showGetAndRestoreAtAVersion() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        #expect(try Binderyctl.run(["--socket", socket, "-c", "set api.latencyMs 250", "-c", "set api.failureRate 0.25"]).status == 0)
        let past = try version(socket)
        #expect(try Binderyctl.run(["--socket", socket, "-c", "set api.latencyMs 900", "-c", "set api.failureRate 0.75"]).status == 0)
        let now = try version(socket)

        let show = try Binderyctl.run(["--socket", socket, "-c", "show api @\(past)"])
        #expect(show.status == 0 && show.stdout.hasPrefix("api at version \(past):\n"))
        #expect(show.stdout.contains("250") && !show.stdout.contains("900"))
        let get = try Binderyctl.run(["--socket", socket, "-c", "get api.latencyMs @\(past)", "-c", "get api.latencyMs"])
        #expect(get.stdout == "250\n900\n")

        let restore = try Binderyctl.run(["--socket", socket, "-c", "restore @\(past)"])
        #expect(restore.status == 0)
        #expect(restore.stdout.hasPrefix("restored 2 inputs of version \(past) as version \(now + 1): "))
        #expect(try Binderyctl.run(["--socket", socket, "-c", "get api.latencyMs", "-c", "get api.failureRate"]).stdout == "250\n0.25\n")
        let again = try Binderyctl.run(["--socket", socket, "-c", "restore @\(past)"])
        #expect(again.stdout.hasPrefix("the inputs already are as at version \(past) (still version \(now + 1))"))

        // Bad versions: one line each, exit 1 (the daemon's) or 2-style usage (binderyctl's), nothing changes.
        let future = try Binderyctl.run(["--socket", socket, "-c", "restore @\(now + 500)"])
        #expect(future.status == 1 && future.stderr == "error: version \(now + 500) is not kept: the current version is \(now + 1)\n")
        let word = try Binderyctl.run(["--socket", socket, "-c", "show api @yesterday"])
        #expect(word.status != 0 && word.stderr.contains("@V must be a version number such as @120, not '@yesterday'; usage: show VM [@V]"))
        let typo = try Binderyctl.run(["--socket", socket, "-c", "get api.latencyMz @\(past)"])
        #expect(typo.stderr.contains("did you mean 'latencyMs'"))
        #expect(try version(socket) == now + 1)
    }
}
